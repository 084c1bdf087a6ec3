// Letters Lob never confirmed ("Mailing Not Confirmed") are settled by the hourly sweep: asked again with the same
// idempotency key, recorded once as mailed (charged) or, when Lob refuses, given back uncharged.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, letterMailings, properties, usageEvents } from "#db/schema.ts";
import { STALE_MAILING_MS } from "#app/domain/offers/mailing.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { sweepUnconfirmedMailings } from "#app/services/offers/unconfirmed-mailings.server.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import { ApiClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { confirmed, db, mailBody, statusOf } from "./offers-setup.ts";

const START = new Date("2026-11-27T15:00:00Z");
/** An hour later: the next sweep. */
const SWEEP = new Date(START.getTime() + 60 * 60_000);

function lobClient(fake: ReturnType<typeof createFakeLob>) {
  const client = new ApiClient(
    testContext(
      { MAIL: "lob", LOB_API_KEY: "test_key", LOB_BASE_URL: "https://lob.fake.test", LOB_RETRY_DELAY_MS: "0", LOB_TIMEOUT_MS: "50" },
      {},
      { fetch: fake.fetch },
    ),
  );
  client.context.now = () => START;
  return client;
}

/** A letter mailed through Lob whose every answer was lost: 504, the claim kept, nothing charged. */
async function unconfirmedLetter(fake: ReturnType<typeof createFakeLob>, made: boolean) {
  const { client, propertyId, pdfUrl, userId } = await confirmed({}, lobClient(fake));
  if (made) fake.loseAnswers(3);
  else fake.hang(true);
  const answer = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
  fake.hang(false);
  expect(answer.status).toBe(504);
  expect(fake.letters).toHaveLength(made ? 1 : 0);
  expect(await letterCharges(userId)).toEqual([]);
  return { client, propertyId, pdfUrl, userId };
}

const letterCharges = (userId: string) =>
  db
    .select({ quantity: usageEvents.quantity, requestId: usageEvents.providerRequestId })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "letter")));
const mailingsOf = (userId: string) =>
  db
    .select({ status: letterMailings.status, trackingId: letterMailings.trackingId })
    .from(letterMailings)
    .where(eq(letterMailings.userId, userId));

const sweepAt = (client: ApiClient, now: Date) => sweepUnconfirmedMailings({ ...client.context, now: () => now });
const dealsOf = (propertyId: string) =>
  db.select({ stage: deals.stage, dealValue: deals.dealValue }).from(deals).where(eq(deals.propertyId, propertyId));
const mailAt = (client: ApiClient, now: Date, propertyId: string, pdfUrl: string) => {
  client.context.now = () => now;
  return client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
};

describe("the sweep of letters Lob never confirmed", () => {
  it("asks Lob again with the same key and records the letter it made once: mailed, charged, offer_sent", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, userId } = await unconfirmedLetter(fake, true);
    const [made] = fake.letters;

    expect(await sweepAt(client, SWEEP)).toEqual({ mailed: 1, failed: 0, unknown: 0 });
    expect(new Set(fake.requests.map((request) => request.idempotencyKey))).toEqual(new Set([made!.idempotencyKey]));
    expect(fake.letters).toHaveLength(1);
    expect(await mailingsOf(userId)).toEqual([{ status: "mailed", trackingId: made!.id }]);
    expect(await letterCharges(userId)).toEqual([{ quantity: 1, requestId: made!.id }]);
    expect(await statusOf(propertyId)).toBe("offer_sent");

    // Settled once: the next sweep asks nothing and charges nothing.
    const asked = fake.requests.length;
    expect(await sweepAt(client, new Date(SWEEP.getTime() + 60 * 60_000))).toEqual({ mailed: 0, failed: 0, unknown: 0 });
    expect(fake.requests).toHaveLength(asked);
    expect(await letterCharges(userId)).toHaveLength(1);
  });

  it("still unconfirmed: kept for the next sweep; refused by Lob: given back uncharged, and the letter can be mailed again", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl, userId } = await unconfirmedLetter(fake, false);

    fake.hang(true);
    expect(await sweepAt(client, SWEEP)).toEqual({ mailed: 0, failed: 0, unknown: 1 });
    fake.hang(false);
    expect(await mailingsOf(userId)).toEqual([{ status: "mailing", trackingId: null }]);

    fake.failWith(422, "to[address_zip] is invalid");
    expect(await sweepAt(client, new Date(SWEEP.getTime() + 60 * 60_000))).toEqual({ mailed: 0, failed: 1, unknown: 0 });
    fake.failWith(null);
    expect(await mailingsOf(userId)).toEqual([]);
    expect(await letterCharges(userId)).toEqual([]);
    expect(await statusOf(propertyId)).toBe("offer_produced");
    expect(fake.letters).toHaveLength(0);

    const again = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(again.status).toBe(200);
    expect(fake.letters).toHaveLength(1);
  });

  it("leaves a letter past the day Lob keeps its key: asking again then could make a second one", async () => {
    const fake = createFakeLob("test_key");
    const { client } = await unconfirmedLetter(fake, true);
    expect(await sweepAt(client, new Date(START.getTime() + 25 * 60 * 60_000))).toEqual({ mailed: 0, failed: 0, unknown: 0 });
    expect(fake.letters).toHaveLength(1);
  });
});

describe("the deal of a letter the sweep confirms", () => {
  it("is the lead's deal in Negotiation at its max offer, written once, as Mail the Offer writes it", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, userId } = await unconfirmedLetter(fake, true);
    expect(await dealsOf(propertyId)).toEqual([]);

    await sweepAt(client, SWEEP);
    expect(await mailingsOf(userId)).toEqual([{ status: "mailed", trackingId: fake.letters[0]!.id }]);
    const maxOffer = (await db.select({ maxOffer: properties.maxOffer }).from(properties).where(eq(properties.id, propertyId)).get())!
      .maxOffer;
    expect(await dealsOf(propertyId)).toEqual([{ stage: "negotiation", dealValue: maxOffer }]);
    await sweepAt(client, new Date(SWEEP.getTime() + 60 * 60_000));
    expect(await dealsOf(propertyId)).toHaveLength(1);
  });

  it("is written once when the user presses Mail the Offer while the sweep settles the same letter", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl, userId } = await unconfirmedLetter(fake, true);

    const [swept, pressed] = await Promise.all([sweepAt(client, SWEEP), mailAt(client, SWEEP, propertyId, pdfUrl)]);
    // One of the two holds the claim and records the letter; the other finds it in progress or mailed.
    expect([200, 409]).toContain(pressed.status);
    expect(swept.failed).toBe(0);
    expect(await mailingsOf(userId)).toEqual([{ status: "mailed", trackingId: fake.letters[0]!.id }]);
    expect(fake.letters).toHaveLength(1);
    expect(await dealsOf(propertyId)).toEqual([{ stage: "negotiation", dealValue: expect.any(Number) }]);
    expect(await letterCharges(userId)).toEqual([{ quantity: 1, requestId: fake.letters[0]!.id }]);
  });

  it("is written by the user's press, not by a sweep that outlived its claim while the user took it over", async () => {
    const fake = createFakeLob("test_key");
    const { client, propertyId, pdfUrl, userId } = await unconfirmedLetter(fake, true);
    // The sweep's own provider waits on its letter until the user's press has taken the claim over and mailed.
    let release!: () => void;
    let asked!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (asked = resolve));
    const { mail } = client.context.providers;
    const slowMail = {
      ...mail,
      sendLetter: async (letter: Parameters<typeof mail.sendLetter>[0]) => {
        asked();
        await gate;
        return mail.sendLetter(letter);
      },
    };
    const sweeping = sweepUnconfirmedMailings({
      ...client.context,
      providers: { ...client.context.providers, mail: slowMail },
      now: () => SWEEP,
    });
    await reached;

    const pressed = await mailAt(client, new Date(SWEEP.getTime() + STALE_MAILING_MS + 1_000), propertyId, pdfUrl);
    expect(pressed.status).toBe(200);
    // The user removes the deal from the Pipeline: the late sweep must not write it again.
    await db.delete(deals).where(eq(deals.propertyId, propertyId));
    release();
    await sweeping;
    expect(await mailingsOf(userId)).toEqual([{ status: "mailed", trackingId: pressed.body.trackingId }]);
    expect(await dealsOf(propertyId)).toEqual([]);
    expect(fake.letters).toHaveLength(1);
    expect(await letterCharges(userId)).toEqual([{ quantity: 1, requestId: fake.letters[0]!.id }]);
  });
});
