/**
 * Mailing a Letter of Intent from a screen: mail-offer (the workbench's letter, named by its pdfUrl) and send-offer (the
 * letter recorded on the CRM's property card, made first when there is none). Each mails through mailLetter, once per
 * letter, and the property moves to offer_sent.
 */
import { and, desc, eq } from "drizzle-orm";

import { documents } from "#db/schema.ts";
import type { MailOfferInput, SendOfferInput } from "#app/domain/offers/offer-forms.ts";
import { messageText, NO_OFFER_CREATED, propertyAddressLine, SEND_OFFER_FAILED } from "#app/domain/offers/offer-rules.ts";
import { MONEY_MIN } from "#app/domain/shared/money.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";
import type { CapRefusal } from "#app/services/usage/caps.server.ts";

import { mailLetter, type Letter, type Mailed } from "./mail-letter.server.ts";
import { needsConfirmation, propertyOfferWarnings, type NeedsConfirmation } from "./offer-checks.server.ts";
import { LETTER_NOT_FOUND, readPropertyAndSender, type Refusal } from "./offer-records.server.ts";
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

/** mail-offer (the workbench): the letter the pdfUrl names, of this property, mailed to the recipient; offer_sent. */
export async function mailOffer(
  context: ServiceContext<"db" | "files" | "providers" | "config" | "now">,
  userId: string,
  input: MailOfferInput & { actorId: string },
): Promise<Mailed | Refusal | CapRefusal> {
  const now = context.now();
  const documentId = letterIdOf(input.pdfUrl);
  const [{ property, sender, rule }, letter] = await Promise.all([
    readPropertyAndSender(context, userId, input.propertyId),
    documentId ? findLetter(context, userId, input.propertyId, { documentId }) : null,
  ]);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  if (!letter) return { ok: false, status: 404, message: LETTER_NOT_FOUND };
  // The mail record's amount is the letter's own; a letter made before letters kept theirs is the property's offer when
  // it is the property's current letter, else the (strictly checked) amount the client names.
  const current = letter.name === property.offerPdfFilename && property.maxOffer !== null && Math.round(property.maxOffer) >= MONEY_MIN;
  const amount = letter.amount ?? (current ? Math.round(property.maxOffer!) : input.offerAmount);
  const warnings = propertyOfferWarnings(property, amount, {}, rule);
  const mailed = await mailLetter(
    { ...context, now: () => now },
    userId,
    property,
    sender,
    letter,
    { name: input.recipientName, address: input.recipientAddress, fields: { name: "recipientName", address: "recipientAddress" } },
    { resend: input.resend === true, amount, actorId: input.actorId },
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
    .select({ documentId: documents.id, filePath: documents.filePath, amount: documents.amount, name: documents.name })
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
  return row?.filePath ? { documentId: row.documentId, filePath: row.filePath, amount: row.amount, name: row.name } : null;
}

/**
 * send-offer (the CRM's property card): needs a max offer ('No Offer Created'); mails the letter recorded on the
 * property, or — when the max offer was set without one — a new letter for the max offer, to the owner's mailing
 * address (else the property's). offer_sent. With `ask` (a screen's form without `confirm`), a new letter whose offer
 * has warnings is not made: the page asks first (a recorded letter was checked when it was made).
 */
export async function sendOffer(
  context: ServiceContext<"db" | "files" | "providers" | "config" | "now">,
  userId: string,
  input: SendOfferInput & { actorId: string },
  ask = false,
): Promise<Mailed | Refusal | CapRefusal | NeedsConfirmation> {
  const now = context.now();
  const { property, sender, rule } = await readPropertyAndSender(context, userId, input.propertyId);
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  const maxOffer = property.maxOffer;
  // An amount that rounds to $0 is no offer (a letter says at least $1).
  if (maxOffer === null || Math.round(maxOffer) < MONEY_MIN) return { ok: false, status: 400, message: messageText(NO_OFFER_CREATED) };
  const warnings = propertyOfferWarnings(property, Math.round(maxOffer), {}, rule);

  let current = property;
  let letter: Letter | null = property.offerPdfFilename
    ? await findLetter(context, userId, property.id, { name: property.offerPdfFilename })
    : null;
  if (!letter) {
    if (ask && warnings.length > 0) return needsConfirmation(warnings);
    const amount = Math.round(maxOffer);
    let produced;
    try {
      produced = await produceLetter({ ...context, now: () => now }, userId, property, sender, {
        offerType: "custom",
        arv: property.arv ?? amount,
        amount,
      });
    } catch (error) {
      console.error("send-offer: the letter could not be produced", error);
      return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED) };
    }
    letter = { documentId: produced.documentId, filePath: produced.filePath, amount: produced.offerAmount, name: produced.fileName };
    current = { ...property, status: produced.status, maxOffer: amount };
  }
  const address = input.ownerMailingAddress ?? property.ownerMailingAddress ?? propertyAddressLine({ ...property, zip: property.zipCode });
  const name = input.ownerName ?? property.ownerName ?? "Property Owner";
  const mailed = await mailLetter(
    { ...context, now: () => now },
    userId,
    current,
    sender,
    letter,
    { name, address, fields: { name: "ownerName", address: "ownerMailingAddress" } },
    { resend: input.resend === true, amount: letter.amount ?? Math.round(current.maxOffer ?? maxOffer), actorId: input.actorId },
  );
  return mailed.ok ? { ...mailed, warnings } : mailed;
}
