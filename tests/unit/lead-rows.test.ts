import { describe, expect, it } from "vitest";

import { escapeHtml, leadRowsHtml, type LeadRow } from "~/components/crm/lead-rows";

const LEAD: LeadRow = {
  id: "3d2d9503-dd84-4933-b813-34f5b02da037",
  address: "4127 N 38th St",
  city: "Phoenix",
  state: "AZ",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1540,
  status: "qualified",
  ownerName: "Sample Owner Marlowe",
  ownerPhone: "+16025550141",
  ownerEmail: "marlowe@example.com",
  arv: 415000,
  maxOffer: 290500,
  leadType: "high_equity",
};
const HREF = "/?section=crm&status=qualified&lead=";

/** The row's cells as text, the way a reader of the page gets them. */
function cells(html: string): string[] {
  return [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((match) =>
    match[1]
      .replace(/<br>/g, " | ")
      .replace(/<[^>]+>/g, "")
      .replace(/&amp;/g, "&"),
  );
}

describe("the CRM's rows as HTML", () => {
  it("shows the spec's columns: property, owner, status, ARV, max offer, lead type, Work This Lead", () => {
    expect(cells(leadRowsHtml([LEAD], HREF))).toEqual([
      "4127 N 38th St | Phoenix, AZ | 3 beds · 2 baths · 1,540 sqft",
      "Sample Owner Marlowe | (602) 555-0141 | marlowe@example.com",
      "Qualified",
      "$415,000",
      "$290,500",
      "high equity",
      "Work This Lead",
    ]);
  });

  it("links each row to its lead with the filter kept, named after the address", () => {
    expect(leadRowsHtml([LEAD], HREF)).toContain(`<a href="/?section=crm&amp;status=qualified&amp;lead=${LEAD.id}" class="inline-flex`);
    expect(leadRowsHtml([LEAD], HREF)).toContain(`aria-label="Work This Lead: 4127 N 38th St">Work This Lead</a>`);
  });

  it("says No owner info, N/A and a dash for what a lead lacks, and skips empty lines", () => {
    const bare = {
      ...LEAD,
      city: null,
      state: "AZ",
      bedrooms: null,
      ownerName: null,
      ownerPhone: null,
      ownerEmail: null,
      arv: null,
      leadType: null,
    };
    expect(cells(leadRowsHtml([bare], HREF))).toEqual([
      "4127 N 38th St | AZ | N/A beds · 2 baths · 1,540 sqft",
      "No owner info",
      "Qualified",
      "N/A",
      "$290,500",
      "—",
      "Work This Lead",
    ]);
    const emailOnly = { ...LEAD, ownerName: null, ownerPhone: null };
    expect(cells(leadRowsHtml([emailOnly], HREF))[1]).toBe("marlowe@example.com");
  });

  it("shows an unknown status as New", () => {
    expect(cells(leadRowsHtml([{ ...LEAD, status: "mystery" }], HREF))[2]).toBe("New");
  });

  it("escapes whatever a user typed, in text and in attributes", () => {
    const hostile = { ...LEAD, address: `<img src=x onerror="alert(1)">`, ownerName: "O'Brien & <b>Sons</b>", leadType: "<script>" };
    const html = leadRowsHtml([hostile], HREF);
    expect(html).not.toMatch(/<img|<b>|<script/);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain(`aria-label="Work This Lead: &lt;img src=x onerror=&quot;alert(1)&quot;&gt;"`);
    expect(html).toContain("O&#x27;Brien &amp; &lt;b&gt;Sons&lt;/b&gt;");
    expect(escapeHtml("plain text")).toBe("plain text");
  });

  it("renders rows in the order given, one per lead", () => {
    const html = leadRowsHtml([LEAD, { ...LEAD, id: "second", address: "7315 Lakehurst Ave" }], HREF);
    expect(html.match(/<tr>/g)).toHaveLength(2);
    expect(html.indexOf("4127 N 38th St")).toBeLessThan(html.indexOf("7315 Lakehurst Ave"));
    expect(leadRowsHtml([], HREF)).toBe("");
  });
});
