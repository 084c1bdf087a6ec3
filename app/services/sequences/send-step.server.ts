/**
 * Sending a sequence's letter or email step when it is completed. A letter goes the way Mail the Offer's
 * does (docs/decisions/075-follow-up-sequences.md): the recipient must be on record, a `letter` is
 * reserved against the caps first (429/402), the property's Letter of Intent — or, without one, the step's own
 * follow-up letter — is mailed through the mail provider, and the ledger entry is handed back to go in the step's
 * write batch; a refusal or a failed mailing releases the reservation. An email goes through the email provider
 * (no ledger kind exists for email, so it costs nothing). The caller holds the task's claim, so a double-click
 * mails once.
 */
import { and, desc, eq } from "drizzle-orm";

import { documents } from "#db/schema.ts";
import { isRecipientOnRecord, MAILING_UNCONFIRMED, RECIPIENT_NOT_ON_RECORD } from "#app/domain/offers/mailing.ts";
import { messageText, parseMailingAddress, propertyAddressLine } from "#app/domain/offers/offer-rules.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { MailAddressRefused, MailOutcomeUnknown } from "#app/providers/mail/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { readPropertyAndSender } from "#app/services/offers/offer-records.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { renderFollowUpLetterPdf } from "./follow-up-letter.server.ts";

export type StepContext = ServiceContext<"db" | "files" | "providers" | "config" | "now">;

export type StepContact = { recipientType: string; recipientValue: string; status: string };

export type StepRefusal = { ok: false; status: 400 | 404 | 422 | 502 | 504; message: string } | CapRefusal;

/** What sending added: the statements for the step's write batch (the ledger entry), and the receipt. */
export type StepSent = { ok: true; statements: ReturnType<typeof usageEntry>[]; trackingId: string | null };

export const NO_MAILING_ADDRESS = "This step has no mailing address to send the letter to";
export const NO_EMAIL_ADDRESS = "This step has no email address to send to";
export const LETTER_NOT_MAILED = "The letter could not be mailed. Nothing was charged; try again.";
export const EMAIL_NOT_SENT = "The email could not be sent; try again.";

/** The newest Letter of Intent recorded for the property (the one on the property first), with its file. */
async function letterOfIntent(context: StepContext, userId: string, propertyId: string, current: string | null) {
  const rows = await context.db
    .select({ name: documents.name, filePath: documents.filePath })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.propertyId, propertyId), eq(documents.type, "letter_of_intent")))
    .orderBy(desc(documents.createdAt))
    .limit(20);
  const row = rows.find((letter) => letter.filePath && letter.name === current) ?? rows.find((letter) => letter.filePath);
  const object = row?.filePath ? await context.files.get(row.filePath) : null;
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

export async function mailLetterStep(
  context: StepContext,
  userId: string,
  step: { activityId: string; propertyId: string; message: string; contacts: readonly StepContact[] },
): Promise<StepSent | StepRefusal> {
  const now = context.now();
  const contact = step.contacts.find((row) => row.recipientType === "address" && row.status === "pending");
  if (!contact) return { ok: false, status: 400, message: NO_MAILING_ADDRESS };
  const { property, sender } = await readPropertyAndSender(context, userId, step.propertyId);
  if (!property) return { ok: false, status: 404, message: "Property not found" };
  const onRecord = [property.ownerMailingAddress, propertyAddressLine({ ...property, zip: property.zipCode })];
  const to = parseMailingAddress(contact.recipientValue);
  if (!to || !isRecipientOnRecord(contact.recipientValue, onRecord)) return { ok: false, status: 422, message: RECIPIENT_NOT_ON_RECORD };

  const recipientName = property.ownerName?.trim() || "Property Owner";
  const reserved = await reserveUsage({ ...context, now: () => now }, userId, "letter", 1);
  if (!reserved.ok) return reserved;
  try {
    const pdf =
      (await letterOfIntent(context, userId, property.id, property.offerPdfFilename)) ??
      (await renderFollowUpLetterPdf({
        date: now,
        message: step.message,
        amountCents: property.maxOffer !== null && property.maxOffer > 0 ? Math.round(property.maxOffer * 100) : null,
        propertyAddress: propertyAddressLine({ ...property, zip: property.zipCode }),
        recipient: { name: recipientName, address: contact.recipientValue },
        sender,
      }));
    const receipt = await context.providers.mail.sendLetter({
      userId,
      propertyId: property.id,
      // The step's own key: a retry of the same step never mails a second piece.
      idempotencyKey: `sequence-${step.activityId}`,
      to: { name: recipientName, ...to },
      from: sender.returnAddress,
      pdf,
      description: `Follow-up letter - ${property.address}`,
    });
    return {
      ok: true,
      statements: [usageEntry({ db: context.db, now: () => now }, reserved.reservation, 1, receipt.trackingId)],
      trackingId: receipt.trackingId,
    };
  } catch (error) {
    await releaseUsage(context, reserved.reservation);
    if (error instanceof MailAddressRefused) return { ok: false, status: 422, message: `${error.problem}.` };
    // The letter may exist: said so, never "not mailed"; pressing again sends the step's same key, so it is mailed once.
    if (error instanceof MailOutcomeUnknown) {
      console.error("mailing a sequence letter is unconfirmed", error.message);
      return { ok: false, status: 504, message: messageText(MAILING_UNCONFIRMED) };
    }
    if (!(error instanceof ProviderError)) throw error;
    console.error("mailing a sequence letter failed", error.message);
    return { ok: false, status: 502, message: LETTER_NOT_MAILED };
  }
}

export async function emailStep(
  context: StepContext,
  step: { activityId: string; address: string; message: string; contacts: readonly StepContact[] },
): Promise<StepSent | StepRefusal> {
  const contact = step.contacts.find((row) => row.recipientType === "email" && row.status === "pending");
  if (!contact) return { ok: false, status: 400, message: NO_EMAIL_ADDRESS };
  try {
    // Keyed by the step, like its letter (`sequence-{id}`): a retry after a lost answer sends the email once.
    const sent = await context.providers.email.send({
      to: contact.recipientValue,
      subject: `About ${step.address}`,
      text: step.message,
      idempotencyKey: `sequence-email-${step.activityId}`,
    });
    return { ok: true, statements: [], trackingId: sent.id };
  } catch (error) {
    // Any email provider's failure (the http one throws plain errors too) is the user's to retry, never a 5xx.
    console.error("emailing a sequence step failed", error instanceof Error ? error.message : error);
    return { ok: false, status: 502, message: EMAIL_NOT_SENT };
  }
}
