/**
 * The Letter of Intent's wording (the spec's "Generate PDF Letter of Intent", the offer confirmed and its document):
 * the letterhead from the user's company profile, the date, the owner and the property, the amount, the terms and
 * the signature lines, as a mailed letter (app/domain/documents/mailed-letter.ts). Pure: `renderLetterOfIntentPdf`
 * (app/services/documents/pdf.server.ts) lays it out; tests pin it.
 */
import {
  contactWords,
  letterDate,
  letterheadOf,
  mailedLetterPlainText,
  recipientBlock,
  type LetterSender,
  type MailedLetter,
  type SignOff,
} from "#app/domain/documents/mailed-letter.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

export type LetterOfIntentInput = {
  date: Date;
  amount: number;
  property: {
    address: string;
    city: string | null;
    state: string | null;
    zip: string | null;
    bedrooms?: number | null;
    bathrooms?: number | null;
    squareFeet?: number | null;
  };
  owner: { name: string | null; mailingAddress: string | null };
  company: LetterSender;
};

/** The Letter of Intent is a mailed letter with a heading, terms and two lines to sign. */
export type LetterOfIntentText = MailedLetter & {
  heading: string;
  terms: { heading: string; body: string }[];
  signOff: Extract<SignOff, { kind: "signatures" }>;
};

export const LETTER_TITLE = "Letter of Intent to Purchase Real Estate";
/** Days the offer stays open, the inspection period and the closing window the letter proposes. */
export const LETTER_TERMS = { validDays: 14, inspectionDays: 10, closingDays: 30, earnestMoney: 1_000 } as const;

function placeLine(property: LetterOfIntentInput["property"]): string {
  return [property.address, property.city, [property.state, property.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

function facts(property: LetterOfIntentInput["property"]): string {
  const parts = [
    property.bedrooms ? `${property.bedrooms} bedrooms` : null,
    property.bathrooms ? `${property.bathrooms} bathrooms` : null,
    property.squareFeet ? `${new Intl.NumberFormat("en-US").format(property.squareFeet)} sq ft` : null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(", ")})` : "";
}

export function letterOfIntentText(input: LetterOfIntentInput): LetterOfIntentText {
  const { company, owner, property } = input;
  const ownerName = owner.name?.trim() || "Property Owner";
  const where = placeLine(property);
  const price = formatMoney(input.amount);
  // A wholesaler assigns the contract to an end buyer: the buyer is the company "and/or assigns".
  const buyer = `${company.companyName} and/or assigns`;
  const { validDays, inspectionDays, closingDays, earnestMoney } = LETTER_TERMS;
  return {
    title: `${LETTER_TITLE} - ${where}`,
    letterhead: letterheadOf(company),
    date: letterDate(input.date),
    recipient: recipientBlock(ownerName, owner.mailingAddress?.trim() || where),
    heading: LETTER_TITLE,
    subject: `Re: ${where}`,
    paragraphs: [
      `Dear ${ownerName},`,
      `${buyer} ("Buyer") would like to buy your property at ${where}${facts(property)}. This letter sets out the price and the terms we propose. We buy as-is, pay cash and can close on your schedule.`,
    ],
    terms: [
      { heading: "Purchase price", body: `${price}, paid in cash or certified funds at closing.` },
      {
        heading: "Earnest money",
        body: `${formatMoney(earnestMoney)}, deposited with the closing agent within three business days of acceptance.`,
      },
      {
        heading: "Condition",
        body: 'The property is bought in its present "as-is" condition; you make no repairs and leave what you do not want.',
      },
      { heading: "Inspection", body: `${inspectionDays} days from acceptance for the buyer's walk-through and inspection.` },
      {
        heading: "Closing",
        body: `Within ${closingDays} days of acceptance, at a title company; the buyer pays the customary closing costs.`,
      },
      { heading: "Validity", body: `This offer is open for ${validDays} days from the date of this letter.` },
    ],
    closing: [
      "This letter states our intent and is not a binding contract: the sale will be set out in a purchase agreement signed by both of us.",
      `To accept or talk it over, contact ${company.signerName}${contactWords(company)}.`,
    ],
    signOff: {
      kind: "signatures",
      signatures: [
        { role: "Buyer", name: `${buyer}, by ${company.signerName}${company.title ? `, ${company.title}` : ""}` },
        { role: "Seller", name: ownerName },
      ],
    },
  };
}

/** The letter as plain text (the Documents section's `content`, and what tests read). */
export function letterPlainText(text: LetterOfIntentText): string {
  return mailedLetterPlainText(text);
}
