import { describe, expect, it } from "vitest";

import { csvFilename, leadsToCsv, type CsvLead } from "#app/domain/leads/leads-csv.ts";

describe("CSV export (RFC 4180)", () => {
  it("writes a header and one CRLF row per lead with every CRM and owner column", () => {
    const lead: CsvLead = {
      id: "p1",
      address: "1 Main St, Unit 2",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85004",
      propertyType: "single_family",
      bedrooms: 3,
      bathrooms: 2.5,
      squareFeet: 1500,
      yearBuilt: 1990,
      status: "under_contract",
      leadType: "high_equity",
      arv: 300000,
      maxOffer: 210000,
      ruleMaxOffer: 180000,
      equityPercentage: 55.5,
      equityBalance: 120000,
      lastSalePrice: 90000,
      lastSaleDate: "2001-02-03",
      ownerName: 'Pat "PQ" Quinn',
      ownerPhone: "+16025550123",
      ownerEmail: "pat@example.com",
      ownerMailingAddress: "PO Box 1, Mesa, AZ 85201",
      ownerMobilePhone: null,
      ownerLandLine: null,
      ownerDncPhone: "+16025550199",
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: new Date("2026-11-21T10:00:00.000Z"),
    };
    const csv = leadsToCsv([lead]);
    const [header, row, end] = csv.split("\r\n");
    expect(end).toBe("");
    expect(header).toContain("Address,City,State,ZIP Code");
    expect(header).toContain("Owner Name,Owner Phone,Owner Email,Owner Mailing Address");
    // The CRM table's figures: the ARV, the offer chosen and the 70 % rule's max offer, each under its own name.
    expect(header).toContain("ARV,Offer,Max Offer,Equity %");
    expect(row).toContain(
      '"1 Main St, Unit 2",Phoenix,AZ,85004,single family,3,2.5,1500,1990,Under Contract,high equity,300000,210000,180000',
    );
    expect(row).toContain('"Pat ""PQ"" Quinn",(602) 555-0123,pat@example.com,"PO Box 1, Mesa, AZ 85201",,,(602) 555-0199');
    expect(row).toContain("11/20/2026,11/21/2026,p1");
  });

  it("names the file after the filter and the day", () => {
    expect(csvFilename("all", new Date("2026-11-22T12:00:00Z"))).toBe("breeze-leads-2026-11-22.csv");
    expect(csvFilename("under_contract", new Date("2026-11-22T12:00:00Z"))).toBe("breeze-leads-under-contract-2026-11-22.csv");
  });
});

describe("the export's deal numbers", () => {
  const base: CsvLead = {
    id: "p2",
    address: "2 Main St",
    city: "Phoenix",
    state: "AZ",
    zipCode: "85004",
    propertyType: null,
    bedrooms: null,
    bathrooms: null,
    squareFeet: null,
    yearBuilt: null,
    status: "analyzed",
    leadType: null,
    arv: 300000,
    maxOffer: null,
    ruleMaxOffer: null,
    repairEstimate: 20000,
    assignmentFee: 5000,
    equityPercentage: null,
    equityBalance: null,
    lastSalePrice: null,
    lastSaleDate: null,
    ownerName: null,
    ownerPhone: null,
    ownerEmail: null,
    ownerMailingAddress: null,
    ownerMobilePhone: null,
    ownerLandLine: null,
    ownerDncPhone: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
  };

  it("leaves the offer empty until one is chosen, and reads the max offer of a row from before it was stored by the rule", () => {
    const [, row] = leadsToCsv([base]).split("\r\n");
    // 70 % of $300,000 − $20,000 repairs − $5,000 fee.
    expect(row).toContain("Analyzed,,300000,,185000,");
    const [, never] = leadsToCsv([{ ...base, arv: null }]).split("\r\n");
    expect(never).toContain("Analyzed,,,,,");
  });
});
