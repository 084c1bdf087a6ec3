/**
 * The follow-up letter a sequence's letter step mails when the property has no Letter of Intent, as a mailed letter
 * (app/domain/documents/mailed-letter.ts): the sender's letterhead, the date, the recipient's block, the step's own
 * words with their line breaks, and a closing that names the offer — or, without one, asks the owner to call for one
 * — then the signer. Pure; app/services/sequences/follow-up-letter.server.ts prints it.
 */
import {
  letterDate,
  letterheadOf,
  recipientBlock,
  signedBy,
  type LetterSender,
  type MailedLetter,
} from "#app/domain/documents/mailed-letter.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

export type FollowUpLetterInput = {
  date: Date;
  /** The step's text with its placeholders filled: the user's own words. */
  message: string;
  /** The offer the letter names, in cents; null for a letter without a price. */
  amountCents: number | null;
  /** The property's address on one line ("123 Main St, Phoenix, AZ 85004"). */
  propertyAddress: string;
  /** Who it is mailed to: the owner's name and the one-line address the piece goes to. */
  recipient: { name: string; address: string };
  sender: LetterSender;
};

/** "call Pat Quinn at (602) 555-0123 or email pat@example.com", with what the profile holds. */
export function reachWords(sender: Pick<LetterSender, "signerName" | "phone" | "email">): string {
  if (sender.phone) return `call ${sender.signerName} at ${sender.phone}${sender.email ? ` or email ${sender.email}` : ""}`;
  if (sender.email) return `email ${sender.signerName} at ${sender.email}`;
  return `write to ${sender.signerName} at the address above`;
}

/** The message's paragraphs (split at blank lines; single line breaks kept), without a last line that only signs it. */
function bodyParagraphs(message: string, companyName: string): string[] {
  const paragraphs = message
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\s+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "");
  // The templates end with the company's name; the sign-off below prints it with the signer, so it is not said twice.
  const last = paragraphs.at(-1)?.trim().toLowerCase();
  if (paragraphs.length > 1 && last === companyName.trim().toLowerCase()) paragraphs.pop();
  return paragraphs;
}

export function followUpLetterText(input: FollowUpLetterInput): MailedLetter {
  const { sender } = input;
  const closing =
    input.amountCents === null
      ? `We would like to make you an offer — ${reachWords(sender)}.`
      : `To accept our offer of ${formatMoney(input.amountCents / 100)} or talk it over, ${reachWords(sender)}.`;
  return {
    title: `Letter - ${input.propertyAddress}`,
    letterhead: letterheadOf(sender),
    date: letterDate(input.date),
    recipient: recipientBlock(input.recipient.name, input.recipient.address),
    subject: `Re: ${input.propertyAddress}`,
    paragraphs: bodyParagraphs(input.message, sender.companyName),
    closing: [closing],
    signOff: signedBy(sender),
  };
}
