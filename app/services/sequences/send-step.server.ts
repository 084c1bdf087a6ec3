/**
 * Sending a sequence's letter or email step when it is completed. A letter goes the way Mail the Offer's
 * does (docs/decisions/075-follow-up-sequences.md): the recipient must be on record, the mailing is
 * claimed under the same once-per-property-and-offer key as Mail the Offer (an offer's letter already mailed is not
 * mailed again, unless the step mails again), a `letter` is reserved against the caps (429/402), the property's
 * Letter of Intent of that offer — or the step's own letter — is mailed, and the statements recording the mailing,
 * the property's Offer Sent and the charge are handed back for the step's write batch. A refusal or a failed mailing
 * gives the claim and the reservation back. An email goes through the email provider (no ledger kind exists for
 * email, so it costs nothing). The caller holds the task's claim, so a double-click mails once.
 */
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { PropertyStatus } from "#db/enums.ts";
import { documents, properties } from "#db/schema.ts";
import { placeOf } from "#app/domain/activity/activity.ts";
import {
  isRecipientOnRecord,
  MAILING_IN_PROGRESS,
  MAILING_UNCONFIRMED,
  mailingClaimKey,
  RECIPIENT_NOT_ON_RECORD,
} from "#app/domain/offers/mailing.ts";
import { messageText, parseMailingAddress, propertyAddressLine, statusAfterMail } from "#app/domain/offers/offer-rules.ts";
import { LETTER_ALREADY_MAILED_NOTE } from "#app/domain/sequences/task-state.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { MailAddressRefused, MailOutcomeUnknown, type MailReceipt } from "#app/providers/mail/types.ts";
import { activityEntryWhen } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { dealOnMailStatement } from "#app/services/deals/deal-on-mail.server.ts";
import {
  claimMailing,
  completeMailing,
  dropMailing,
  holdingMailing,
  type MailingClaim,
} from "#app/services/offers/letter-mailings.server.ts";
import { mailIdempotencyKey } from "#app/services/offers/mail-letter.server.ts";
import { readPropertyAndSender } from "#app/services/offers/offer-records.server.ts";
import { releaseUsage, reserveUsage, reserveUsageBy, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
import { usageEntryWhen } from "#app/services/usage/ledger.server.ts";

import { renderFollowUpLetterPdf } from "./follow-up-letter.server.ts";

export type StepContext = ServiceContext<"db" | "files" | "providers" | "config" | "now">;

export type StepContact = { recipientType: string; recipientValue: string; status: string };

export type StepRefusal = { ok: false; status: 400 | 404 | 409 | 422 | 502 | 504; message: string } | CapRefusal;

/**
 * What sending added: the statements for the step's write batch (the mailing, the property's status, the charge and
 * the member's entry for the letter), each guarded by `held` (the step's claim is still this request's), the receipt,
 * a note for the step when nothing was sent (the offer's letter was mailed already), whether those statements log the
 * member's action (a letter mailed, so the step needs no entry of its own), and how to give back the cap's
 * reservation when the batch wrote nothing (another request took the step over and records the piece).
 */
export type StepSent = {
  ok: true;
  statements: (held: SQL) => BatchItem<"sqlite">[];
  trackingId: string | null;
  note: string | null;
  logged: boolean;
  release: () => Promise<void>;
};

const NOTHING_SENT = { statements: () => [], logged: false, release: () => Promise.resolve() };

export const NO_MAILING_ADDRESS = "This step has no mailing address to send the letter to";
export const NO_EMAIL_ADDRESS = "This step has no email address to send to";
export const LETTER_NOT_MAILED = "The letter could not be mailed. Nothing was charged; try again.";
export const EMAIL_NOT_SENT = "The email could not be sent; try again.";

/** The property's Letter of Intent for exactly `amount` (the newest), with its file: the offer's own letter. */
async function letterOfIntentFor(context: StepContext, userId: string, propertyId: string, amount: number) {
  const row = await context.db
    .select({ id: documents.id, filePath: documents.filePath })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.propertyId, propertyId),
        eq(documents.type, "letter_of_intent"),
        eq(documents.amount, amount),
      ),
    )
    .orderBy(desc(documents.createdAt))
    .limit(1)
    .get();
  const object = row?.filePath ? await context.files.get(row.filePath) : null;
  return row && object ? { documentId: row.id, pdf: new Uint8Array(await object.arrayBuffer()) } : null;
}

export type LetterStep = {
  userId: string;
  activityId: string;
  propertyId: string;
  message: string;
  contacts: readonly StepContact[];
  /** The property's chosen offer, whole dollars; null for a letter without a price. */
  amount: number | null;
  /** The step mails its letter even when this offer's letter was mailed already. */
  mailAgain: boolean;
  /** The member completing the step: who requested the mailing, whose entry the step's batch writes (else the founder, unlogged). */
  actorId?: string;
};

/** The mailing's claim key: Mail the Offer's for the offer (so the two never mail one offer twice), this step's when it mails again. */
function claimKeyOf(step: LetterStep): string {
  const base = step.amount === null ? `${step.propertyId}:no-price` : mailingClaimKey(step.propertyId, step.amount, null);
  return step.mailAgain ? `${base}:step:${step.activityId}` : base;
}

/** The step's pending mailing address, checked against the property's addresses on record, and who signs the letter. */
async function letterRecipient(context: StepContext, step: LetterStep) {
  const contact = step.contacts.find((row) => row.recipientType === "address" && row.status === "pending");
  if (!contact) return { ok: false as const, status: 400 as const, message: NO_MAILING_ADDRESS };
  const { property, sender } = await readPropertyAndSender(context, step.userId, step.propertyId);
  if (!property) return { ok: false as const, status: 404 as const, message: "Property not found" };
  const onRecord = [property.ownerMailingAddress, propertyAddressLine({ ...property, zip: property.zipCode })];
  const to = parseMailingAddress(contact.recipientValue);
  if (!to || !isRecipientOnRecord(contact.recipientValue, onRecord))
    return { ok: false as const, status: 422 as const, message: RECIPIENT_NOT_ON_RECORD };
  return { ok: true as const, contact, property, sender, to };
}

/** A mail provider's failure in words: an address it refused, an outcome it could not confirm, or a letter not mailed. */
function mailFailure(error: unknown): StepRefusal {
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

/**
 * The mailed letter's statements for the step's batch: the property's Offer Sent and its deal (a priced letter), the
 * charge, the member's entry and the mailing itself, last; each guarded by the step's claim and the letter's own, as
 * Mail the Offer's are.
 */
function mailedStatements(
  context: StepContext,
  mailed: {
    step: LetterStep;
    property: { id: string; status: PropertyStatus; address: string; city: string | null; state: string | null };
    claim: MailingClaim;
    receipt: MailReceipt;
    reservation: Reservation;
  },
): StepSent["statements"] {
  const { step, property, claim, receipt, reservation } = mailed;
  const { userId } = step;
  const now = context.now();
  const owned = and(eq(properties.id, property.id), eq(properties.userId, userId));
  // The member's entry reads as Mail the Offer's: a letter of intent mailed for the offer (a letter without a price, none).
  const entry = step.actorId
    ? {
        workspaceId: userId,
        actorId: step.actorId,
        kind: "letter_mailed" as const,
        propertyId: property.id,
        place: placeOf(property),
        detail: step.amount !== null ? { amount: step.amount } : {},
      }
    : null;
  return (stepHeld) => {
    const held = and(stepHeld, holdingMailing(userId, claim))!;
    return [
      ...(step.amount !== null
        ? [
            context.db
              .update(properties)
              .set({ status: statusAfterMail(property.status), updatedAt: now })
              .where(and(owned, held)),
            // A mailed offer: the lead is in negotiation (its deal, when it has none).
            dealOnMailStatement(context, { userId, propertyId: property.id, condition: held }),
          ]
        : []),
      usageEntryWhen(context, { reservation, quantity: 1, providerRequestId: receipt.trackingId, condition: held }),
      ...(entry ? [activityEntryWhen(context, entry, held)] : []),
      completeMailing(context, userId, claim, receipt, stepHeld),
    ];
  };
}

export async function mailLetterStep(context: StepContext, step: LetterStep): Promise<StepSent | StepRefusal> {
  const { userId } = step;
  const now = context.now();
  const recipient = await letterRecipient(context, step);
  if (!recipient.ok) return recipient;
  const { contact, property, sender, to } = recipient;

  const offerLetter = step.amount !== null && !step.mailAgain ? await letterOfIntentFor(context, userId, property.id, step.amount) : null;
  const recipientName = property.ownerName?.trim() || "Property Owner";
  const claimKey = claimKeyOf(step);
  const claimed = await claimMailing(context, {
    userId,
    propertyId: property.id,
    documentId: offerLetter?.documentId ?? null,
    claimKey,
    recipientName,
    recipientAddress: contact.recipientValue,
    amount: step.amount ?? 0,
    actorId: step.actorId ?? userId,
  });
  if (!claimed.ok) {
    if (claimed.taken.status === "mailed") return { ok: true, ...NOTHING_SENT, trackingId: null, note: LETTER_ALREADY_MAILED_NOTE };
    return { ok: false, status: 409, message: MAILING_IN_PROGRESS };
  }
  // The member who asked (kept with the step's claim, so a sweep finishing their request charges them too).
  const reserved = step.actorId
    ? await reserveUsageBy(context, { spender: { workspaceId: userId, memberId: step.actorId }, kind: "letter", quantity: 1 })
    : await reserveUsage(context, userId, "letter", 1);
  if (!reserved.ok) {
    await dropMailing(context, userId, claimed.claim);
    return reserved;
  }
  try {
    const pdf =
      offerLetter?.pdf ??
      (await renderFollowUpLetterPdf({
        date: now,
        message: step.message,
        amountCents: step.amount === null ? null : Math.round(step.amount * 100),
        propertyAddress: propertyAddressLine({ ...property, zip: property.zipCode }),
        recipient: { name: recipientName, address: contact.recipientValue },
        sender,
      }));
    const receipt = await context.providers.mail.sendLetter({
      userId,
      propertyId: property.id,
      // The offer's letter under Mail the Offer's key, so the vendor too sees one piece; a step's own letter under its key.
      idempotencyKey: offerLetter
        ? await mailIdempotencyKey(property.id, `${offerLetter.documentId}:${claimKey}`)
        : `sequence-${step.activityId}`,
      to: { name: recipientName, ...to },
      from: sender.returnAddress,
      pdf,
      ...(step.amount !== null ? { offerAmount: step.amount } : {}),
      description: `Follow-up letter - ${property.address}`,
    });
    const { reservation } = reserved;
    return {
      ok: true,
      statements: mailedStatements(context, { step, property, claim: claimed.claim, receipt, reservation }),
      trackingId: receipt.trackingId,
      note: null,
      logged: step.actorId !== undefined,
      release: () => releaseUsage(context, reservation),
    };
  } catch (error) {
    await Promise.all([dropMailing(context, userId, claimed.claim), releaseUsage(context, reserved.reservation)]);
    return mailFailure(error);
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
    return { ok: true, ...NOTHING_SENT, trackingId: sent.id, note: null };
  } catch (error) {
    // Any email provider's failure (the http one throws plain errors too) is the user's to retry, never a 5xx.
    console.error("emailing a sequence step failed", error instanceof Error ? error.message : error);
    return { ok: false, status: 502, message: EMAIL_NOT_SENT };
  }
}
