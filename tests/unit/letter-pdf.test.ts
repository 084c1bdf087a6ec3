// The Letter of Intent against Lob's template with the company names and addresses that used to overflow: Lob's page
// size, nothing drawn in the areas Lob keeps clear on page 1, standard or embedded fonts, and its signature block kept
// with its closing — read from the PDF's own drawing operations (tests/fakes/pdf-inspect.ts). Every other mailed kind:
// mailed-letters.test.ts.
import { describe, expect, it } from "vitest";

import { areaInPoints, LOB_KEEP_CLEAR, LOB_LETTER_PAGE } from "#app/domain/documents/letter-template.ts";
import { letterOfIntentText, type LetterOfIntentInput } from "#app/domain/offers/letter-of-intent.ts";
import { renderLetterOfIntentPdf } from "#app/services/documents/pdf.server.ts";
import { inspectPdf, overlaps } from "#tests/fakes/pdf-inspect.ts";

const AT = new Date("2026-11-25T12:00:00Z");

function letter(company: Partial<LetterOfIntentInput["company"]> = {}, owner: Partial<LetterOfIntentInput["owner"]> = {}) {
  return letterOfIntentText({
    date: AT,
    amount: 175_000,
    property: { address: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004", bedrooms: 3, bathrooms: 2, squareFeet: 1450 },
    owner: { name: "Pat Owner", mailingAddress: "9 Elm St, Mesa, AZ 85201", ...owner },
    company: {
      companyName: "Acme Homes",
      signerName: "Dana Buyer",
      title: "Acquisitions",
      email: "dana@acme-homes.com",
      phone: "(480) 555-0100",
      address: "1 Center St, Mesa, AZ 85201",
      ...company,
    },
  });
}

/** The letters the old layout drew into Lob's areas, and an ordinary one. */
const CASES: [string, ReturnType<typeof letter>][] = [
  ["an ordinary letter", letter()],
  ["a 40-character company name (the most the profile now takes)", letter({ companyName: "Sunbelt Residential Acquisitions Group L" })],
  [
    "a company name saved before the 40-character limit",
    letter({ companyName: "The Greater Phoenix Metropolitan Residential Property Acquisition Partners LLC" }),
  ],
  [
    "a long street, contact and owner",
    letter(
      {
        address: "12345 North Scottsdale Road Building C Suite 1200, Scottsdale, AZ 85254-1234",
        email: "acquisitions.department@verylongcompanydomainname-homes.com",
      },
      { name: "The Estate of Margaret Anne Wilkinson-Hargreaves, Deceased", mailingAddress: "PO Box 98765, Phoenix, AZ 85001" },
    ),
  ],
  ["one unbroken word wider than the column", letter({ companyName: "Supercalifragilisticexpialidocious-Homes-Holdings" })],
];

describe("the Letter of Intent as Lob prints it", () => {
  it.each(CASES)("%s: every page 8.5 × 11 in, page 1's address areas clear, fonts standard or embedded", async (_, text) => {
    const { pages, fonts } = await inspectPdf(await renderLetterOfIntentPdf(text, AT));
    for (const page of pages) expect({ width: page.width, height: page.height }).toEqual(LOB_LETTER_PAGE);
    const first = pages[0];
    expect(first.marks.filter((mark) => mark.kind === "text").length).toBeGreaterThan(10);
    for (const area of LOB_KEEP_CLEAR) {
      const inside = first.marks.filter((mark) => overlaps(mark, areaInPoints(area)));
      expect(inside, `drawn inside Lob's ${area.name}`).toEqual([]);
    }
    // Nothing leaves the page either (a long name right-aligned used to run off the left edge of its column only).
    for (const mark of pages.flatMap((page) => page.marks)) {
      expect(mark.x0).toBeGreaterThanOrEqual(0);
      expect(mark.x1).toBeLessThanOrEqual(LOB_LETTER_PAGE.width);
    }
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.standard || font.embedded, `${font.name} is neither standard nor embedded`).toBe(true);
  });

  it("keeps the whole company name: shrunk, then wrapped, never cut", async () => {
    const name = "The Greater Phoenix Metropolitan Residential Property Acquisition Partners LLC";
    const { pages } = await inspectPdf(await renderLetterOfIntentPdf(letter({ companyName: name }), AT));
    const shown = pages[0].marks.map((mark) => mark.text ?? "").join(" ");
    for (const word of name.split(" ")) expect(shown).toContain(word);
  });

  it("the inspector sees a mark drawn into an address window (so a clear page is not a blind reading)", async () => {
    const { PDFDocument, StandardFonts } = await import("pdf-lib");
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    page.drawText("In the window", { x: 60, y: 792 - 150, size: 10, font: await doc.embedFont(StandardFonts.Helvetica) });
    const { pages } = await inspectPdf(await doc.save());
    const window = LOB_KEEP_CLEAR.find((area) => area.name === "recipient window")!;
    expect(pages[0].marks.filter((mark) => overlaps(mark, areaInPoints(window)))).toHaveLength(1);
  });
});

/** Which page (0-based) first draws a text run starting with `start`; -1 when none does. */
function pageOf(pages: Awaited<ReturnType<typeof inspectPdf>>["pages"], start: string): number {
  return pages.findIndex((page) => page.marks.some((mark) => mark.text?.startsWith(start)));
}

const LONG_COMPANY = {
  companyName: "The Greater Phoenix Metropolitan Residential Property Acquisition Partners LLC",
  address: "12345 North Scottsdale Road Building C Suite 1200, Scottsdale, AZ 85254-1234",
  email: "acquisitions.department@verylongcompanydomainname-homes.com",
};
const LONG_OWNER = {
  name: "The Estate of Margaret Anne Wilkinson-Hargreaves, Deceased, and Robert James Wilkinson-Hargreaves, Trustee",
  mailingAddress: "c/o Law Offices of Hargreaves & Wilkinson, PO Box 98765, Apartment 12, Phoenix, AZ 85001-9876",
};

describe("the Letter of Intent's signature block", () => {
  it.each([
    ["an ordinary letter", letter()],
    [
      "long owner names, addresses and company names (the letter that left its signatures alone on page 2)",
      letter(LONG_COMPANY, LONG_OWNER),
    ],
  ])("%s: one page, the signatures under the closing paragraphs", async (_, text) => {
    const { pages } = await inspectPdf(await renderLetterOfIntentPdf(text, AT));
    expect(pages).toHaveLength(1);
    for (const start of ["This letter states our intent", "To accept or talk it over", "Buyer:", "Seller:"])
      expect(pageOf(pages, start)).toBe(0);
  });

  it("a letter too long for one page takes its closing paragraphs to page 2 with the signatures", async () => {
    const owner = {
      name: Array(4).fill(LONG_OWNER.name).join(" and "),
      mailingAddress: Array(3).fill(LONG_OWNER.mailingAddress).join("; "),
    };
    const { pages } = await inspectPdf(await renderLetterOfIntentPdf(letter(LONG_COMPANY, owner), AT));
    expect(pages).toHaveLength(2);
    for (const start of ["This letter states our intent", "To accept or talk it over", "Buyer:", "Seller:"])
      expect(pageOf(pages, start)).toBe(1);
    // The long signature names wrap under their line and stay clear of the Date column and the page's edge.
    const buyer = pages[1].marks.find((mark) => mark.text?.startsWith("Buyer:"))!;
    expect(buyer.x1).toBeLessThan(54 + 320);
  });
});
