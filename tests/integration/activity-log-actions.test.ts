/**
 * More of the activity log's actions, each entry written in the action's own batch: a sequence's Done that mails a
 * letter reads as the letter mailed (as Mail the Offer's does), declining a buyer's offer is logged once (a second
 * decline, or one that lost to an accept, logs nothing), and the closed-loop CSV's entry lands in the batch of its
 * reads.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { activityLog, dealOffers, deals, documents } from "#db/schema.ts";
import { LETTER_ALREADY_MAILED_NOTE } from "#app/domain/sequences/task-state.ts";
import * as acceptApi from "#app/routes/api.deals.$id.offers.$offerId.accept.ts";
import { action as mailOfferRoute } from "#app/routes/api.properties.mail-offer.ts";
import * as loopCsv from "#app/routes/dashboard.loop[.csv].ts";
import * as activity from "#app/routes/team_.activity.tsx";

import type { ApiClient, Handler } from "./api-client.ts";
import { declineOffer, takeOffer, type DealOwner } from "./deal-offers-setup.ts";
import { signedUp as dealsOwner } from "./deals-setup.ts";
import { dealUnderContract } from "./dispo-setup.ts";
import { accountWithData, costOf, counter, expectWithinBudget } from "./round-trips-setup.ts";
import { aLead, db, letterStep, signedUp, stepsOf, withSteps } from "./sequence-fixtures.ts";

const entriesOf = (workspaceId: string) =>
  db.select().from(activityLog).where(eq(activityLog.userId, workspaceId)).orderBy(desc(activityLog.createdAt));

const kindsOf = async (workspaceId: string) => (await entriesOf(workspaceId)).map((entry) => entry.kind).sort();

const wordsOf = async (client: ApiClient) =>
  (await client.load<{ rows: { words: string }[] }>(activity.loader as Handler, "/team/activity")).rows.map((row) => row.words);

/** Every phone on the do-not-call list: the Day 0 call falls back to a letter, due today. */
const NO_PHONES = {
  ownerPhoneNumbers: [
    { number: "+16025550101", type: "mobile" as const, dnc: true },
    { number: "+16025550102", type: "landline" as const, dnc: true },
  ],
};

describe("a sequence's Done that mails a letter", () => {
  it("is logged as the letter mailed, in Mail the Offer's words, once; the losing parallel Done (409) logs nothing", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, { ...NO_PHONES, address: "77 Letter Way" });
    expect((await pat.start(lead.id)).status).toBe(201);
    const [letter] = await pat.today();
    expect(letter).toMatchObject({ activityType: "letter", dayNumber: 0 });

    const answers = await Promise.all([pat.work(letter.id, { outcome: "done" }), pat.work(letter.id, { outcome: "done" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await stepsOf(letter.leadId))[0]).toMatchObject({ status: "done", outcome: "done" });

    const entries = await entriesOf(pat.userId);
    expect(entries.map((entry) => entry.kind)).toEqual(["letter_mailed"]);
    expect(entries[0]).toMatchObject({ actorId: pat.userId, propertyId: lead.id, detail: { amount: 182_000 } });
    expect(await wordsOf(pat.client)).toEqual(["Pat Quinn mailed a letter of intent for $182,000 — 77 Letter Way, Phoenix, AZ"]);
  });

  it("is logged as the task worked when nothing was mailed: the offer's letter went out by Mail the Offer first", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, { address: "78 Letter Way" });
    const filePath = `tests/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(filePath, new TextEncoder().encode("%PDF-1.7 the letter of intent"));
    const [loi] = await db
      .insert(documents)
      .values({ userId: pat.userId, propertyId: lead.id, name: "LOI.pdf", type: "letter_of_intent", filePath, amount: 182_000 })
      .returning();
    const mailed = await pat.client.call(mailOfferRoute, "POST", "/api/properties/mail-offer", {
      propertyId: lead.id,
      offerAmount: 182_000,
      pdfUrl: `/documents/${loi.id}/view`,
      recipientName: "JOHN A SMITH",
      recipientAddress: "12 Elm St, Mesa, AZ 85201",
    });
    expect(mailed.status).toBe(200);
    await withSteps(pat.userId, [letterStep(0)]);
    expect((await pat.start(lead.id)).status).toBe(201);
    const [task] = await pat.today();
    const worked = await pat.work(task.id, { outcome: "done" });
    expect(worked.body).toMatchObject({ trackingId: null, note: LETTER_ALREADY_MAILED_NOTE });
    expect(await kindsOf(pat.userId)).toEqual(["letter_mailed", "task_worked"]);
  });

  it("without a chosen offer is logged as a letter mailed, with no price", async () => {
    const pat = await signedUp();
    await withSteps(pat.userId, [letterStep(0)], "no_price");
    const lead = await aLead(pat.userId, { address: "79 Letter Way", maxOffer: null });
    expect((await pat.start(lead.id)).status).toBe(201);
    const [task] = await pat.today();
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
    expect(await wordsOf(pat.client)).toEqual(["Pat Quinn mailed a letter — 79 Letter Way, Phoenix, AZ"]);
  });
});

type Owner = DealOwner;

const accept = (owner: Owner, dealId: string, offerId: string) =>
  owner.client.call(acceptApi.action as Handler, "POST", `/api/deals/${dealId}/offers/${offerId}/accept`, undefined, {
    params: { id: dealId, offerId },
  });

describe("declining a buyer's offer", () => {
  it("is logged once in words; a parallel second decline (409) and a decline of an inquiry's twin log nothing more", async () => {
    const owner = await dealsOwner();
    const deal = await dealUnderContract(owner.userId);
    const offerId = await takeOffer(owner, deal.id, { name: "Ann Buyer", email: "ann@buyers.example", amount: 250_000 });
    const inquiryId = await takeOffer(owner, deal.id, { name: "Bob Asks", email: "bob@buyers.example" });

    const answers = await Promise.all([declineOffer(owner, deal.id, offerId), declineOffer(owner, deal.id, offerId)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 409]);
    expect(await kindsOf(owner.userId)).toEqual(["buyer_offer_declined"]);
    const [entry] = await entriesOf(owner.userId);
    expect(entry).toMatchObject({ actorId: owner.userId, dealId: deal.id, propertyId: deal.propertyId });

    expect((await declineOffer(owner, deal.id, inquiryId)).status).toBe(302);
    expect((await declineOffer(owner, deal.id, inquiryId)).status).toBe(409);
    expect((await wordsOf(owner.client)).sort()).toEqual([
      "Pat Quinn declined Ann Buyer's offer of $250,000 — 123 Main St, Phoenix, AZ",
      "Pat Quinn declined Bob Asks's inquiry — 123 Main St, Phoenix, AZ",
    ]);
    // Another workspace's deal: 404, nothing logged anywhere.
    const stranger = await dealsOwner();
    expect((await declineOffer(stranger, deal.id, offerId)).status).toBe(404);
    expect(await entriesOf(stranger.userId)).toHaveLength(0);
  });

  it("loses to an accept that came first: 409, the offer stays accepted, no decline logged", async () => {
    const owner = await dealsOwner();
    const deal = await dealUnderContract(owner.userId);
    const offerId = await takeOffer(owner, deal.id, { name: "Ann Buyer", email: "ann@buyers.example", amount: 250_000 });
    expect((await accept(owner, deal.id, offerId)).status).toBe(200);
    expect((await declineOffer(owner, deal.id, offerId)).status).toBe(409);
    expect(await kindsOf(owner.userId)).toEqual(["buyer_offer_accepted"]);
  });

  it("racing an accept: exactly one wins, and the log holds only the winner's entry", async () => {
    const owner = await dealsOwner();
    const deal = await dealUnderContract(owner.userId);
    const offerId = await takeOffer(owner, deal.id, { name: "Ann Buyer", email: "ann@buyers.example", amount: 250_000 });
    const [declined, accepted] = await Promise.all([declineOffer(owner, deal.id, offerId), accept(owner, deal.id, offerId)]);
    const offer = await db.select({ status: dealOffers.status }).from(dealOffers).where(eq(dealOffers.id, offerId)).get();
    const row = await db.select({ assignedOfferId: deals.assignedOfferId }).from(deals).where(eq(deals.id, deal.id)).get();
    if (declined.status === 302) {
      expect(accepted.status).toBe(409);
      expect(offer?.status).toBe("declined");
      expect(row?.assignedOfferId).toBeNull();
      expect(await kindsOf(owner.userId)).toEqual(["buyer_offer_declined"]);
    } else {
      expect([declined.status, accepted.status]).toEqual([409, 200]);
      expect(offer?.status).toBe("accepted");
      expect(row?.assignedOfferId).toBe(offerId);
      expect(await kindsOf(owner.userId)).toEqual(["buyer_offer_accepted"]);
    }
  });
});

describe("GET /dashboard/loop.csv", () => {
  it("writes its entry in the batch of the figures' reads, within the round-trip budget", async () => {
    const { client, userId } = await accountWithData();
    const cost = await costOf(() => client.call(loopCsv.loader as Handler, "GET", "/dashboard/loop.csv"));
    expect(cost.value.status).toBe(200);
    expectWithinBudget(cost, "/dashboard/loop.csv");
    const writes = counter.calls.filter((call) => call.sql.includes('insert into "activity_log"'));
    expect(writes, cost.log).toHaveLength(1);
    // The entry is one statement of a batch that also reads the figures (the ledger's spend, the offers per deal).
    expect(writes[0]!.sql, cost.log).toMatch(/^batch of 5: insert into "activity_log".* from "usage_events".* from "deal_offers"/s);
    const entries = await entriesOf(userId);
    expect(entries.map((entry) => [entry.kind, entry.detail])).toEqual([["exported", { export: "loop" }]]);
  });
});
