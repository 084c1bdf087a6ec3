import { describe, expect, it } from "vitest";
import {
  crmFigures,
  crmFiguresFromCounts,
  csvFilename,
  filterLeads,
  leadsToCsv,
  leadTypeLabel,
  ownerPhones,
  PropertyInputSchema,
  PropertyPatchSchema,
  statusFilterOf,
  statusLabel,
  STATUS_FILTERS,
  type CsvLead,
} from "~/domain/crm";

describe("CRM figures (spec 01 §4)", () => {
  it("counts every lead, and only qualified and under-contract leads for the other two", () => {
    const leads = ["new", "qualified", "qualified", "under_contract", "closed", "contacted", "offer_sent"].map((status) => ({ status }));
    expect(crmFigures(leads)).toEqual({ totalLeads: 7, qualified: 2, underContract: 1 });
    expect(crmFigures([])).toEqual({ totalLeads: 0, qualified: 0, underContract: 0 });
  });

  it("gives the same figures from per-status counts", () => {
    expect(
      crmFiguresFromCounts([
        { status: "new", count: 5 },
        { status: "qualified", count: 3 },
        { status: "under_contract", count: 2 },
      ]),
    ).toEqual({ totalLeads: 10, qualified: 3, underContract: 2 });
  });
});

describe("labels", () => {
  it("labels statuses, and shows an unknown status as New", () => {
    expect(statusLabel("under_contract")).toBe("Under Contract");
    expect(statusLabel("offer_produced")).toBe("Offer Produced");
    expect(statusLabel("mystery")).toBe("New");
    expect(statusLabel(null)).toBe("New");
  });

  it("offers the spec's status filter in order", () => {
    expect(STATUS_FILTERS.map((option) => option.label)).toEqual(["All Leads", "New", "Contacted", "Qualified", "Under Contract", "Closed"]);
    expect(statusFilterOf("qualified")).toBe("qualified");
    expect(statusFilterOf("analyzed")).toBe("all");
    expect(statusFilterOf(null)).toBe("all");
  });

  it("shows lead types with underscores replaced by spaces", () => {
    expect(leadTypeLabel("out_of_state_absentee")).toBe("out of state absentee");
    expect(leadTypeLabel(null)).toBe("");
  });
});

describe("filterLeads", () => {
  const leads = [
    { status: "new", address: "4127 N 38th St", city: "Phoenix" },
    { status: "qualified", address: "7315 Lakehurst Ave", city: "Dallas" },
    { status: "new", address: "12 Main St", city: null },
  ];
  it("filters by status and searches address and city without case", () => {
    expect(filterLeads(leads, { status: "new", q: "" })).toHaveLength(2);
    expect(filterLeads(leads, { status: "all", q: "dallas" })).toEqual([leads[1]]);
    expect(filterLeads(leads, { status: "all", q: "MAIN" })).toEqual([leads[2]]);
    expect(filterLeads(leads, { status: "qualified", q: "phoenix" })).toEqual([]);
  });
});

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

describe("ownerPhones", () => {
  it("lists each number once and flags do-not-call numbers", () => {
    const phones = ownerPhones({
      ownerPhoneNumbers: [
        { number: "+16025550141", type: "mobile", dnc: false },
        { number: "+16025550142", type: "landline", dnc: false },
      ],
      ownerPhone: "(602) 555-0141",
      ownerDncPhone: "602-555-0142",
      ownerLandLine: "+16025550150",
    });
    expect(phones).toEqual([
      { number: "+16025550141", type: "mobile", dnc: false },
      { number: "+16025550142", type: "landline", dnc: true },
      { number: "+16025550150", type: "landline", dnc: false },
    ]);
    expect(ownerPhones({})).toEqual([]);
  });
});

describe("PropertyInputSchema", () => {
  const base = { address: "1 Main St", city: "Phoenix", state: "az", zipCode: "85004" };

  it("accepts the workbench's fields with money as numbers or numeric strings", () => {
    const parsed = PropertyInputSchema.parse({ ...base, arv: "250000", maxOffer: 175000, equityBalance: "$12,500", lastSalePrice: "", ownerPhone: "(602) 555-0123", extra: 1 });
    expect(parsed).toMatchObject({ state: "AZ", arv: 250000, maxOffer: 175000, equityBalance: 12500, lastSalePrice: null, ownerPhone: "+16025550123" });
    expect(parsed).not.toHaveProperty("extra");
  });

  it("refuses out-of-bounds values with readable messages", () => {
    const result = PropertyInputSchema.safeParse({
      ...base,
      address: "x".repeat(201),
      bedrooms: 0,
      bathrooms: -1,
      squareFeet: "0",
      yearBuilt: new Date().getUTCFullYear() + 6,
      equityPercentage: 101,
      confidenceScore: -1,
      arv: "lots",
      state: "ZZ",
      zipCode: "850",
      ownerEmail: "nope",
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toMatchObject({
      address: "Address must be at most 200 characters",
      bedrooms: "Bedrooms must be greater than 0",
      bathrooms: "Bathrooms must be greater than 0",
      squareFeet: "Square feet must be greater than 0",
      yearBuilt: "Year built cannot be more than 5 years from now",
      equityPercentage: "Equity percentage must be between 0 and 100",
      confidenceScore: "Confidence score must be between 0 and 100",
      arv: "ARV must be a number",
      state: "State must be one of the 50 US state codes",
      zipCode: "ZIP code must be 5 digits",
      ownerEmail: "Invalid email address",
    });
    expect(PropertyInputSchema.safeParse({ ...base, yearBuilt: 1799 }).error?.issues[0].message).toBe("Year built must be 1800 or later");
  });

  it("requires address, city, state and ZIP code", () => {
    const result = PropertyInputSchema.safeParse({});
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Address is required", "City is required", "State is required", "ZIP code is required"]);
  });

  it("lets a patch carry one field, and refuses an empty patch", () => {
    expect(PropertyPatchSchema.parse({ analysisArv: "310000" })).toEqual({ analysisArv: 310000 });
    expect(PropertyPatchSchema.parse({ status: "offer_sent" })).toEqual({ status: "offer_sent" });
    expect(PropertyPatchSchema.safeParse({}).error?.issues[0].message).toBe("Nothing to update");
    expect(PropertyPatchSchema.safeParse({ status: "sold" }).success).toBe(false);
  });
});
