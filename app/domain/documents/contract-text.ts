/**
 * The wording of the two contracts "Generate Contract" produces, filled from a property and the user's company.
 * Pure: the PDF renderer (app/services/documents/pdf.server.ts) lays these paragraphs out; tests pin the wording.
 */
import { formatDate, formatMoney } from "#app/domain/shared/format.ts";

export const CONTRACT_KINDS = {
  purchase_agreement: "Purchase Agreement",
  assignment_contract: "Assignment Contract",
} as const;
export type ContractKind = keyof typeof CONTRACT_KINDS;

export type ContractInput = {
  kind: ContractKind;
  date: Date;
  property: {
    address: string;
    city: string | null;
    state: string | null;
    zipCode: string;
    ownerName: string | null;
    /** The agreed price: the max offer, else the asking price. */
    price: number | null;
    apn?: string | null;
  };
  company: {
    companyName: string;
    title: string | null;
    signerName: string;
    email: string | null;
    phone: string | null;
    address: string | null;
  };
};

export type ContractText = {
  title: string;
  fileName: string;
  parties: string[];
  sections: { heading: string; body: string }[];
  signatures: string[];
};

const BLANK = "______________________";

export function propertyLine(property: ContractInput["property"]): string {
  const cityState = [property.city, property.state].filter(Boolean).join(", ");
  return [property.address, [cityState, property.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** A safe file name: the contract's title and the street address, letters, digits and dashes only. */
export function contractFileName(kind: ContractKind, address: string): string {
  const slug = `${CONTRACT_KINDS[kind]} ${address}`
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 120);
  return `${slug}.pdf`;
}

export function contractText(input: ContractInput): ContractText {
  const { kind, property, company } = input;
  const where = propertyLine(property);
  const price = property.price !== null ? formatMoney(property.price) : `$${BLANK}`;
  const seller = property.ownerName?.trim() || BLANK;
  const buyer = company.companyName;
  const date = formatDate(input.date);
  const contact = [company.email, company.phone].filter(Boolean).join(" / ") || BLANK;
  const title = CONTRACT_KINDS[kind];

  if (kind === "purchase_agreement") {
    return {
      title,
      fileName: contractFileName(kind, property.address),
      parties: [
        `This Purchase Agreement is made on ${date} between ${seller} ("Seller") and ${buyer}, and/or assigns ("Buyer").`,
        `Property: ${where}${property.apn ? ` (APN ${property.apn})` : ""}.`,
      ],
      sections: [
        {
          heading: "1. Purchase Price",
          body: `Buyer agrees to buy and Seller agrees to sell the Property for ${price}, paid in cash or certified funds at closing.`,
        },
        {
          heading: "2. Earnest Money",
          body: `Buyer will deposit $1,000 as earnest money with the closing agent within three (3) business days of acceptance.`,
        },
        {
          heading: "3. Inspection",
          body: "Buyer may inspect the Property within ten (10) days of acceptance and may cancel in writing within that period for any reason, with the earnest money returned.",
        },
        { heading: "4. Condition", body: 'The Property is sold in its present "as-is" condition. Seller makes no repairs.' },
        {
          heading: "5. Closing",
          body: "Closing will take place within thirty (30) days of acceptance at a title company chosen by Buyer. Buyer pays the customary closing costs.",
        },
        { heading: "6. Assignment", body: "Buyer may assign this Agreement to another buyer without Seller's consent." },
        { heading: "7. Buyer Contact", body: `${buyer}${company.address ? `, ${company.address}` : ""}. Contact: ${contact}.` },
      ],
      signatures: [
        `Seller: ${seller}   Signature: ${BLANK}   Date: ${BLANK}`,
        `Buyer: ${buyer}, by ${company.signerName}${company.title ? `, ${company.title}` : ""}   Signature: ${BLANK}   Date: ${BLANK}`,
      ],
    };
  }
  return {
    title,
    fileName: contractFileName(kind, property.address),
    parties: [
      `This Assignment Contract is made on ${date} between ${buyer} ("Assignor") and ${BLANK} ("Assignee").`,
      `Property: ${where}. Original seller: ${seller}.`,
    ],
    sections: [
      {
        heading: "1. Assignment",
        body: `Assignor assigns to Assignee all of its rights and duties under the Purchase Agreement for the Property, at the purchase price of ${price}.`,
      },
      {
        heading: "2. Assignment Fee",
        body: `Assignee will pay Assignor an assignment fee of $${BLANK} at closing, through the closing agent.`,
      },
      { heading: "3. Deposit", body: `Assignee will deposit $${BLANK} as non-refundable earnest money within two (2) business days.` },
      { heading: "4. Condition", body: 'Assignee has inspected the Property or waives inspection, and accepts it "as-is".' },
      { heading: "5. Closing", body: "Assignee will close under the terms and timeline of the Purchase Agreement." },
      { heading: "6. Assignor Contact", body: `${buyer}${company.address ? `, ${company.address}` : ""}. Contact: ${contact}.` },
    ],
    signatures: [
      `Assignor: ${buyer}, by ${company.signerName}${company.title ? `, ${company.title}` : ""}   Signature: ${BLANK}   Date: ${BLANK}`,
      `Assignee: ${BLANK}   Signature: ${BLANK}   Date: ${BLANK}`,
    ],
  };
}
