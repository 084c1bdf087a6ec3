// Letters once: one mailed letter per property and offer, resend on purpose, the recipient on
// record, the letter's own amount, and parallel send-offer / confirm-offer making one letter.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, letterMailings, mailOutbox, usageEvents } from "#db/schema.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { action as sendRoute } from "#app/routes/api.properties.send-offer.ts";

import { confirmBody, confirmed, db, LEAD, mailBody, withProperty } from "./offers-setup.ts";

const outboxOf = (userId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
const chargesOf = (userId: string) => db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
const lettersOf = (userId: string) =>
  db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.type, "letter_of_intent")));

describe("a letter is mailed once per property and offer", () => {
  it("answers 409 'Already mailed' to a second mailing, and mails a second letter only with resend: true", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const first = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(first.status).toBe(200);
    const again = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, trackingId: first.body.trackingId });
    expect(await outboxOf(userId)).toHaveLength(1);

    const resent = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl, { resend: true }));
    expect(resent.status).toBe(200);
    expect(resent.body.trackingId).not.toBe(first.body.trackingId);
    expect(await outboxOf(userId)).toHaveLength(2);
    const charges = await chargesOf(userId);
    expect(charges.map((charge) => [charge.kind, charge.quantity])).toEqual([
      ["letter", 1],
      ["letter", 1],
    ]);
    expect(charges.map((charge) => charge.providerRequestId).sort()).toEqual([first.body.trackingId, resent.body.trackingId].sort());
  });

  it("records the letter's own amount, whatever offerAmount the client sends", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const answer = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, pdfUrl, { offerAmount: 99_999_999 }),
    );
    expect(answer.status).toBe(200);
    // The Fair tier: the max offer of $300,000 with the default repairs and fee.
    expect(answer.body.amount).toBe(170_000);
    const [mailing] = await db.select().from(letterMailings).where(eq(letterMailings.userId, userId));
    expect(mailing).toMatchObject({ amount: 170_000, status: "mailed", trackingId: answer.body.trackingId });
    const [piece] = await outboxOf(userId);
    expect(piece?.offerAmount).toBe(170_000);
  });

  it("mails only to the owner's address on record or the property's: another address is 422 until it is saved on the owner", async () => {
    const { client, propertyId, pdfUrl, userId } = await confirmed();
    const elsewhere = "1600 Pennsylvania Ave NW, Washington, DC 20500";
    const refused = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, pdfUrl, { recipientAddress: elsewhere }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/owner's mailing address on record/);
    expect(await outboxOf(userId)).toHaveLength(0);
    expect(await chargesOf(userId)).toHaveLength(0);
    expect(await db.select().from(letterMailings).where(eq(letterMailings.userId, userId))).toHaveLength(0);

    // The property's own address (any case and punctuation) is on record.
    const property = `${LEAD.address.toUpperCase()},  ${LEAD.city}, ${LEAD.state} ${LEAD.zipCode}`;
    const toProperty = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, pdfUrl, { recipientAddress: property }),
    );
    expect(toProperty.status).toBe(200);

    const saved = await client.call(
      patchRoute,
      "PATCH",
      `/api/properties/${propertyId}`,
      { ownerMailingAddress: elsewhere },
      { params: { id: propertyId } },
    );
    expect(saved.status).toBe(200);
    const accepted = await client.call(
      mailRoute,
      "POST",
      "/api/properties/mail-offer",
      mailBody(propertyId, pdfUrl, { recipientAddress: elsewhere, resend: true }),
    );
    expect(accepted.status).toBe(200);
    expect(await outboxOf(userId)).toHaveLength(2);
  });

  it("makes one letter and mails one piece for 8 parallel send-offers on a property without a letter", async () => {
    const { client, propertyId, userId } = await withProperty({ maxOffer: 180_000 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.call(sendRoute, "POST", "/api/properties/send-offer", { propertyId })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(await outboxOf(userId)).toHaveLength(1);
    expect(await lettersOf(userId)).toHaveLength(1);
    expect(await chargesOf(userId)).toHaveLength(1);
  });

  it("answers 8 parallel confirm-offers for the same offer with one document", async () => {
    const { client, propertyId, userId } = await withProperty();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((answer) => (answer.body.data as { documentId: string }).documentId));
    expect(ids.size).toBe(1);
    expect(await lettersOf(userId)).toHaveLength(1);
    // A different offer is a different letter.
    const other = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "Aggressive" }),
    );
    expect(other.status).toBe(200);
    expect(await lettersOf(userId)).toHaveLength(2);
  });
});
