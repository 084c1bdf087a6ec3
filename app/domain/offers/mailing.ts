/**
 * Who a Letter of Intent may be mailed to, and when a mailing is a repeat (docs/decisions/080-usage-ledger-and-caps.md):
 * one mailed letter per property and offer; a second one only when asked for (`resend`).
 */
export const ALREADY_MAILED = "Already mailed: this offer's letter was mailed to the owner. Mail it again to send a second letter.";
export const MAILING_IN_PROGRESS = "This letter is being mailed already.";
export const RECIPIENT_NOT_ON_RECORD =
  "A letter goes to the owner's mailing address on record or the property's address. Save this address as the owner's mailing address first.";
/**
 * The mail service gave no answer, even to the same request tried again: the letter may or may not be on its way. Said
 * so, never "not mailed"; a retry sends the same request, so the letter is recorded once or mailed once.
 */
export const MAILING_UNCONFIRMED = {
  title: "Mailing Not Confirmed",
  description:
    "The mail service did not confirm the letter, so it may already be on its way. Nothing is charged until it is confirmed: mail it again to check, and the same letter is never mailed twice.",
} as const;
/** A claim still "mailing" after this long belongs to a request that died: a new request may take it over. */
export const STALE_MAILING_MS = 5 * 60_000;

/** An address compared as a person reads it: case, punctuation and spacing do not matter. */
export function addressKey(address: string): string {
  return address.toLowerCase().replace(/[.,#]/g, " ").replace(/\s+/g, " ").trim();
}

/** True when `address` is one the letter may go to (the owner's mailing address on record, the property's address). */
export function isRecipientOnRecord(address: string, onRecord: (string | null | undefined)[]): boolean {
  const key = addressKey(address);
  return onRecord.some((known) => known != null && known.trim() !== "" && addressKey(known) === key);
}

/**
 * The claim a mailing takes: the property and the offer's amount (in cents) for the first letter, plus the minute for
 * a deliberate resend, so double-clicks and parallel twins within that minute are still one letter.
 */
export function mailingClaimKey(propertyId: string, amount: number, resendMinute: number | null): string {
  const base = `${propertyId}:${Math.round(amount * 100)}`;
  return resendMinute === null ? base : `${base}:resend:${resendMinute}`;
}
