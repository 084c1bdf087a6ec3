import { describe, expect, it } from "vitest";

import {
  cleanEmails,
  cleanPhones,
  isPlaceholderContact,
  ownerTypeOf,
  percentOrNull,
  positiveOrNull,
  yearBuiltOrNull,
} from "#app/domain/leads/extract.ts";
import { toCashBuyerItem, toLeadQueueItem } from "#app/domain/leads/items.ts";
import type { CashBuyer, SellerLead } from "#app/providers/property-data/types.ts";

describe("placeholder contact texts are dropped", () => {
  it.each([
    "Contact for details",
    "N/A",
    "n/a",
    "Not Available",
    "None on record",
    "Available via skip trace",
    "  ",
    "",
    "Phone: available via Skip Trace",
  ])("%j is a placeholder", (text) => expect(isPlaceholderContact(text)).toBe(true));

  it.each(["+16025550141", "(602) 555-0141", "pat@example.com"])("%j is a real contact", (text) => {
    expect(isPlaceholderContact(text)).toBe(false);
  });

  it("keeps each real phone once, merging do-not-call flags, and drops placeholders and digitless text", () => {
    expect(
      cleanPhones([
        { number: "Contact for details", type: "mobile", dnc: false },
        { number: "+16025550141", type: "mobile", dnc: false },
        { number: "N/A" },
        { number: "+1 (602) 555-0141", type: "mobile", dnc: true },
        { number: "+16025550199", type: "landline", dnc: false },
        { number: "call me" },
      ]),
    ).toEqual([
      { number: "+16025550141", type: "mobile", dnc: true },
      { number: "+16025550199", type: "landline", dnc: false },
    ]);
  });

  it("keeps each real email once and drops placeholders and non-addresses", () => {
    expect(
      cleanEmails(["Not available", "Pat@Example.com", "pat@example.com", "none on record", "nobody", null, "kim@example.net"]),
    ).toEqual(["Pat@Example.com", "kim@example.net"]);
  });
});

describe("extracted numbers keep to their bounds", () => {
  it("bedrooms, bathrooms and square feet must be greater than 0", () => {
    expect([0, -1, Number.NaN, null, undefined, 0.5, 3].map(positiveOrNull)).toEqual([null, null, null, null, null, 0.5, 3]);
  });

  it("year built over 1800 and at most the current year plus 5", () => {
    expect([1800, 1801, 2031, 2032, 1999.5, null].map((year) => yearBuiltOrNull(year, 2026))).toEqual([null, 1801, 2031, null, null, null]);
  });

  it("equity percentage and confidence from 0 to 100", () => {
    expect([-0.01, 0, 55.5, 100, 100.01, null].map(percentOrNull)).toEqual([null, 0, 55.5, 100, null, null]);
  });
});

describe("owner type for a buyer save", () => {
  it.each([
    ["Desert Sun Holdings LLC", "Corporate"],
    ["ACME HOMES, INC.", "Corporate"],
    ["Keystone Corp", "Corporate"],
    ["Keystone Corporation", "Corporate"],
    ["Rivera Property L.L.C.", "Corporate"],
    ["Pat Quinn", "Individual"],
    ["Vince Corpuz", "Individual"],
    ["The Rivera Family Trust", "Individual"],
    ["Incline Partners", "Individual"],
  ])("%s → %s", (name, type) => expect(ownerTypeOf(name)).toBe(type));
});

const LEAD: SellerLead = {
  id: "local-7",
  apn: "123-45-678",
  addressLine: "4127 N 38th St",
  city: "Phoenix",
  state: "AZ",
  zip: "85018",
  latitude: 33.49,
  longitude: -111.99,
  propertyType: "single_family",
  bedrooms: 0,
  bathrooms: 2,
  squareFeet: -5,
  yearBuilt: 2099,
  estimatedValue: 400_000,
  equityBalance: 250_000,
  equityPct: 140,
  lastSalePrice: 212_000,
  lastSaleDate: "2012-06-14",
  confidenceScore: 87,
  flags: ["high_equity"],
  owner: {
    name: "Pat Quinn",
    isIndividual: true,
    mailingAddress: "Not available",
    mailing: null,
    phones: [
      { number: "+16025550141", type: "mobile", dnc: true },
      { number: "Available via skip trace", type: "mobile", dnc: false },
      { number: "+16025550142", type: "landline", dnc: false },
    ],
    emails: ["N/A", "pat@example.com"],
  },
  raw: { marketPropertyId: 7 },
};

describe("a lead queue item from a provider's lead", () => {
  it("applies the bounds, drops placeholders, flags DNC apart and falls back to a 70 % max offer", () => {
    const item = toLeadQueueItem(LEAD, "local", 2026);
    expect(item).toMatchObject({
      id: "local-7",
      addressLine: "4127 N 38th St",
      zip: "85018",
      ownerName: "Pat Quinn",
      lat: 33.49,
      lon: -111.99,
      bedrooms: null,
      bathrooms: 2,
      squareFeet: null,
      yearBuilt: null,
      equityPct: null,
      estimatedValue: 400_000,
      maxOffer: 280_000,
      confidenceScore: 87,
      flags: ["high_equity"],
    });
    expect(item.raw).toEqual({
      ownerPhoneNumbers: [
        { number: "+16025550141", type: "mobile", dnc: true },
        { number: "+16025550142", type: "landline", dnc: false },
      ],
      ownerPhone: "+16025550142",
      ownerEmails: ["pat@example.com"],
      ownerEmail: "pat@example.com",
      ownerMailingAddress: null,
      ownerDncPhone: "+16025550141",
      ownerMobilePhone: null,
      ownerLandLine: "+16025550142",
      vendor: "local",
      vendorRecord: { marketPropertyId: 7 },
    });
    expect(JSON.stringify(item)).not.toMatch(/skip trace|N\/A|Not available/i);
  });
});

describe("a cash buyer search result item from a provider's buyer", () => {
  it("names the owner type by the spec's rule and keeps only real contacts", () => {
    const buyer: CashBuyer = {
      id: "local-owner-3",
      owner: {
        name: "Desert Sun Holdings LLC",
        isIndividual: false,
        mailingAddress: "1 Office Park, Phoenix, AZ 85004",
        mailing: { street: "1 Office Park", city: "Phoenix", state: "AZ", zip: "85004" },
        phones: [{ number: "None on record", type: "unknown", dnc: false }],
        emails: ["contact for details"],
      },
      property: { ...LEAD, lastSaleCash: true, bedrooms: 3 },
      portfolio: {
        propertyCount: 7,
        totalEstimatedValue: 2_100_000,
        totalEquity: 2_000_000,
        totalMortgageBalance: 100_000,
        totalPurchasePrice: 1_400_000,
        averagePurchasePrice: 200_000,
        cashPurchaseCount: 6,
        flipCount: 0,
        lastPurchaseDate: "2025-03-01",
      },
    };
    const item = toCashBuyerItem(buyer, "cash_buyers", 2026);
    expect(item.owner).toEqual({
      fullName: "Desert Sun Holdings LLC",
      phoneNumbers: [],
      emails: [],
      mailingAddress: { street: "1 Office Park", city: "Phoenix", state: "AZ", zip: "85004" },
      ownerType: "Corporate",
    });
    expect(item.building).toEqual({
      propertyType: "single_family",
      bedroomCount: 3,
      bathroomCount: 2,
      livingAreaSquareFeet: null,
      yearBuilt: null,
    });
    expect(item.valuation).toEqual({ estimatedValue: 400_000, equityBalance: 250_000, equityPercent: null });
    expect(item.propertyOwnerProfile).toMatchObject({ propertiesCount: 7, cashPurchaseCount: 6, averagePurchasePrice: 200_000 });
  });
});
