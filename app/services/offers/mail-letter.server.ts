/**
 * Mailing one letter of intent once: the recipient checked against the records, the mailing claimed, a letter reserved
 * against the caps, the piece handed to the mail provider under an idempotency key, and the outcome recorded in one
 * batch under the claim.
 */
import { and, eq } from "drizzle-orm";

import type { PropertyStatus } from "#db/enums.ts";
import { properties } from "#db/schema.ts";
import { placeOf } from "#app/domain/activity/activity.ts";
import {
  ALREADY_MAILED,
  isRecipientOnRecord,
  MAILING_IN_PROGRESS,
  MAILING_UNCONFIRMED,
  mailingClaimKey,
  RECIPIENT_NOT_ON_RECORD,
} from "#app/domain/offers/mailing.ts";
import {
  messageText,
  parseMailingAddress,
  propertyAddressLine,
  SEND_OFFER_FAILED,
  statusAfterMail,
} from "#app/domain/offers/offer-rules.ts";
import type { OfferWarning } from "#app/domain/offers/warnings.ts";
import { windowStart } from "#app/domain/usage/windows.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { MailAddressRefused, MailOutcomeUnknown, type Letter as MailLetterRequest, type MailReceipt } from "#app/providers/mail/types.ts";
import { activityEntryWhen } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { dealOnMailStatement } from "#app/services/deals/deal-on-mail.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
import { usageEntryWhen } from "#app/services/usage/ledger.server.ts";

import {
  claimMailing,
  completeMailing,
  dropMailing,
  holdingMailing,
  leaveMailingUnconfirmed,
  mailingOf,
  type MailingClaim,
  type TakenClaim,
} from "./letter-mailings.server.ts";
import { LETTER_NOT_FOUND, type PropertyRow, type Refusal, type Sender } from "./offer-records.server.ts";

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

/** The 422 of an address the mail provider refuses: the problem under the field the user typed it in. */
function addressRefusal(error: MailAddressRefused, fields: { name: string; address: string }): Refusal {
  const field = error.part === "recipientName" ? fields.name : error.part === "recipientAddress" ? fields.address : "returnAddress";
  const fix = error.part === "returnAddress" && !/profile/.test(error.problem) ? " Correct your company's address in your profile." : "";
  const problem = error.problem.charAt(0).toUpperCase() + error.problem.slice(1);
  return { ok: false, status: 422, message: `${problem}.${fix}`, errors: { [field]: [`${problem}.${fix}`] } };
}

export type Mailed = {
  ok: true;
  trackingId: string;
  provider: string;
  status: PropertyStatus;
  /** The letter's own amount: what the mailing records. */
  amount: number;
  expectedDeliveryDate?: string;
  /** The offer's warnings (offer-checks.server.ts), answered beside the receipt. */
  warnings?: OfferWarning[];
};

export type Letter = { documentId: string; filePath: string; amount: number | null; name?: string };

type MailContext = ServiceContext<"db" | "files" | "providers" | "config" | "now">;
/** `fields`: the request's names for the name and the address, named in a 422's `errors`. */
export type Recipient = { name: string; address: string; fields: { name: string; address: string } };

/** What a mailing holds once claimed and reserved, and how it gives both back. */
type Held = {
  context: MailContext;
  now: Date;
  userId: string;
  claim: MailingClaim;
  reservation: Reservation;
  giveBack: () => Promise<unknown>;
  /** The member mailing it: their activity entry goes in the mailing's batch. */
  actorId: string;
};

/**
 * Mails a letter once: checks the recipient is on record, claims the mailing (a twin request finds it taken: 409),
 * reserves a letter against the caps (429/402), mails it, and records the mailing, the property's status and the
 * charge in one batch. A refusal or a failed mailing gives the claim and the reservation back.
 */
export async function mailLetter(
  context: MailContext,
  userId: string,
  property: PropertyRow,
  sender: Sender,
  letter: Letter,
  recipient: Recipient,
  /** `amount`: the letter's own, what is recorded and sent with it. */
  options: { resend: boolean; amount: number; actorId: string },
): Promise<Mailed | Refusal | CapRefusal> {
  const now = context.now();
  const address = recipientAddressOf(property, recipient);
  if (!address.ok) return address;
  const { to } = address;
  const { amount } = options;
  const claimKey = mailingClaimKey(property.id, amount, options.resend ? windowStart("minute", now) : null);
  const claimed = await claimMailing(
    { ...context, now: () => now },
    {
      userId,
      propertyId: property.id,
      documentId: letter.documentId,
      claimKey,
      recipientName: recipient.name,
      recipientAddress: recipient.address,
      amount,
      actorId: options.actorId,
    },
  );
  if (!claimed.ok) return claimedElsewhere(claimed.taken);
  const { claim } = claimed;
  const reserved = await reserveUsage({ ...context, now: () => now }, userId, "letter", 1);
  if (!reserved.ok) {
    await dropMailing(context, userId, claim);
    return reserved;
  }
  const giveBack = () => Promise.all([dropMailing(context, userId, claim), releaseUsage(context, reserved.reservation)]);
  const held: Held = { context, now, userId, claim, reservation: reserved.reservation, giveBack, actorId: options.actorId };
  const object = await context.files.get(letter.filePath);
  if (!object) {
    await giveBack();
    return { ok: false, status: 404, message: LETTER_NOT_FOUND };
  }
  const sent = await sendPiece(
    held,
    {
      userId,
      propertyId: property.id,
      idempotencyKey: await mailIdempotencyKey(property.id, `${letter.documentId}:${claimKey}`),
      to: { name: recipient.name, ...to },
      from: sender.returnAddress,
      pdf: new Uint8Array(await object.arrayBuffer()),
      offerAmount: amount,
      description: `Letter of Intent - ${property.address}`,
    },
    recipient.fields,
  );
  if (!sent.ok) return sent;
  return recordMailed(held, property, sent.receipt, amount);
}

/** The recipient's parsed address when it is a full postal address the records name for the property; else a refusal. */
function recipientAddressOf(
  property: PropertyRow,
  recipient: Recipient,
): { ok: true; to: NonNullable<ReturnType<typeof parseMailingAddress>> } | Refusal {
  const to = parseMailingAddress(recipient.address);
  if (!to) return { ok: false, status: 400, message: "Recipient address must be a street, city, 2-letter state and ZIP code" };
  const onRecord = [property.ownerMailingAddress, propertyAddressLine({ ...property, zip: property.zipCode })];
  if (!isRecipientOnRecord(recipient.address, onRecord))
    return { ok: false, status: 422, message: RECIPIENT_NOT_ON_RECORD, errors: { [recipient.fields.address]: [RECIPIENT_NOT_ON_RECORD] } };
  return { ok: true, to };
}

/** Hands the piece to the mail provider; a refusal or a failure gives back what is held (an unconfirmed one keeps its claim). */
async function sendPiece(
  held: Held,
  piece: MailLetterRequest,
  fields: Recipient["fields"],
): Promise<{ ok: true; receipt: MailReceipt } | Refusal> {
  const { context } = held;
  try {
    return { ok: true, receipt: await context.providers.mail.sendLetter(piece) };
  } catch (error) {
    if (error instanceof MailOutcomeUnknown) {
      // The letter may exist: the claim stays (the next press sends the same key); only a confirmed letter is charged.
      await Promise.all([
        leaveMailingUnconfirmed({ ...context, now: () => held.now }, held.userId, held.claim),
        releaseUsage(context, held.reservation),
      ]);
      console.error("mailing the offer is unconfirmed", error.message);
      return { ok: false, status: 504, message: messageText(MAILING_UNCONFIRMED), error: error.message };
    }
    await held.giveBack();
    // An address the mail provider refused before calling it: the user's to fix, so a 422 naming the field.
    if (error instanceof MailAddressRefused) return addressRefusal(error, fields);
    if (!(error instanceof ProviderError)) throw error;
    console.error("mailing the offer failed", error.message);
    return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED), error: error.message };
  }
}

/**
 * Records the mailing, the property's new status, the letter's charge and the lead's deal in one batch, each written
 * only while this request still holds its claim (the mailing itself last): a request whose claim was taken over
 * meanwhile records nothing, gives its reservation back and is told who mailed it.
 */
async function recordMailed(held: Held, property: PropertyRow, receipt: MailReceipt, amount: number): Promise<Mailed | Refusal> {
  const { context, now, userId, claim } = held;
  const status = statusAfterMail(property.status);
  const holding = holdingMailing(userId, claim);
  const entry = activityEntryWhen(
    { db: context.db, now: () => now },
    {
      workspaceId: userId,
      actorId: held.actorId,
      kind: "letter_mailed",
      propertyId: property.id,
      place: placeOf(property),
      detail: { amount },
    },
    holding,
  );
  let updated, recorded;
  try {
    const results = await context.db.batch([
      context.db
        .update(properties)
        .set({ status, updatedAt: now })
        .where(and(eq(properties.id, property.id), eq(properties.userId, userId), holding))
        .returning({ status: properties.status }),
      usageEntryWhen(
        { db: context.db, now: () => now },
        { reservation: held.reservation, quantity: 1, providerRequestId: receipt.trackingId, condition: holding },
      ),
      // A mailed offer: the lead is in negotiation (its deal, when it has none), recorded with the mailing.
      dealOnMailStatement({ db: context.db, now: () => now }, { userId, propertyId: property.id, condition: holding }),
      // The member's entry, under the same claim.
      entry,
      completeMailing({ ...context, now: () => now }, userId, claim, receipt),
    ]);
    [updated, recorded] = [results[0], results[results.length - 1] as unknown[]];
  } catch (error) {
    // The batch left nothing (D1 rolls it back whole). The piece was handed to the provider under its idempotency key,
    // so the claim and the charge are given back: a retry claims again, sends the same key and records the same piece
    // (docs/decisions/080-usage-ledger-and-caps.md), never a second letter.
    console.error("recording the mailed offer failed", error);
    await held.giveBack();
    return { ok: false, status: 502, message: messageText(SEND_OFFER_FAILED), error: "the mailing could not be recorded" };
  }
  if (recorded.length === 0) {
    const [taken] = await Promise.all([mailingOf(context, userId, claim), releaseUsage(context, held.reservation)]);
    return claimedElsewhere(taken);
  }
  return {
    ok: true,
    trackingId: receipt.trackingId,
    provider: receipt.provider,
    status: updated[0]?.status ?? status,
    amount,
    ...(receipt.expectedDeliveryDate ? { expectedDeliveryDate: receipt.expectedDeliveryDate } : {}),
  };
}

/** The 409 of a mailing another request holds: mailed (with its tracking id) or being mailed. */
function claimedElsewhere(taken: TakenClaim): Refusal {
  const message = taken.status === "mailed" ? ALREADY_MAILED : MAILING_IN_PROGRESS;
  return { ok: false, status: 409, message, ...(taken.trackingId ? { trackingId: taken.trackingId } : {}) };
}
