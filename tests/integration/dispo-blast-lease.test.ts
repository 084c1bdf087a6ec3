/**
 * A blast that dies between its claim (pending → sending) and its outcome (a worker killed while Resend had not yet
 * answered) holds its buyers' rows only for the claim's lease: while fresh, no other blast emails those buyers; once
 * it lapsed, the next blast claims and emails each of them once, even ten blasts in parallel. When Resend had accepted
 * the dead blast's batch, the take-over sends the same batch under the same idempotency key, and Resend answers it
 * without emailing anyone a second time.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyerEmails, deals, usageEvents } from "#db/schema.ts";
import { BLAST_CLAIM_LEASE_MS } from "#app/domain/dispo/blast.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";

import { ApiClient } from "./api-client.ts";
import { buyersOf, dealOf, owner, post } from "./blast-fixture.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

/**
 * Resend, whose answer to the first batch call never comes back (the request that made it dies waiting); `accepted`:
 * the call reached Resend, which sent the batch, else it never did. Later calls reach the fake.
 */
function resendThatLosesTheFirstBatch(accepted: boolean) {
  const fake = createFakeEmailApi("re_test");
  let first = true;
  let reached!: () => void;
  const lost = new Promise<void>((resolve) => (reached = resolve));
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    if (first && url.endsWith("/emails/batch")) {
      first = false;
      if (accepted) expect((await fake.fetch(input, init)).status).toBe(200);
      reached();
      return new Promise<Response>(() => undefined);
    }
    return fake.fetch(input, init);
  };
  return { fake, fetch, lost };
}

/**
 * A user's deal and `count` consenting buyers, with a blast to all of them that died after claiming their rows (after
 * Resend accepted its batch, when `accepted`).
 */
async function aDeadBlast(tag: string, count: number, { accepted = false } = {}) {
  const resend = resendThatLosesTheFirstBatch(accepted);
  const context = testContext(
    { EMAIL: "http", EMAIL_API_URL: resend.fake.url, EMAIL_API_KEY: "re_test", EMAIL_FROM: "Breeze <deals@mail.breeze-homes.com>" },
    {},
    { fetch: resend.fetch },
  );
  const client = new ApiClient(context);
  const { userId } = await owner(tag, client);
  const deal = await dealOf(userId);
  const chosen = await buyersOf(userId, tag, count);
  const buyerIds = chosen.map((buyer) => buyer.id);
  void post(client, deal.id, { buyerIds });
  await resend.lost;
  const rows = await db.select().from(buyerEmails).where(eq(buyerEmails.dealId, deal.id));
  expect(rows.map((row) => row.status)).toEqual(Array.from({ length: count }, () => "sending"));
  const claimedAt = rows[0]!.claimedAt!;
  /** The same user's client with its clock at `at`. */
  const at = (at: Date) => {
    const later = new ApiClient({ ...context, now: () => at });
    for (const [name, value] of client.cookies) later.cookies.set(name, value);
    return later;
  };
  const emailsTo = () =>
    resend.fake.sent
      .filter((email) => email.to[0]!.startsWith(`${tag}-`) && email.to[0]!.endsWith("@buyers.example.com"))
      .map((email) => email.to[0]!);
  return { userId, deal, buyerIds, chosen, claimedAt, at, emailsTo, fake: resend.fake };
}

const chargedOf = async (userId: string) =>
  (
    await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "buyer_email")))
  ).reduce((sum, charge) => sum + charge.quantity, 0);

describe("a blast that died after claiming its buyers' rows", () => {
  it("holds them while its claim is fresh: another blast emails none of those buyers", async () => {
    const dead = await aDeadBlast("lease-fresh", 3);
    for (const at of [dead.claimedAt, new Date(dead.claimedAt.getTime() + BLAST_CLAIM_LEASE_MS - 1_000)]) {
      const answer = await post(dead.at(at), dead.deal.id, { buyerIds: dead.buyerIds });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, sent: 0, skipped: { beingSent: 3 } });
    }
    expect(dead.emailsTo()).toEqual([]);
    expect(await chargedOf(dead.userId)).toBe(0);
  });

  it("once its lease lapsed, the next blast emails each of those buyers once, and later blasts none again", async () => {
    const dead = await aDeadBlast("lease-lapsed", 3);
    const later = dead.at(new Date(dead.claimedAt.getTime() + BLAST_CLAIM_LEASE_MS + 60_000));
    const answer = await post(later, dead.deal.id, { buyerIds: dead.buyerIds });
    expect(answer.body).toMatchObject({ success: true, sent: 3 });
    expect(dead.emailsTo().sort()).toEqual(dead.chosen.map((buyer) => buyer.email!).sort());
    const rows = await db.select().from(buyerEmails).where(eq(buyerEmails.dealId, dead.deal.id));
    expect(rows.map((row) => [row.status, row.round, row.claimedAt])).toEqual(Array.from({ length: 3 }, () => ["sent", 1, null]));
    expect(await chargedOf(dead.userId)).toBe(3);

    const again = await post(later, dead.deal.id, { buyerIds: dead.buyerIds });
    expect(again.body).toMatchObject({ sent: 0, skipped: { alreadyEmailed: 3 } });
    expect(dead.emailsTo()).toHaveLength(3);
  });

  it("ten parallel blasts after the lapse email each buyer once and charge each email once", async () => {
    const dead = await aDeadBlast("lease-parallel", 12);
    const later = dead.at(new Date(dead.claimedAt.getTime() + BLAST_CLAIM_LEASE_MS + 60_000));
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(later, dead.deal.id, { buyerIds: dead.buyerIds })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + Number(answer.body.sent), 0)).toBe(12);
    expect(dead.emailsTo().sort()).toEqual(dead.chosen.map((buyer) => buyer.email!).sort());
    expect(await chargedOf(dead.userId)).toBe(12);
  });
});

describe("a blast that died after Resend accepted its batch", () => {
  it("taken over after the lease, emails none of those buyers again (the same batch, the same key); a new buyer once", async () => {
    const dead = await aDeadBlast("lease-accepted", 3, { accepted: true });
    expect(dead.emailsTo().sort()).toEqual(dead.chosen.map((buyer) => buyer.email!).sort());
    const [late] = await buyersOf(dead.userId, "late-lease-accepted", 1);
    const later = dead.at(new Date(dead.claimedAt.getTime() + BLAST_CLAIM_LEASE_MS + 60_000));
    const answer = await post(later, dead.deal.id, { buyerIds: [...dead.buyerIds, late!.id] });
    expect(answer.body).toMatchObject({ success: true, sent: 4 });

    expect(dead.emailsTo().sort()).toEqual(dead.chosen.map((buyer) => buyer.email!).sort());
    expect(dead.fake.sent.filter((email) => email.to[0] === late!.email)).toHaveLength(1);
    // The dead batch and the late buyer's: the take-over's copy of the dead one was answered, not sent.
    expect(dead.fake.batches).toEqual([3, 1]);
    const keys = dead.fake.idempotencyKeys.filter((key) => key?.startsWith(`deal-blast/${dead.deal.id}/`));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    const rows = await db.select().from(buyerEmails).where(eq(buyerEmails.dealId, dead.deal.id));
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
    expect(rows.every((row) => row.providerId !== null)).toBe(true);
    expect(await chargedOf(dead.userId)).toBe(4);
  });

  it("its deal edited since, the batch differs: Resend's 409 says the key sent it, so it is recorded sent, not sent again", async () => {
    const dead = await aDeadBlast("lease-edited", 2, { accepted: true });
    await db.update(deals).set({ contractPrice: 250_000 }).where(eq(deals.id, dead.deal.id));
    const later = dead.at(new Date(dead.claimedAt.getTime() + BLAST_CLAIM_LEASE_MS + 60_000));
    const answer = await post(later, dead.deal.id, { buyerIds: dead.buyerIds });
    expect(answer.body).toMatchObject({ success: true, sent: 2 });
    expect(dead.emailsTo()).toHaveLength(2);
    expect(dead.fake.batches).toEqual([2]);
    const rows = await db.select().from(buyerEmails).where(eq(buyerEmails.dealId, dead.deal.id));
    expect(rows.map((row) => [row.status, row.providerId])).toEqual([
      ["sent", null],
      ["sent", null],
    ]);
    expect(await chargedOf(dead.userId)).toBe(2);
  });
});
