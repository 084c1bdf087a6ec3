/**
 * The follow-up letter a sequence's letter step mails when the property has no Letter of Intent, printed in the
 * layout every mailed letter shares (app/services/documents/letter-pdf.server.ts). Its dates are the letter's own, so
 * the same letter gives the same bytes (the mail provider's idempotency key is the step's, not the bytes').
 */
import { followUpLetterText, type FollowUpLetterInput } from "#app/domain/sequences/follow-up-letter.ts";
import { renderMailedLetterPdf } from "#app/services/documents/letter-pdf.server.ts";

export function renderFollowUpLetterPdf(letter: FollowUpLetterInput): Promise<Uint8Array> {
  return renderMailedLetterPdf(followUpLetterText(letter), letter.date);
}
