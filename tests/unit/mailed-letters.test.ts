// Every kind of letter Breeze mails, read back the way a person (pdftotext, from poppler-utils) and Lob's printer
// (the drawing operations, tests/fakes/pdf-inspect.ts) see it: the letterhead, the date, the recipient's block line by
// line, line breaks as line breaks (never "?"), the Letter of Intent's "and/or assigns", Lob's page size and nothing
// drawn in the areas Lob's letter template keeps clear on page 1.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

import { areaInPoints, LOB_KEEP_CLEAR, LOB_LETTER_PAGE } from "#app/domain/documents/letter-template.ts";
import type { LetterSender } from "#app/domain/documents/mailed-letter.ts";
import { letterOfIntentText } from "#app/domain/offers/letter-of-intent.ts";
import { renderTemplate } from "#app/domain/sequences/templates.ts";
import { renderLetterOfIntentPdf } from "#app/services/documents/pdf.server.ts";
import { renderFollowUpLetterPdf } from "#app/services/sequences/follow-up-letter.server.ts";
import { inspectPdf, overlaps } from "#tests/fakes/pdf-inspect.ts";

const AT = new Date("2026-11-25T12:00:00Z");
const SENDER: LetterSender = {
  companyName: "Sam Home Buyers LLC",
  signerName: "Sam Rivera",
  title: "Acquisitions",
  email: "sam@samhomebuyers.com",
  phone: "(602) 555-0123",
  address: "1 Center St, Suite 200, Mesa, AZ 85201",
};
const PROPERTY = "2466 Mesquite Ave, Phoenix, AZ 85016";
const OWNER = { name: "Darnell Washington", address: "77 W Elm St, Apt 2, Tucson, AZ 85701" };
/** The sequence's Day 0 letter template as the step fills it. */
const TEMPLATE = "Dear {ownerFirstName},\n\nWe would like to buy {address} for {offerAmount}, as is, with no fees.\n\n{companyName}";
const message = (offerAmount: number | null) =>
  renderTemplate(TEMPLATE, { ownerName: OWNER.name, address: PROPERTY, offerAmount, companyName: SENDER.companyName });
const followUp = (amountCents: number | null, text = message(amountCents === null ? null : amountCents / 100)) =>
  renderFollowUpLetterPdf({ date: AT, message: text, amountCents, propertyAddress: PROPERTY, recipient: OWNER, sender: SENDER });

const KINDS: [string, () => Promise<Uint8Array>][] = [
  [
    "the Letter of Intent",
    () =>
      renderLetterOfIntentPdf(
        letterOfIntentText({
          date: AT,
          amount: 212_910,
          property: {
            address: "2466 Mesquite Ave",
            city: "Phoenix",
            state: "AZ",
            zip: "85016",
            bedrooms: 3,
            bathrooms: 2,
            squareFeet: 1450,
          },
          owner: { name: OWNER.name, mailingAddress: OWNER.address },
          company: SENDER,
        }),
        AT,
      ),
  ],
  ["the sequence's follow-up letter with the chosen offer", () => followUp(21_291_000)],
  ["the sequence's follow-up letter without a price", () => followUp(null, "Dear Darnell,\n\nWe are buying homes near {address}.")],
  [
    "a follow-up letter with long lines and single line breaks",
    () => followUp(21_291_000, `Dear Darnell,\n${"We buy houses in any condition and close on your schedule. ".repeat(12)}\nThank you.`),
  ],
];

/** The PDF as pdftotext reads it, keeping the layout (each printed line on its own line). */
function pdftotext(bytes: Uint8Array): string {
  return execFileSync("pdftotext", ["-layout", "-", "-"], { input: bytes }).toString("utf8");
}

const lines = (text: string) => text.split("\n").map((line) => line.trim());

describe.each(KINDS)("%s", (kind, render) => {
  it("reads as a letter: letterhead, date, the recipient's block line by line, real line breaks, signer and contact", async () => {
    const text = pdftotext(await render());
    const printed = lines(text);
    expect(text).toContain("Sam Home Buyers LLC");
    expect(printed).toContain("1 Center St");
    expect(printed).toContain("Suite 200");
    expect(printed).toContain("Mesa, AZ 85201");
    expect(printed).toContain("Phone (602) 555-0123");
    expect(printed).toContain("sam@samhomebuyers.com");
    expect(printed).toContain("November 25, 2026");
    // The recipient's block: the name, the street, the second line and the city, each a line of its own, in order.
    const start = printed.indexOf("Darnell Washington");
    expect(start).toBeGreaterThan(-1);
    expect(printed.slice(start, start + 4)).toEqual(["Darnell Washington", "77 W Elm St", "Apt 2", "Tucson, AZ 85701"]);
    expect(text).toContain("Re: 2466 Mesquite Ave, Phoenix, AZ 85016");
    expect(text).not.toContain("?");
    expect(text).not.toContain("·");
    expect(text).toContain("Sam Rivera");
    if (kind === "the Letter of Intent") {
      expect(text).toMatch(/Sam Home Buyers LLC and\/or assigns \("Buyer"\) would like to buy/);
      expect(text).toMatch(/Buyer: Sam Home Buyers LLC and\/or assigns, by Sam Rivera/);
    }
  });

  it("fits Lob's template: every page 8.5 × 11 in, nothing drawn in page 1's keep-clear areas or off the page", async () => {
    const { pages } = await inspectPdf(await render());
    for (const page of pages) expect({ width: page.width, height: page.height }).toEqual(LOB_LETTER_PAGE);
    expect(pages[0].marks.filter((mark) => mark.kind === "text").length).toBeGreaterThan(8);
    for (const area of LOB_KEEP_CLEAR) {
      expect(
        pages[0].marks.filter((mark) => overlaps(mark, areaInPoints(area))),
        `drawn inside Lob's ${area.name}`,
      ).toEqual([]);
    }
    for (const mark of pages.flatMap((page) => page.marks)) {
      expect(mark.x0).toBeGreaterThanOrEqual(0);
      expect(mark.x1).toBeLessThanOrEqual(LOB_LETTER_PAGE.width);
      expect(mark.y0).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("the follow-up letter's words", () => {
  it("keeps the step's line breaks, and signs once with the signer, title and company", async () => {
    const text = pdftotext(await followUp(21_291_000));
    const printed = lines(text).filter(Boolean);
    expect(printed).toContain("Dear Darnell,");
    expect(printed).toContain("We would like to buy 2466 Mesquite Ave, Phoenix, AZ 85016 for $212,910, as is, with no fees.");
    expect(text).toContain("To accept our offer of $212,910 or talk it over, call Sam Rivera at (602) 555-0123 or email");
    const end = printed.indexOf("Sincerely,");
    expect(printed.slice(end)).toEqual(["Sincerely,", "Sam Rivera", "Acquisitions", "Sam Home Buyers LLC"]);
  });

  it("without a price names no amount and asks the owner to call for an offer", async () => {
    const text = pdftotext(await followUp(null, "Dear Darnell,\n\nWe are buying homes near 2466 Mesquite Ave."));
    expect(text).not.toMatch(/\$\d/);
    expect(text).toContain("We would like to make you an offer - call Sam Rivera at (602) 555-0123 or email");
  });
});
