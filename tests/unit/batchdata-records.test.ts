// BatchData, pure: its records as seller leads and cash buyers, and answers we did not expect.
import { describe, expect, it } from "vitest";

import { BuyerRecordSchema, parseOrThrow, parseProperties, PropertyRecordSchema } from "#app/providers/property-data/batchdata-answers.ts";
import {
  dateOf,
  distinctOwners,
  ownerKey,
  propertyTypeOf,
  toCashBuyer,
  toSellerLead,
} from "#app/providers/property-data/batchdata-records.ts";

import { aRecord, record } from "./batchdata-fixture.ts";

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
  it("skip and count a record without a street or ZIP instead of failing the page, naming the first one's field", () => {
    const page = parseProperties(
      [aRecord(), aRecord({ address: { street: "1 Main St", city: "Mesa" } }), aRecord({ _id: "c" })],
      PropertyRecordSchema,
    );
    expect(page.rows.map((row) => row.record._id)).toEqual(["abc123", "c"]);
    expect(page.skipped).toBe(1);
    expect(page.firstProblem).toMatch(/^batchdata: unexpected property search answer \(property 1\): address\.state: /);
    expect(parseProperties([aRecord({ _id: undefined })], PropertyRecordSchema).firstProblem).toMatch(/property 0\): _id: /);
    expect(parseProperties([aRecord({ building: { bedroomCount: "three" } })], PropertyRecordSchema).firstProblem).toMatch(
      /building\.bedroomCount: /,
    );
  });

  it("skip a buyer record without the owner's portfolio size", () => {
    expect(parseProperties([aRecord({ propertyOwnerProfile: undefined })], BuyerRecordSchema).firstProblem).toMatch(
      /propertyOwnerProfile: /,
    );
    expect(parseProperties([aRecord({ propertyOwnerProfile: {} })], BuyerRecordSchema)).toMatchObject({
      rows: [],
      skipped: 1,
      firstProblem: expect.stringMatching(/propertyOwnerProfile\.propertiesCount: /),
    });
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
      sale: { lastSale: { saleDate: sold, price: 250_000 } },
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
