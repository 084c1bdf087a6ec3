/**
 * Mailing a Letter of Intent (mail-offer, send-offer): through the mail provider, once per letter (an idempotency key),
 * and the property moves to offer_sent.
 */
import { and, desc, eq } from "drizzle-orm";

import type { PropertyStatus } from "#db/enums.ts";
import { documents, properties } from "#db/schema.ts";
import type { MailOfferInput, SendOfferInput } from "#app/domain/offers/forms.ts";
import {
  messageText,
  NO_OFFER_CREATED,
  parseMailingAddress,
  propertyAddressLine,
  SEND_OFFER_FAILED,
  statusAfterMail,
} from "#app/domain/offers/rules.ts";
import type { OfferWarning } from "#app/domain/offers/warnings.ts";
import { MONEY_MIN } from "#app/domain/shared/money.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

import { needsConfirmation, propertyOfferWarnings, type NeedsConfirmation } from "./offer-checks.server.ts";
import { LETTER_NOT_FOUND, readPropertyAndSender, type PropertyRow, type Refusal, type Sender } from "./offer-records.server.ts";
import { produceLetter } from "./offers.server.ts";

/** The letter a pdfUrl names (`/documents/{id}/view` or `/download`, relative or absolute), or null. */
export function letterIdOf(pdfUrl: string): string | null {
  let path: string;
  try {
    path = new URL(pdfUrl, "http://breeze.invalid").pathname;
  } catch {
    return null;
  }
  const match = /^\/documents\/([0-9a-f-]{36})\/(view|download)$/.exec(path);
  return match ? match[1] : null;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The mail provider's idempotency key for a letter of a property: the same letter of the same property is mailed
 * once, however often (or however concurrently) Mail the Offer or Send Offer is pressed; a new letter is a new piece.
 */
export async function mailIdempotencyKey(propertyId: string, documentId: string): Promise<string> {
  return `loi-${await sha256Hex(`${propertyId}:${documentId}`)}`;
}

export type Mailed = {
  ok: true;
  trackingId: string;
  provider: string;
  status: PropertyStatus;
  expectedDeliveryDate?: string;
  /** The offer's warnings (offer-checks.server.ts), answered beside the receipt. */
  warnings?: OfferWarning[];
};

async function mailLetter(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  property: PropertyRow,
  sender: Sender,
  letter: { documentId: string; filePath: string },
  recipient: { name: string; address: string },
  offerAmount: number,
  now: Date,
): Promise<Mailed | Refusal> {
  const to = parseMailingAddress(recipient.address);
  if (!to) return { ok: false, status: 400, message: "Recipient address must be a street, city, 2-letter state and ZIP code" };
  const object = await context.files.get(letter.filePath);
  if (!object) return { ok: false, status: 404, message: LETTER_NOT_FOUND };
  const pdf = new Uint8Array(await object.arrayBuffer());
  let receipt;
  try {
    receipt = await context.providers.mail.sendLetter({
      userId,
      propertyId: property.id,
      idempotencyKey: await mailIdempotencyKey(property.id, letter.documentId),
      to: { name: recipient.name, ...to },
      from: sender.returnAddress,
      pdf,
      offerAmount,
      description: `Letter of Intent - ${property.address}`,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.error("mailing the offer failed", error.message);
    return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED), error: error.message };
  }
  const status = statusAfterMail(property.status);
  const [updated] = await context.db
    .update(properties)
    .set({ status, updatedAt: now })
    .where(and(eq(properties.id, property.id), eq(properties.userId, userId)))
    .returning({ status: properties.status });
  return {
    ok: true,
    trackingId: receipt.trackingId,
    provider: receipt.provider,
    status: updated?.status ?? status,
    ...(receipt.expectedDeliveryDate ? { expectedDeliveryDate: receipt.expectedDeliveryDate } : {}),
  };
}

/** mail-offer (the workbench): the letter the pdfUrl names, of this property, mailed to the recipient; offer_sent. */
export async function mailOffer(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  input: MailOfferInput,
  now: Date,
): Promise<Mailed | Refusal> {
  const documentId = letterIdOf(input.pdfUrl);
  const [{ property, sender }, letter] = await Promise.all([
    readPropertyAndSender(context, userId, input.propertyId),
    documentId ? findLetter(context, userId, input.propertyId, { documentId }) : null,
  ]);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  if (!letter) return { ok: false, status: 404, message: LETTER_NOT_FOUND };
  // The mail record's amount is the letter's: the property's offer when the letter is its current one (issue 35).
  const current = letter.name === property.offerPdfFilename && property.maxOffer !== null && Math.round(property.maxOffer) >= MONEY_MIN;
  const amount = current ? Math.round(property.maxOffer!) : input.offerAmount;
  const warnings = propertyOfferWarnings(property, amount);
  const mailed = await mailLetter(
    context,
    userId,
    property,
    sender,
    letter,
    { name: input.recipientName, address: input.recipientAddress },
    amount,
    now,
  );
  return mailed.ok ? { ...mailed, warnings } : mailed;
}

/** One of the user's letters of intent for the property: by id, or the one recorded on it under that file name (the newest). */
async function findLetter(
  context: ServiceContext<"db">,
  userId: string,
  propertyId: string,
  by: { documentId: string } | { name: string },
) {
  const row = await context.db
    .select({ documentId: documents.id, filePath: documents.filePath, name: documents.name })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.propertyId, propertyId),
        eq(documents.type, "letter_of_intent"),
        "documentId" in by ? eq(documents.id, by.documentId) : eq(documents.name, by.name),
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(1)
    .get();
  return row?.filePath ? { documentId: row.documentId, filePath: row.filePath, name: row.name } : null;
}

/**
 * send-offer (the CRM's property card): needs a max offer ('No Offer Created'); mails the letter recorded on the
 * property, or — when the max offer was set without one — a new letter for the max offer, to the owner's mailing
 * address (else the property's). offer_sent. With `ask` (a screen's form without `confirm`), a new letter whose offer
 * has warnings is not made: the page asks first (a recorded letter was checked when it was made).
 */
export async function sendOffer(
  context: ServiceContext<"db" | "files" | "providers">,
  userId: string,
  input: SendOfferInput,
  now: Date,
  ask = false,
): Promise<Mailed | Refusal | NeedsConfirmation> {
  const { property, sender } = await readPropertyAndSender(context, userId, input.propertyId);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  const maxOffer = property.maxOffer;
  // An amount that rounds to $0 is no offer (issue 35: a letter says at least $1).
  if (maxOffer === null || Math.round(maxOffer) < MONEY_MIN) return { ok: false, status: 400, message: messageText(NO_OFFER_CREATED) };
  const warnings = propertyOfferWarnings(property, Math.round(maxOffer));

  let current = property;
  let letter = property.offerPdfFilename ? await findLetter(context, userId, property.id, { name: property.offerPdfFilename }) : null;
  if (!letter) {
    if (ask && warnings.length > 0) return needsConfirmation(warnings);
    const amount = Math.round(maxOffer);
    let produced;
    try {
      produced = await produceLetter(context, userId, property, sender, { offerType: "custom", arv: property.arv ?? amount, amount }, now);
    } catch (error) {
      console.error("send-offer: the letter could not be produced", error);
      return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED) };
    }
    letter = { documentId: produced.documentId, filePath: produced.filePath, name: produced.fileName };
    current = { ...property, status: produced.status, maxOffer: amount };
  }
  const address = input.ownerMailingAddress ?? property.ownerMailingAddress ?? propertyAddressLine({ ...property, zip: property.zipCode });
  const name = input.ownerName ?? property.ownerName ?? "Property Owner";
  const mailed = await mailLetter(
    context,
    userId,
    current,
    sender,
    letter,
    { name, address },
    Math.round(current.maxOffer ?? maxOffer),
    now,
  );
  return mailed.ok ? { ...mailed, warnings } : mailed;
}
