// The blast: a deal emailed to the chosen buyers who consent, once per deal unless sent again, each email with a
// one-click unsubscribe; parallel blasts email each buyer once; an unsubscribed buyer (or address) is never emailed
// again, even by a blast racing the unsubscribe; caps refuse before anything is written; foreign ids answer 404.
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyerEmails, buyers, dealLinks, deals, usageEvents } from "#db/schema.ts";
import * as unsubscribeRoute from "#app/routes/unsubscribe.$token.tsx";
import { createFakeEmailApi } from "#tests/fakes/email.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { buyersOf, dealOf, outboxOf, owner, post } from "./blast-fixture.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

describe("POST /api/deals/{id}/blast", () => {
  it("emails each consenting buyer once with a one-click unsubscribe, charges buyer_email, and sends again only when asked", async () => {
    const { client, userId } = await owner("blast-once");
    const deal = await dealOf(userId);
    const yes = await buyersOf(userId, "blast-once-yes", 3);
    const [no] = await buyersOf(userId, "blast-once-no", 1, { emailConsent: false });
    const ids = [...yes.map((b) => b.id), no!.id];

    const first = await post(client, deal.id, { buyerIds: ids });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, sent: 3, skipped: { noConsent: 1 } });
    expect(first.body.message).toBe("Emailed 3 buyers. Left out: 1 without email consent.");
    const sent = await outboxOf("blast-once-yes");
    expect(sent).toHaveLength(3);
    expect(await outboxOf("blast-once-no")).toHaveLength(0);
    for (const email of sent) {
      const url = /Unsubscribe \(no more deals from Quinn Home Buyers LLC\): (\S+)/.exec(email.textBody)![1]!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8787\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
      expect(email.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(email.subject).toBe("Under contract in Phoenix, AZ 85019 — $265,000");
      expect(email.textBody).toContain("100 W Washington St, Phoenix, AZ 85003");
      expect(email.textBody).not.toContain("123 Main St");
    }
    const charges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "buyer_email")));
    expect(charges.map((charge) => charge.quantity)).toEqual([3]);
    expect((await db.select().from(deals).where(eq(deals.id, deal.id)))[0]!.dispoStatus).toBe("marketed");

    const again = await post(client, deal.id, { buyerIds: ids });
    expect(again.body).toMatchObject({ sent: 0, skipped: { alreadyEmailed: 3, noConsent: 1 } });
    expect(await outboxOf("blast-once-yes")).toHaveLength(3);

    const resent = await post(client, deal.id, { buyerIds: ids, sendAgain: true, blastKey: "resend-key-1" });
    expect(resent.body).toMatchObject({ sent: 3 });
    // The same "send again" form posted twice queues each buyer once.
    const doubled = await post(client, deal.id, { buyerIds: ids, sendAgain: true, blastKey: "resend-key-1" });
    expect(doubled.body).toMatchObject({ sent: 0, skipped: { alreadyEmailed: 3 } });
    expect(await outboxOf("blast-once-yes")).toHaveLength(6);
  });

  it("ten parallel blasts email each buyer once and charge each email once", async () => {
    const { client, userId } = await owner("blast-parallel");
    const deal = await dealOf(userId);
    const chosen = await buyersOf(userId, "blast-parallel", 12);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(client, deal.id, { buyerIds: chosen.map((b) => b.id) })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + Number(answer.body.sent), 0)).toBe(12);
    const sent = await outboxOf("blast-parallel");
    expect(sent.map((email) => email.toAddress).sort()).toEqual(chosen.map((b) => b.email!).sort());
    const charges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "buyer_email")));
    expect(charges.reduce((sum, charge) => sum + charge.quantity, 0)).toBe(12);
  });

  it("refuses past the day's cap with nothing queued, sent or charged", async () => {
    const client = new ApiClient(testContext({ USAGE_LIMITS: JSON.stringify({ buyer_email: { perDay: 2 } }) }));
    const { userId } = await owner("blast-cap", client);
    const deal = await dealOf(userId);
    const chosen = await buyersOf(userId, "blast-cap", 3);
    const answer = await post(client, deal.id, { buyerIds: chosen.map((b) => b.id) });
    expect(answer.status).toBe(429);
    expect(answer.body.message).toMatch(/^You have reached your limit of 2 buyer emails a day\./);
    expect(await db.select().from(buyerEmails).where(eq(buyerEmails.dealId, deal.id))).toHaveLength(0);
    expect(await outboxOf("blast-cap")).toHaveLength(0);
    expect(await db.select().from(dealLinks).where(eq(dealLinks.dealId, deal.id))).toHaveLength(0);
    const ok = await post(client, deal.id, { buyerIds: chosen.slice(0, 2).map((b) => b.id) });
    expect(ok.body).toMatchObject({ sent: 2 });
  });

  it("answers 404 for another user's deal or buyer, 422 without the sender's postal address, 400 for no buyers", async () => {
    const { client, userId } = await owner("blast-authz");
    const other = await owner("blast-authz-other");
    const mine = await dealOf(userId);
    const theirs = await dealOf(other.userId);
    const [myBuyer] = await buyersOf(userId, "blast-authz-mine", 1);
    const [theirBuyer] = await buyersOf(other.userId, "blast-authz-theirs", 1);
    expect(await post(client, theirs.id, { buyerIds: [myBuyer!.id] })).toMatchObject({ status: 404, body: { message: "Deal not found" } });
    expect(await post(client, mine.id, { buyerIds: [theirBuyer!.id] })).toMatchObject({
      status: 404,
      body: { message: "Buyer not found" },
    });
    expect((await post(client, mine.id, { buyerIds: [] })).status).toBe(400);
    const bare = await registerClient("blast-no-address");
    const bareDeal = await dealOf(bare.userId);
    const [bareBuyer] = await buyersOf(bare.userId, "blast-no-address", 1);
    expect(await post(bare.client, bareDeal.id, { buyerIds: [bareBuyer!.id] })).toMatchObject({ status: 422 });
    expect(await outboxOf("blast-authz")).toHaveLength(0);
    expect(await outboxOf("blast-no-address")).toHaveLength(0);
    expect((await post(new ApiClient(), mine.id, { buyerIds: [myBuyer!.id] })).status).toBe(401);
  });
});

/** The unsubscribe token of the buyer's email about the deal. */
async function tokenOf(dealId: string, buyerId: string) {
  const [row] = await db
    .select({ token: buyerEmails.unsubscribeToken })
    .from(buyerEmails)
    .where(and(eq(buyerEmails.dealId, dealId), eq(buyerEmails.buyerId, buyerId)));
  return row!.token;
}

const unsubscribe = (token: string, body: Record<string, string>) =>
  new ApiClient().send(unsubscribeRoute.action as Handler, "POST", `/unsubscribe/${token}`, {
    urlencoded: body,
    params: { token },
    anonymous: true,
  });

describe("one-click unsubscribe", () => {
  it("GET confirms without sign-in; the one-click POST answers 200 empty; the buyer and their address are never emailed again", async () => {
    const { client, userId } = await owner("unsub");
    const deal = await dealOf(userId);
    const nextDeal = await dealOf(userId);
    const [buyer] = await buyersOf(userId, "unsub", 1);
    await post(client, deal.id, { buyerIds: [buyer!.id] });
    const token = await tokenOf(deal.id, buyer!.id);

    const page = await new ApiClient().send(unsubscribeRoute.loader as Handler, "GET", `/unsubscribe/${token}`, {
      params: { token },
      anonymous: true,
    });
    expect(page.status).toBe(200);
    expect(await page.json()).toEqual({ senderName: "Quinn Home Buyers LLC", unsubscribed: false });

    const done = await unsubscribe(token, { "List-Unsubscribe": "One-Click" });
    expect(done.status).toBe(200);
    expect(await done.text()).toBe("");
    // The same person added again under another name is the same address: still never emailed.
    const [twin] = await buyersOf(userId, "unsub", 1, {
      name: "Same Address Again",
      matchKey: "same address again|unsub-0@buyers.example.com",
    });
    const after = await post(client, nextDeal.id, { buyerIds: [buyer!.id, twin!.id], sendAgain: true });
    expect(after.body).toMatchObject({ sent: 0, skipped: { unsubscribed: 2 } });
    expect(await outboxOf("unsub")).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed token, GET and POST", async () => {
    for (const token of ["A".repeat(43), "not-a-token"]) {
      expect((await unsubscribe(token, { "List-Unsubscribe": "One-Click" })).status).toBe(404);
      const page = await new ApiClient().send(unsubscribeRoute.loader as Handler, "GET", `/unsubscribe/${token}`, {
        params: { token },
        anonymous: true,
      });
      expect(page.status).toBe(404);
    }
  });

  it("an unsubscribe racing blasts: at most the one email claimed before it, and none after it is recorded", async () => {
    const { client, userId } = await owner("unsub-race");
    const first = await dealOf(userId);
    const [buyer] = await buyersOf(userId, "unsub-race", 1);
    await post(client, first.id, { buyerIds: [buyer!.id] });
    const token = await tokenOf(first.id, buyer!.id);
    const racing = await Promise.all(Array.from({ length: 3 }, () => dealOf(userId)));
    const [answers] = await Promise.all([
      Promise.all(racing.map((deal) => post(client, deal.id, { buyerIds: [buyer!.id] }))),
      unsubscribe(token, { "List-Unsubscribe": "One-Click" }),
    ]);
    const [stored] = await db.select().from(buyers).where(eq(buyers.id, buyer!.id));
    expect(stored!.unsubscribedAt).not.toBeNull();
    const raced = await db
      .select()
      .from(buyerEmails)
      .where(
        and(
          inArray(
            buyerEmails.dealId,
            racing.map((deal) => deal.id),
          ),
          eq(buyerEmails.status, "sent"),
        ),
      );
    // Every email of the race was claimed before the unsubscribe was recorded.
    for (const row of raced) expect(row.updatedAt.getTime()).toBeLessThanOrEqual(stored!.unsubscribedAt!.getTime());
    expect(answers.reduce((sum, answer) => sum + Number(answer.body.sent), 0)).toBe(raced.length);
    const later = await Promise.all(racing.map((deal) => post(client, deal.id, { buyerIds: [buyer!.id], sendAgain: true })));
    expect(later.every((answer) => answer.body.sent === 0)).toBe(true);
    expect(await outboxOf("unsub-race")).toHaveLength(1 + raced.length);
  });
});

describe("the blast through Resend's batch endpoint", () => {
  it("sends 150 buyers as batches of 100 and 50, one recipient an email, each with its unsubscribe headers and a batch key", async () => {
    const fake = createFakeEmailApi("re_test");
    const context = testContext(
      { EMAIL: "http", EMAIL_API_URL: fake.url, EMAIL_API_KEY: "re_test", EMAIL_FROM: "Breeze <deals@mail.breeze-homes.com>" },
      {},
      { fetch: fake.fetch },
    );
    const client = new ApiClient(context);
    const { userId } = await owner("blast-resend", client);
    const deal = await dealOf(userId);
    const chosen = await buyersOf(userId, "blast-resend", 150);
    const answer = await post(client, deal.id, { buyerIds: chosen.map((b) => b.id) });
    expect(answer.body).toMatchObject({ success: true, sent: 150 });
    expect(fake.batches).toEqual([100, 50]);
    const keys = fake.idempotencyKeys.filter((key) => key?.startsWith(`deal-blast/${deal.id}/`));
    // Each batch's key: the deal, then the SHA-256 of its buyers and their generations (base64url).
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(new RegExp(`^deal-blast/${deal.id}/[A-Za-z0-9_-]{43}$`));
    expect(keys[0]).not.toBe(keys[1]);
    const mine = fake.sent.filter((email) => email.to[0]!.endsWith("@buyers.example.com"));
    expect(mine).toHaveLength(150);
    for (const email of mine) {
      expect(email.to).toHaveLength(1);
      expect(email.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(email.headers?.["List-Unsubscribe"]).toMatch(/^<http:\/\/127\.0\.0\.1:8787\/unsubscribe\/[A-Za-z0-9_-]{43}>$/);
    }
    const charges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "buyer_email")));
    expect(charges.map((charge) => [charge.quantity, charge.provider, charge.costMicrocents])).toEqual([
      [100, "http", 10_000_000],
      [50, "http", 5_000_000],
    ]);
  });
});
