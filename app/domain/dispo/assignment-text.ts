/**
 * The Assignment of Contract's wording: the wholesaler (assignor) assigns their rights under the signed purchase
 * agreement — its date, its parties (the seller and the wholesaler "and/or assigns"), the property, its price — to the
 * end buyer (assignee) for the assignment fee, with the assignee's earnest money and the closing date. Laid out as a
 * mailed letter (app/services/documents/letter-pdf.server.ts) with a line for each party to sign. Pure.
 */
import { contactWords, letterDate, letterheadOf, type LetterSender, type MailedLetter } from "#app/domain/documents/mailed-letter.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

export const ASSIGNMENT_TITLE = "Assignment of Contract";

export type AssignmentInput = {
  /** The day the assignment is made. */
  date: Date;
  assignor: LetterSender;
  assignee: { name: string; email: string; phone: string | null };
  contract: {
    /** The purchase agreement's date. */
    date: Date;
    sellerName: string | null;
    price: number;
    /** YYYY-MM-DD, the purchase agreement's closing date. */
    closeDate: string | null;
  };
  property: { address: string; city: string | null; state: string | null; zip: string | null };
  /** The buyer's price less the contract price (app/domain/dispo/contract.ts spreadOf). */
  fee: number;
  earnestMoney: number | null;
};

function placeLine(property: AssignmentInput["property"]): string {
  return [property.address, property.city, [property.state, property.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

const dayWords = (day: string | null) => (day ? letterDate(new Date(`${day}T12:00:00Z`)) : "the closing date in the Purchase Agreement");

export function assignmentText(input: AssignmentInput): MailedLetter {
  const { assignor, assignee, contract, property } = input;
  const where = placeLine(property);
  const seller = contract.sellerName?.trim() || "the owner of record";
  const assigneeLine = [assignee.name, assignee.email, assignee.phone].filter((line): line is string => Boolean(line));
  return {
    title: `${ASSIGNMENT_TITLE} - ${where}`,
    letterhead: letterheadOf(assignor),
    date: letterDate(input.date),
    recipient: assigneeLine,
    heading: ASSIGNMENT_TITLE,
    subject: `Re: ${where}`,
    paragraphs: [
      `This Assignment of Contract is made on ${letterDate(input.date)} between ${assignor.companyName} ("Assignor") and ${assignee.name} ("Assignee").`,
      `Assignor is the buyer under the purchase agreement dated ${letterDate(contract.date)} between ${seller} ("Seller") and ${assignor.companyName} and/or assigns ("Buyer") for the property at ${where}, at a purchase price of ${formatMoney(contract.price)} (the "Purchase Agreement").`,
    ],
    terms: [
      {
        heading: "1. Assignment",
        body: "Assignor assigns to Assignee all of its rights, title and interest in the Purchase Agreement. Assignee takes on all of Assignor's obligations under it and closes with Seller on its terms.",
      },
      {
        heading: "2. Assignment fee",
        body: `Assignee pays Assignor an assignment fee of ${formatMoney(input.fee)} at closing, through the closing agent.`,
      },
      {
        heading: "3. Earnest money",
        body:
          input.earnestMoney === null
            ? "Assignee deposits the earnest money the Purchase Agreement requires with the closing agent within three business days."
            : `Assignee deposits ${formatMoney(input.earnestMoney)} as earnest money with the closing agent within three business days. It is not refundable once the inspection period has ended.`,
      },
      { heading: "4. Closing", body: `Closing takes place on or before ${dayWords(contract.closeDate)}.` },
      {
        heading: "5. Condition",
        body: 'Assignee takes the property in its present "as-is" condition and has verified every figure and fact about it independently.',
      },
    ],
    closing: [
      "This assignment binds Assignor, Assignee and their successors. It takes effect when both have signed it.",
      `Questions: ${assignor.signerName}${contactWords(assignor)}.`,
    ],
    signOff: {
      kind: "signatures",
      signatures: [
        { role: "Assignor", name: `${assignor.companyName}, by ${assignor.signerName}${assignor.title ? `, ${assignor.title}` : ""}` },
        { role: "Assignee", name: assignee.name },
      ],
    },
  };
}
