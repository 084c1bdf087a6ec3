// A mailed offer's deal is written only by the request whose claim recorded the mailing: parallel presses of Mail the
// Offer, and a request that outlived its claim while another took it over and mailed, leave one deal and one charge.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, letterMailings, usageEvents } from "#db/schema.ts";
import { STALE_MAILING_MS } from "#app/domain/offers/mailing.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";

import { confirmed, db, mailBody } from "./offers-setup.ts";

const START = new Date("2026-11-27T15:00:00Z");

const dealsOf = (propertyId: string) =>
  db.select({ stage: deals.stage, dealValue: deals.dealValue }).from(deals).where(eq(deals.propertyId, propertyId));
const letterCharges = (userId: string) =>
  db
    .select({ requestId: usageEvents.providerRequestId })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "letter")));

/** A mail provider whose first letter waits until `release` is called (`asked` resolves when it is). */
function holdFirstLetter(mail: { sendLetter: (letter: never) => Promise<unknown> }) {
  let release!: () => void;
  let asked!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<void>((resolve) => (asked = resolve));
  let first = true;
  const sendLetter = mail.sendLetter.bind(mail);
  mail.sendLetter = async (letter: never) => {
    if (first) {
      first = false;
      asked();
      await gate;
    }
    return sendLetter(letter);
  };
  return { release, reached };
}

describe("a mailed offer's deal under concurrent presses", () => {
  it("parallel presses of Mail the Offer: one mailed, the others told so, one deal in Negotiation and one charge", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    client.context.now = () => START;
    const answers = await Promise.all(
      [1, 2, 3].map(() => client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const deal = await dealsOf(propertyId);
    expect(deal).toHaveLength(1);
    expect(deal[0]!.stage).toBe("negotiation");
    expect(await letterCharges(userId)).toHaveLength(1);
  });

  it("a request that outlived its claim records nothing once another took it over and mailed: no deal, no charge of its own", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const held = holdFirstLetter(client.context.providers.mail as never);
    client.context.now = () => START;
    const slow = client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    await held.reached;

    // Past the claim's staleness the next press takes the claim over and mails the same piece (the same key).
    client.context.now = () => new Date(START.getTime() + STALE_MAILING_MS + 1_000);
    const fresh = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(fresh.status).toBe(200);
    expect(await dealsOf(propertyId)).toHaveLength(1);
    // The user removes that deal from the Pipeline: the slow request, finishing now, must not write it again.
    await db.delete(deals).where(eq(deals.propertyId, propertyId));

    held.release();
    const late = await slow;
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, trackingId: fresh.body.trackingId });
    expect(late.body.message).toMatch(/^Already mailed/);
    expect(await dealsOf(propertyId)).toEqual([]);
    expect(await letterCharges(userId)).toEqual([{ requestId: fresh.body.trackingId }]);
    const mailings = await db.select({ status: letterMailings.status }).from(letterMailings).where(eq(letterMailings.userId, userId));
    expect(mailings).toEqual([{ status: "mailed" }]);
  });
});
