import { describe, expect, it } from "vitest";

import { SELLER_TYPES } from "#db/enums.ts";
import { toLeadQueueItem } from "#app/domain/leads/items.ts";
import {
  BuyerRecordSchema,
  parseOrThrow,
  parseProperties,
  PropertyRecordSchema,
  SkipTraceAnswerSchema,
} from "#app/providers/property-data/batchdata-answers.ts";
import {
  buyerCriteria,
  countRequest,
  phoneTypeOf,
  queriesFor,
  searchRequest,
  SELLER_TYPE_QUICK_LIST,
  sellerCriteria,
  skipTraceRequest,
  withContacts,
} from "#app/providers/property-data/batchdata-mapping.ts";
import {
  dateOf,
  distinctOwners,
  ownerKey,
  propertyTypeOf,
  toCashBuyer,
  toSellerLead,
} from "#app/providers/property-data/batchdata-records.ts";
import type { SellerSearch } from "#app/providers/property-data/types.ts";

/** A property record in BatchData's shape, with extra fields the client does not read. */
function aRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    _id: "abc123",
    address: {
      street: "123 W Maple Ave",
      city: "Phoenix",
      state: "AZ",
      zip: "85004-1234",
      county: "Maricopa",
      latitude: 33.45,
      longitude: -112.07,
    },
    ids: { apn: "111-22-333" },
    general: { propertyTypeCategory: "Residential", propertyTypeDetail: "Single Family Residential" },
    building: { bedroomCount: 3, bathroomCount: 2.5, livingAreaSquareFeet: 1_650, yearBuilt: 1978, pool: true },
    valuation: { estimatedValue: 320_000, equityPercent: 72, equityCurrentEstimatedBalance: 230_400, confidenceScore: 88, ltv: 28 },
    sale: { lastSaleDate: "2016-03-01T00:00:00.000Z", lastSalePrice: 190_000 },
    owner: {
      fullName: "Rosa Alvarez",
      names: [{ first: "Rosa", last: "Alvarez", full: "Rosa Alvarez" }],
      mailingAddress: { street: "88 Lakeshore Dr", city: "Chicago", state: "IL", zip: "60601" },
    },
    quickLists: { inherited: true, outOfStateAbsenteeOwner: true, absenteeOwner: true, preforeclosure: false, vacant: false },
    propertyOwnerProfile: { propertiesCount: 1, propertiesTotalEstimatedValue: 320_000, averageYearBuilt: 1978 },
    ...overrides,
  };
}

const record = (overrides: Record<string, unknown> = {}) => parseOrThrow(PropertyRecordSchema, aRecord(overrides), "test record");
const phoenix: SellerSearch = { location: { city: "Phoenix", state: "AZ" }, sellerType: "inherited", minBedrooms: 1, maxPrice: 3_000_000 };

describe("searches as BatchData criteria", () => {
  it("asks a city as 'City, ST', and a ZIP list ZIP by ZIP in ascending order", () => {
    expect(queriesFor({ city: "Phoenix", state: "AZ" })).toEqual(["Phoenix, AZ"]);
    expect(queriesFor({ zips: ["85281", "85004", "85281"] })).toEqual(["85004", "85281"]);
  });

  it("sends each seller type as BatchData's quick list", () => {
    expect(SELLER_TYPES.map((sellerType) => sellerCriteria({ ...phoenix, sellerType }, "Phoenix, AZ").quickLists)).toEqual([
      ["preforeclosure"],
      ["out-of-state-absentee-owner"],
      ["high-equity"],
      ["inherited"],
      ["corporate-owned"],
      ["tired-landlord"],
    ]);
    expect(Object.values(SELLER_TYPE_QUICK_LIST)).not.toContain("high_equity");
  });

  it("puts bedrooms as a minimum and the price bounds on the estimated value", () => {
    expect(sellerCriteria({ ...phoenix, minBedrooms: 3, minPrice: 1_000_000, maxPrice: 1_500_000 }, "Phoenix, AZ")).toEqual({
      query: "Phoenix, AZ",
      quickLists: ["inherited"],
      building: { bedroomCount: { min: 3 } },
      valuation: { estimatedValue: { min: 1_000_000, max: 1_500_000 } },
    });
    expect(sellerCriteria({ location: { zips: ["85004"] }, sellerType: "preforeclosure" }, "85004")).toEqual({
      query: "85004",
      quickLists: ["preforeclosure"],
    });
  });

  it("asks high equity by the product's rule too: equity of 50 % or more", () => {
    expect(sellerCriteria({ ...phoenix, sellerType: "high_equity", maxPrice: 400_000 }, "Phoenix, AZ")).toEqual({
      query: "Phoenix, AZ",
      quickLists: ["high-equity"],
      building: { bedroomCount: { min: 1 } },
      valuation: { estimatedValue: { max: 400_000 }, equityPercent: { min: 50 } },
    });
  });

  it("pages with skip/take and counts with take 0 and quicklistCounts", () => {
    const criteria = sellerCriteria(phoenix, "Phoenix, AZ");
    expect(searchRequest(criteria, 10, 5)).toEqual({ searchCriteria: criteria, options: { skip: 10, take: 5 } });
    expect(countRequest(criteria)).toEqual({ searchCriteria: criteria, options: { skip: 0, take: 0, quicklistCounts: true } });
  });

  it("puts each buyer type's definition on the owner's portfolio, with minProperties as its floor", () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const base = { location: { city: "Phoenix", state: "AZ" } as const, quickLists: [], minProperties: 3 };
    expect(buyerCriteria({ ...base, buyerType: "cash_buyers" }, "Phoenix, AZ", now)).toEqual({
      query: "Phoenix, AZ",
      quickLists: ["cash-buyer"],
      propertyOwnerProfile: { propertiesCount: { min: 3, max: 100 } },
    });
    expect(buyerCriteria({ ...base, buyerType: "active_landlord" }, "Phoenix, AZ", now)).toEqual({
      query: "Phoenix, AZ",
      quickLists: ["absentee-owner"],
      propertyOwnerProfile: { propertiesCount: { min: 6, max: 100 } },
      intel: { lastSoldDate: { minDate: "2023-11-23" } },
    });
    expect(buyerCriteria({ ...base, buyerType: "fix_and_flip", minProperties: 8 }, "85281", now)).toEqual({
      query: "85281",
      quickLists: ["fix-and-flip"],
      propertyOwnerProfile: { propertiesCount: { min: 8 } },
    });
  });

  it("adds the search's own quick lists to the type's, once each", () => {
    const criteria = buyerCriteria(
      { location: { zips: ["85004"] }, buyerType: "cash_buyers", quickLists: ["cash-buyer", "not-owner-occupied"], minProperties: 20 },
      "85004",
      new Date(),
    );
    expect(criteria.quickLists).toEqual(["cash-buyer", "not-owner-occupied"]);
    expect(criteria.propertyOwnerProfile).toEqual({ propertiesCount: { min: 20, max: 100 } });
  });

  it("skip-traces each property by its address, with the owner's name when BatchData splits it", () => {
    const corporate = record({ _id: "x", owner: { fullName: "Desert Holdings LLC", names: [] } });
    expect(skipTraceRequest([record(), corporate])).toEqual({
      requests: [
        {
          propertyAddress: { street: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Rosa", last: "Alvarez" },
        },
        { propertyAddress: { street: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" } },
      ],
    });
  });
});

describe("BatchData records as seller leads", () => {
  it("maps the property, its valuation and sale, its owner and its flags, and keeps the record as raw", () => {
    const raw = aRecord();
    const lead = toSellerLead(parseOrThrow(PropertyRecordSchema, raw, "test"), raw, "inherited");
    expect(lead).toEqual({
      id: "batchdata-abc123",
      apn: "111-22-333",
      addressLine: "123 W Maple Ave",
      city: "Phoenix",
      state: "AZ",
      zip: "85004",
      latitude: 33.45,
      longitude: -112.07,
      propertyType: "single_family",
      bedrooms: 3,
      bathrooms: 2.5,
      squareFeet: 1_650,
      yearBuilt: 1978,
      estimatedValue: 320_000,
      equityBalance: 230_400,
      equityPct: 72,
      lastSalePrice: 190_000,
      lastSaleDate: "2016-03-01",
      confidenceScore: 88,
      flags: ["out-of-state-absentee-owner", "high_equity", "inherited"],
      owner: {
        name: "Rosa Alvarez",
        isIndividual: true,
        mailingAddress: "88 Lakeshore Dr, Chicago, IL 60601",
        mailing: { street: "88 Lakeshore Dr", city: "Chicago", state: "IL", zip: "60601" },
        phones: [],
        emails: [],
      },
      raw,
    });
    expect(lead.raw).toBe(raw);
  });

  it("says null for what BatchData leaves out, and works out equity from the open liens when it must", () => {
    const sparse = record({
      building: { bedroomCount: null },
      valuation: { estimatedValue: 300_000, equityPercent: 40 },
      openLien: { totalOpenLienBalance: 180_000 },
      sale: undefined,
      owner: undefined,
      quickLists: undefined,
      ids: undefined,
      general: undefined,
    });
    const lead = toSellerLead(sparse, {}, "preforeclosure");
    expect(lead).toMatchObject({
      apn: null,
      bedrooms: null,
      bathrooms: null,
      squareFeet: null,
      yearBuilt: null,
      equityBalance: 120_000,
      equityPct: 40,
      lastSalePrice: null,
      lastSaleDate: null,
      confidenceScore: null,
      propertyType: "single_family",
      flags: ["preforeclosure"],
      owner: { name: "", mailingAddress: "", mailing: null, phones: [], emails: [] },
    });
  });

  it("marks high equity by the product's 50 % only", () => {
    expect(toSellerLead(record({ valuation: { equityPercent: 49.99 } }), {}, "inherited").flags).not.toContain("high_equity");
    expect(toSellerLead(record({ valuation: { equityPercent: 50 } }), {}, "inherited").flags).toContain("high_equity");
  });

  it("reads BatchData's property type words as the app's types", () => {
    expect(
      [
        "Single Family Residential",
        "Condominium",
        "Townhouse",
        "Duplex (2 units, any combination)",
        "Apartment house (5+ units)",
        "Manufactured Home",
        "Vacant Land",
        "Something new",
        null,
      ].map(propertyTypeOf),
    ).toEqual([
      "single_family",
      "condo",
      "townhouse",
      "multi_family",
      "multi_family",
      "mobile_home",
      "land",
      "single_family",
      "single_family",
    ]);
  });

  it("reads dates with or without a time", () => {
    expect([dateOf("2019-05-02"), dateOf("2019-05-02T00:00:00.000Z"), dateOf("May 2019"), dateOf(null)]).toEqual([
      "2019-05-02",
      "2019-05-02",
      null,
      null,
    ]);
  });
});

describe("answers we did not expect", () => {
  it("fail in one place with the path of the field that did not match", () => {
    expect(() => parseProperties([aRecord(), aRecord({ address: { street: "1 Main St", city: "Mesa" } })], PropertyRecordSchema)).toThrow(
      /^batchdata: unexpected property search answer \(property 1\): address\.state: /,
    );
    expect(() => parseProperties([aRecord({ _id: undefined })], PropertyRecordSchema)).toThrow(/property 0\): _id: /);
    expect(() => parseProperties([aRecord({ building: { bedroomCount: "three" } })], PropertyRecordSchema)).toThrow(
      /building\.bedroomCount: /,
    );
  });

  it("refuse a buyer record without the owner's portfolio size", () => {
    expect(() => parseProperties([aRecord({ propertyOwnerProfile: undefined })], BuyerRecordSchema)).toThrow(/propertyOwnerProfile: /);
    expect(() => parseProperties([aRecord({ propertyOwnerProfile: {} })], BuyerRecordSchema)).toThrow(
      /propertyOwnerProfile\.propertiesCount: /,
    );
  });
});

describe("skip-trace persons merged into the owners", () => {
  const persons = parseOrThrow(
    SkipTraceAnswerSchema,
    {
      results: {
        persons: [
          {
            propertyAddress: { street: "456 E ROOSEVELT ST", zip: "85004" },
            phoneNumbers: [{ number: "4805550150", type: "Land Line", dnc: false }],
            emails: ["other@example.com"],
          },
          { propertyAddress: { street: "999 Nowhere Rd", zip: "85004" }, meta: { matched: false } },
          {
            propertyAddress: { street: "123 W. Maple Ave", city: "Phoenix", zip: "85004" },
            name: { first: "Rosa", last: "Alvarez", full: "Rosa Alvarez" },
            phoneNumbers: [
              { number: "6025550101", type: "Mobile", dnc: false, tcpa: false, carrier: "X" },
              { number: "(602) 555-0102", type: "Land Line", dnc: true },
              { number: "Available via skip trace", type: "Mobile", dnc: false },
            ],
            emails: [{ email: "rosa.alvarez@example.com" }, { email: "N/A" }],
          },
        ],
      },
    },
    "skip trace answer",
  ).results.persons;

  it("by the property address each person carries, never by position; DNC flags kept, US numbers in E.164", () => {
    const rosa = record();
    const other = record({ _id: "def", address: { street: "456 E Roosevelt St", city: "Phoenix", state: "AZ", zip: "85004" } });
    const unknown = record({ _id: "ghi", address: { street: "777 Elsewhere Way", city: "Phoenix", state: "AZ", zip: "85004" } });
    const [a, b, c] = withContacts(
      [rosa, other, unknown].map((r) => ({ item: toSellerLead(r, {}, "inherited"), record: r })),
      persons,
    );
    expect(a!.owner.phones).toEqual([
      { number: "+16025550101", type: "mobile", dnc: false },
      { number: "+16025550102", type: "landline", dnc: true },
      { number: "Available via skip trace", type: "mobile", dnc: false },
    ]);
    expect(a!.owner.emails).toEqual(["rosa.alvarez@example.com", "N/A"]);
    expect(b!.owner).toMatchObject({ phones: [{ number: "+14805550150", type: "landline", dnc: false }], emails: ["other@example.com"] });
    expect(c!.owner).toMatchObject({ phones: [], emails: [] });
  });

  it("leaves the placeholders to lead-extract, which drops them from the queue item", () => {
    const rosa = record();
    const [lead] = withContacts([{ item: toSellerLead(rosa, {}, "inherited"), record: rosa }], persons);
    const item = toLeadQueueItem(lead!, "batchdata", 2026);
    expect(item.raw).toMatchObject({
      ownerPhoneNumbers: [
        { number: "+16025550101", type: "mobile", dnc: false },
        { number: "+16025550102", type: "landline", dnc: true },
      ],
      ownerPhone: "+16025550101",
      ownerMobilePhone: "+16025550101",
      ownerDncPhone: "+16025550102",
      ownerLandLine: null,
      ownerEmails: ["rosa.alvarez@example.com"],
      ownerEmail: "rosa.alvarez@example.com",
      vendor: "batchdata",
    });
  });

  it("names phone types as the app does", () => {
    expect(["Mobile", "Wireless", "Land Line", "Landline", "VOIP", "", null].map(phoneTypeOf)).toEqual([
      "mobile",
      "mobile",
      "landline",
      "landline",
      "voip",
      "unknown",
      "unknown",
    ]);
  });
});

describe("BatchData records as cash buyers", () => {
  const buyer = (overrides: Record<string, unknown>) => {
    const raw = aRecord(overrides);
    return { record: parseOrThrow(BuyerRecordSchema, raw, "test"), raw };
  };
  const holdings = (id: string, street: string, sold: string, count = 12) =>
    buyer({
      _id: id,
      address: { street, city: "Phoenix", state: "AZ", zip: "85008" },
      sale: { lastSaleDate: sold, lastSalePrice: 250_000 },
      owner: {
        fullName: "Desert Holdings LLC",
        mailingAddress: { street: "1 Central Ave Ste 400", city: "Phoenix", state: "AZ", zip: "85004" },
      },
      quickLists: { corporateOwned: true, cashBuyer: true },
      propertyOwnerProfile: {
        propertiesCount: count,
        propertiesTotalEstimatedValue: 3_600_000,
        propertiesTotalEquity: 1_440_000,
        mortgagesTotalBalance: 2_160_000,
        totalPurchasePrice: 2_520_000,
        averagePurchasePrice: 210_000,
      },
    });

  it("is one buyer per owner (known by mailing address), shown with their latest purchase on the page", () => {
    const rows = [
      holdings("a", "1 First St", "2019-01-01"),
      buyer({ _id: "r" }),
      holdings("b", "2 Second St", "2025-06-01"),
      holdings("c", "3 Third St", "2021-01-01"),
    ];
    const owners = distinctOwners(rows, 1);
    expect(owners.map((row) => row.record._id)).toEqual(["b", "r"]);
    expect(ownerKey(owners[0]!.record)).toBe("batchdata-owner-1-central-ave-ste-400-85004");
  });

  it("leaves out owners under minProperties", () => {
    expect(distinctOwners([holdings("a", "1 First St", "2019-01-01", 2), buyer({ _id: "r" })], 3)).toEqual([]);
  });

  it("carries the portfolio figures BatchData gives, null for those it does not", () => {
    const { record: r, raw } = holdings("b", "2 Second St", "2025-06-01");
    expect(toCashBuyer(r, raw)).toEqual({
      id: "batchdata-owner-1-central-ave-ste-400-85004",
      owner: {
        name: "Desert Holdings LLC",
        isIndividual: false,
        mailingAddress: "1 Central Ave Ste 400, Phoenix, AZ 85004",
        mailing: { street: "1 Central Ave Ste 400", city: "Phoenix", state: "AZ", zip: "85004" },
        phones: [],
        emails: [],
      },
      property: expect.objectContaining({ addressLine: "2 Second St", zip: "85008", lastSaleDate: "2025-06-01", lastSaleCash: true }),
      portfolio: {
        propertyCount: 12,
        totalEstimatedValue: 3_600_000,
        totalEquity: 1_440_000,
        totalMortgageBalance: 2_160_000,
        totalPurchasePrice: 2_520_000,
        averagePurchasePrice: 210_000,
        cashPurchaseCount: null,
        flipCount: null,
        lastPurchaseDate: null,
      },
      raw,
    });
  });
});
