// The blast's emails link the deal's page: the deal's live link (made by the blast when it has none, the same for
// parallel blasts), absolute, in the text and the HTML; a buyer opens it signed out; once revoked it no longer opens,
// and the next blast carries the new link.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dealLinks } from "#db/schema.ts";
import * as offersPage from "#app/routes/deals.$id.offers.tsx";

import type { ApiClient, Handler } from "./api-client.ts";
import { buyersOf, dealOf, outboxOf, owner, post } from "./blast-fixture.ts";
import { db } from "./db.ts";
import { browserGet } from "./deal-page-get.ts";

const DEAL_LINK = /^See the deal and make an offer: (\S+)$/m;
const PAGE_URL = /^http:\/\/127\.0\.0\.1:8787\/d\/[a-z2-7]{32}$/;

/** The deal page's link in each of the tag's emails, checked to be the same in the text and the HTML. */
async function linksIn(tag: string) {
  const emails = await outboxOf(tag);
  return emails.map((email) => {
    const url = DEAL_LINK.exec(email.textBody)?.[1];
    expect(url, email.textBody).toMatch(PAGE_URL);
    expect(email.htmlBody).toContain(`<a href="${url}">${url}</a>`);
    return url!;
  });
}

/** The deal's offers page form: make the link (the street shown) or revoke it. */
const linkForm = (client: ApiClient, dealId: string, form: Record<string, string>) =>
  client.send(offersPage.action as Handler, "POST", `/deals/${dealId}/offers`, { form, params: { id: dealId } });

describe("the blast's link to the deal page", () => {
  it("opens the deal signed out; revoked, the same URL no longer does, and the next blast carries a new link that does", async () => {
    const { client, userId } = await owner("blast-link");
    const deal = await dealOf(userId);
    const chosen = await buyersOf(userId, "blast-link", 2);
    const buyerIds = chosen.map((buyer) => buyer.id);
    expect((await post(client, deal.id, { buyerIds })).body).toMatchObject({ success: true, sent: 2 });
    const [first, ...others] = await linksIn("blast-link");
    expect(others).toEqual([first]);

    const opened = await browserGet(first!);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Phoenix, AZ 85019");

    expect((await linkForm(client, deal.id, { intent: "revoke" })).status).toBe(302);
    expect((await browserGet(first!)).status).toBe(404);

    const again = await post(client, deal.id, { buyerIds, sendAgain: true, blastKey: "blast-link-again" });
    expect(again.body).toMatchObject({ success: true, sent: 2 });
    const links = await linksIn("blast-link");
    const fresh = [...new Set(links.filter((url) => url !== first))];
    expect(links).toHaveLength(4);
    expect(fresh).toHaveLength(1);
    const reopened = await browserGet(fresh[0]!);
    expect(reopened.status).toBe(200);
    expect(await reopened.text()).toContain("Phoenix, AZ 85019");
    expect((await browserGet(first!)).status).toBe(404);
  });

  it("carries the link the user made (its street choice kept); parallel blasts on a deal without one make one link", async () => {
    const { client, userId } = await owner("blast-link-made");
    const deal = await dealOf(userId);
    const made = await linkForm(client, deal.id, { intent: "link", showStreet: "yes" });
    const { newUrl } = (await made.json()) as { newUrl: string };
    const [buyer] = await buyersOf(userId, "blast-link-made", 1);
    await post(client, deal.id, { buyerIds: [buyer!.id] });
    expect(await linksIn("blast-link-made")).toEqual([newUrl]);
    const [row] = await db.select().from(dealLinks).where(eq(dealLinks.dealId, deal.id));
    expect(row!.showStreet).toBe(true);

    const bare = await dealOf(userId);
    const racing = await buyersOf(userId, "blast-link-race", 5);
    const answers = await Promise.all(racing.map((one) => post(client, bare.id, { buyerIds: [one.id] })));
    expect(answers.map((answer) => answer.body.sent)).toEqual([1, 1, 1, 1, 1]);
    const links = await linksIn("blast-link-race");
    expect(links).toHaveLength(5);
    expect(new Set(links).size).toBe(1);
    const rows = await db
      .select()
      .from(dealLinks)
      .where(and(eq(dealLinks.dealId, bare.id), eq(dealLinks.userId, userId)));
    expect(rows.map((link) => [link.showStreet, link.revokedAt])).toEqual([[false, null]]);
    expect((await browserGet(links[0]!)).status).toBe(200);
  });
});
