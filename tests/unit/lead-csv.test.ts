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
    expect(row).toContain('"1 Main St, Unit 2",Phoenix,AZ,85004,single family,3,2.5,1500,1990,Under Contract,high equity,300000,210000');
    expect(row).toContain('"Pat ""PQ"" Quinn",(602) 555-0123,pat@example.com,"PO Box 1, Mesa, AZ 85201",,,(602) 555-0199');
    expect(row).toContain("11/20/2026,11/21/2026,p1");
  });

  it("names the file after the filter and the day", () => {
    expect(csvFilename("all", new Date("2026-11-22T12:00:00Z"))).toBe("breeze-leads-2026-11-22.csv");
    expect(csvFilename("under_contract", new Date("2026-11-22T12:00:00Z"))).toBe("breeze-leads-under-contract-2026-11-22.csv");
  });
});
