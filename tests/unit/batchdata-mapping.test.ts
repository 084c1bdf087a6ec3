// BatchData, pure: searches as its criteria, and skip-trace persons merged into the owners.
import { describe, expect, it } from "vitest";

import { SELLER_TYPES } from "#db/enums.ts";
import { toLeadQueueItem } from "#app/domain/leads/items.ts";
import { parseOrThrow, SkipTraceAnswerSchema } from "#app/providers/property-data/batchdata-answers.ts";
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
import { toSellerLead } from "#app/providers/property-data/batchdata-records.ts";

import { phoenix, record } from "./batchdata-fixture.ts";

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

  it("skip-traces each property by its address under its id (the requestId), with the owner's name when BatchData splits it", () => {
    const corporate = record({ _id: "x", owner: { fullName: "Desert Holdings LLC", names: [] } });
    expect(skipTraceRequest([record(), corporate])).toEqual({
      requests: [
        {
          requestId: "abc123",
          propertyAddress: { street: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Rosa", last: "Alvarez" },
        },
        { requestId: "x", propertyAddress: { street: "123 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" } },
      ],
      options: { includeTCPABlacklistedPhones: true },
    });
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
