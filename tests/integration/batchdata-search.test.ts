// BatchData (fake): choosing it by configuration, counts, seller and buyer searches.
import { describe, expect, it } from "vitest";

import { callTimeoutMs } from "#app/providers/property-data/batchdata.server.ts";
import type { BuyerSearch, SellerSearch } from "#app/providers/property-data/types.ts";
import { SAMPLE_PROPERTIES, type FakeProperty } from "#tests/fakes/batchdata-data.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";

import { client, idsOf, PHOENIX, TOKEN } from "./batchdata-setup.ts";
import { testContext } from "./context.ts";

describe("choosing BatchData by configuration", () => {
  it("picks the BatchData client with PROPERTY_DATA=batchdata and its key", async () => {
    const fake = createFakeBatchData(TOKEN);
    const { providers } = testContext(
      { PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: "https://api.batchdata.example" },
      {},
      { fetch: fake.fetch },
    );
    expect(providers.propertyData.name).toBe("batchdata");
    expect(await providers.propertyData.countSellerLeads(PHOENIX)).toBe(4);
    expect(fake.calls[0]).toMatchObject({ path: "/api/v1/property/search", authorization: `Bearer ${TOKEN}` });
  });

  it("refuses PROPERTY_DATA=batchdata without BATCHDATA_API_KEY, naming it", () => {
    expect(() => testContext({ PROPERTY_DATA: "batchdata" })).toThrow(/BATCHDATA_API_KEY is required when PROPERTY_DATA=batchdata/);
    expect(() => testContext({ PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_TIMEOUT_MS: "soon" })).toThrow(
      /Invalid Worker configuration: BATCHDATA_TIMEOUT_MS/,
    );
  });

  it("keeps the local market when nothing is configured", () => {
    expect(testContext().providers.propertyData.name).toBe("local");
  });
});

describe("counts", () => {
  it("asks take 0 with quicklistCounts and answers resultsFound, with no skip trace", async () => {
    const fake = createFakeBatchData(TOKEN);
    expect(await client(fake).countSellerLeads(PHOENIX)).toBe(4);
    expect(fake.calls).toEqual([
      {
        path: "/api/v1/property/search",
        authorization: `Bearer ${TOKEN}`,
        body: {
          searchCriteria: {
            query: "Phoenix, AZ",
            quickLists: ["inherited"],
            building: { bedroomCount: { min: 1 } },
            valuation: { estimatedValue: { max: 3_000_000 } },
          },
          options: { skip: 0, take: 0, quicklistCounts: true },
        },
      },
    ]);
  });

  it("adds up a ZIP list, one count per ZIP", async () => {
    const fake = createFakeBatchData(TOKEN);
    const search: SellerSearch = { location: { zips: ["85281", "85004", "85008"] }, sellerType: "corporate-owned" };
    expect(await client(fake).countSellerLeads(search)).toBe(6);
    expect(
      fake
        .searches()
        .map((call) => (call.body.searchCriteria as { query: string }).query)
        .sort(),
    ).toEqual(["85004", "85008", "85281"]);
  });

  it("counts buyers as BatchData does: the matching properties of the owners of the type", async () => {
    const fake = createFakeBatchData(TOKEN);
    const search: BuyerSearch = {
      location: { city: "Phoenix", state: "AZ" },
      buyerType: "cash_buyers",
      quickLists: ["cash-buyer"],
      minProperties: 3,
    };
    expect(await client(fake).countCashBuyers(search)).toBe(3);
    expect(await client(fake).countCashBuyers({ ...search, minProperties: 20 })).toBe(0);
  });
});

describe("seller search", () => {
  it("answers the type's leads in BatchData's order, with the vendor record as raw", async () => {
    const fake = createFakeBatchData(TOKEN);
    const found = await client(fake).searchSellerLeads(PHOENIX, { take: 5 });
    expect(idsOf(found)).toEqual(["batchdata-bd-101", "batchdata-bd-104", "batchdata-bd-105", "batchdata-bd-202"]);
    expect(found[0]).toMatchObject({
      addressLine: "101 W Maple Ave",
      city: "Phoenix",
      state: "AZ",
      zip: "85004",
      apn: "APN-bd-101",
      bedrooms: 3,
      estimatedValue: 320_000,
      equityPct: 72,
      lastSaleDate: "2016-03-01",
      propertyType: "single_family",
      flags: ["out-of-state-absentee-owner", "high_equity", "inherited"],
      owner: { name: "Rosa Alvarez", mailingAddress: "88 Lakeshore Dr, Chicago, IL 60601" },
    });
    expect(found[0]!.raw).toEqual(SAMPLE_PROPERTIES[0]!.record);
    expect(found[3]).toMatchObject({ propertyType: "condo", bedrooms: 1 });
  });

  it("applies each filter: bedrooms, price cap and floor, high equity by 50 %", async () => {
    const fake = createFakeBatchData(TOKEN);
    const bd = client(fake);
    const search = (overrides: Partial<SellerSearch>) => bd.searchSellerLeads({ ...PHOENIX, ...overrides }, { take: 5 }).then(idsOf);
    expect(await search({ minBedrooms: 3 })).toEqual(["batchdata-bd-101", "batchdata-bd-104", "batchdata-bd-105"]);
    expect(await search({ maxPrice: 300_000 })).toEqual(["batchdata-bd-105", "batchdata-bd-202"]);
    expect(await search({ minPrice: 1_000_000, maxPrice: 1_500_000 })).toEqual(["batchdata-bd-104"]);
    expect(await search({ sellerType: "preforeclosure" })).toEqual(["batchdata-bd-102", "batchdata-bd-105"]);
    expect(await search({ sellerType: "tired-landlord" })).toEqual(["batchdata-bd-103", "batchdata-bd-203"]);
    // bd-203 is BatchData's high equity (LTV < 0.8) but has 49 % equity: the product's rule leaves it out.
    expect(await search({ sellerType: "high_equity" })).toEqual([
      "batchdata-bd-101",
      "batchdata-bd-103",
      "batchdata-bd-104",
      "batchdata-bd-201",
      "batchdata-bd-202",
    ]);
    expect(await search({ location: { zips: ["85281"] }, sellerType: "corporate-owned" })).toEqual([
      "batchdata-bd-301",
      "batchdata-bd-302",
      "batchdata-bd-303",
    ]);
    expect(await search({ location: { city: "Cheyenne", state: "WY" } })).toEqual([]);
  });

  it("pages with skip and take, running on from one ZIP into the next", async () => {
    const fake = createFakeBatchData(TOKEN);
    const bd = client(fake);
    const zips: SellerSearch = { ...PHOENIX, location: { zips: ["85008", "85004"] } };
    const pages = [await bd.searchSellerLeads(zips, { take: 2 }), await bd.searchSellerLeads(zips, { take: 2, skip: 2 })];
    expect(pages.map(idsOf)).toEqual([
      ["batchdata-bd-101", "batchdata-bd-104"],
      ["batchdata-bd-105", "batchdata-bd-202"],
    ]);
    expect(idsOf(await bd.searchSellerLeads(zips, { take: 2, skip: 3 }))).toEqual(["batchdata-bd-202"]);
    expect(idsOf(await bd.searchSellerLeads(zips, { take: 2, skip: 4 }))).toEqual([]);
    // The ZIP page starts beyond 85004 is passed over by its count (asked once per provider), never read.
    const reads = fake.searches().filter((call) => (call.body.options as { take: number }).take > 0);
    expect(reads.map((call) => [(call.body.searchCriteria as { query: string }).query, call.body.options])).toEqual([
      ["85004", { skip: 0, take: 2 }],
      ["85004", { skip: 2, take: 1 }],
      ["85008", { skip: 0, take: 1 }],
      ["85008", { skip: 0, take: 2 }],
      ["85008", { skip: 1, take: 2 }],
    ]);
    expect(fake.searches().filter((call) => (call.body.options as { take: number }).take === 0)).toHaveLength(1);
  });

  it("asks at most 500 properties per call", async () => {
    const many: FakeProperty[] = Array.from({ length: 520 }, (_, i) => {
      const record = structuredClone(SAMPLE_PROPERTIES[0]!.record) as Record<string, Record<string, unknown>>;
      return { record: { ...record, _id: `many-${i}`, address: { ...record.address, street: `${i + 1} Long Row` } }, persons: [] };
    });
    const fake = createFakeBatchData(TOKEN, many);
    const found = await client(fake).searchSellerLeads(PHOENIX, { take: 510, skip: 5 });
    expect(found).toHaveLength(510);
    expect(found[0]!.id).toBe("batchdata-many-5");
    expect(fake.searches().map((call) => call.body.options)).toEqual([
      { skip: 5, take: 500 },
      { skip: 505, take: 10 },
    ]);
    // Skip traces in chunks of 25 (BatchData takes 100, but large synchronous ones are slow).
    expect(fake.skipTraces().map((call) => (call.body.requests as unknown[]).length)).toEqual([...Array(20).fill(25), 10]);
  });

  it("merges one skip trace per page into the owners: phones with their DNC flags, emails", async () => {
    const fake = createFakeBatchData(TOKEN);
    const found = await client(fake).searchSellerLeads(PHOENIX, { take: 5 });
    expect(fake.skipTraces()).toHaveLength(1);
    expect(fake.skipTraces()[0]!.body).toEqual({
      requests: [
        {
          requestId: "bd-101",
          propertyAddress: { street: "101 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Rosa", last: "Alvarez" },
        },
        {
          requestId: "bd-104",
          propertyAddress: { street: "104 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Carl", last: "Dunn" },
        },
        {
          requestId: "bd-105",
          propertyAddress: { street: "105 E Roosevelt St", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Dee", last: "Evans" },
        },
        {
          requestId: "bd-202",
          propertyAddress: { street: "202 N 40th St", city: "Phoenix", state: "AZ", zip: "85008" },
          name: { first: "Fay", last: "Gill" },
        },
      ],
      options: { includeTCPABlacklistedPhones: true },
    });
    expect(found[0]!.owner).toMatchObject({
      phones: [
        { number: "+16025550101", type: "mobile", dnc: false },
        { number: "+16025550102", type: "landline", dnc: true },
        // TCPA-restricted: asked for, shown, and blocked like a do-not-call number.
        { number: "+16025550104", type: "mobile", dnc: true },
      ],
      emails: ["rosa.alvarez@example.com"],
    });
    // No person found for the others: no contacts rather than someone else's.
    expect(found.slice(1).map((lead) => [lead.owner.phones, lead.owner.emails])).toEqual(found.slice(1).map(() => [[], []]));
  });

  it("skip-traces a page in chunks of 25, and gives a page of records more time than a count", async () => {
    const [rosa] = SAMPLE_PROPERTIES;
    const many = Array.from({ length: 60 }, (_, index) => {
      const copy = structuredClone(rosa!);
      copy.record._id = `many-${index}`;
      (copy.record.address as { street: string }).street = `${200 + index} W Maple Ave`;
      return copy;
    });
    const fake = createFakeBatchData(TOKEN, many);
    const found = await client(fake).searchSellerLeads(PHOENIX, { take: 60 });
    expect(found).toHaveLength(60);
    expect(fake.skipTraces().map((call) => (call.body as { requests: unknown[] }).requests.length)).toEqual([25, 25, 10]);
    expect(found.every((lead) => lead.owner.phones.length === 3)).toBe(true);
    expect([callTimeoutMs(8_000, 0), callTimeoutMs(8_000, 100), callTimeoutMs(8_000, 500)]).toEqual([8_000, 8_000, 16_000]);
    // BatchData's synchronous skip trace takes at most 100 requests a call: the fake refuses 101 as it does.
    const request = { propertyAddress: { street: "200 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" } };
    const over = await fake.fetch("https://batchdata.fake.test/api/v1/property/skip-trace", {
      method: "POST",
      headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ requests: Array.from({ length: 101 }, () => request) }),
    });
    expect(over.status).toBe(400);
  });

  it("skips the skip trace when a page is empty", async () => {
    const fake = createFakeBatchData(TOKEN);
    expect(await client(fake).searchSellerLeads({ ...PHOENIX, location: { city: "Cheyenne", state: "WY" } }, { take: 5 })).toEqual([]);
    expect(fake.skipTraces()).toHaveLength(0);
  });
});

describe("buyer search", () => {
  const now = () => new Date("2026-11-23T12:00:00Z");
  const search = (overrides: Partial<BuyerSearch>): BuyerSearch => ({
    location: { city: "Phoenix", state: "AZ" },
    buyerType: "cash_buyers",
    quickLists: ["cash-buyer"],
    minProperties: 3,
    ...overrides,
  });

  it("answers each owner once, with their latest purchase in the place, portfolio and contacts", async () => {
    const fake = createFakeBatchData(TOKEN);
    const [buyer, ...others] = await client(fake, { now }).searchCashBuyers(search({}), { take: 5 });
    expect(others).toEqual([]);
    expect(buyer).toMatchObject({
      id: "batchdata-owner-1-central-ave-ste-400-85004",
      owner: {
        name: "Desert Holdings LLC",
        isIndividual: false,
        mailing: { street: "1 Central Ave Ste 400", city: "Phoenix", state: "AZ", zip: "85004" },
        phones: [{ number: "+14805550150", type: "landline", dnc: false }],
        emails: ["deals@desertholdings.example"],
      },
      property: { addressLine: "201 N 40th St", lastSaleDate: "2025-06-01", lastSaleCash: true },
      portfolio: {
        propertyCount: 12,
        totalEstimatedValue: 3_600_000,
        totalEquity: 1_440_000,
        totalMortgageBalance: 2_160_000,
        cashPurchaseCount: null,
      },
    });
    expect(fake.searches()[0]!.body).toEqual({
      searchCriteria: { query: "Phoenix, AZ", quickLists: ["cash-buyer"], propertyOwnerProfile: { propertiesCount: { min: 3, max: 100 } } },
      options: { skip: 0, take: 5 },
    });
    expect(fake.skipTraces()).toHaveLength(1);
  });

  it("finds fix-and-flip owners and active landlords by their definitions", async () => {
    const fake = createFakeBatchData(TOKEN);
    const bd = client(fake, { now });
    const flippers = await bd.searchCashBuyers(search({ location: { zips: ["85281"] }, buyerType: "fix_and_flip", quickLists: [] }), {
      take: 5,
    });
    expect(flippers.map((buyer) => [buyer.owner.name, buyer.property.addressLine])).toEqual([["Sun Flips Inc", "302 S Mill Ave"]]);
    // Active landlords: 6–100 properties, this one bought in the last 3 years (bd-204, bought 2019, is not).
    const landlords = await bd.searchCashBuyers(search({ buyerType: "active_landlord", quickLists: [] }), { take: 5 });
    expect(landlords.map((buyer) => buyer.property.addressLine)).toEqual(["201 N 40th St"]);
    expect((fake.searches().at(-1)!.body.searchCriteria as Record<string, unknown>).intel).toEqual({
      lastSoldDate: { minDate: "2023-11-23" },
    });
    // Sun Flips holds 4: not enough for an active landlord, nor for minProperties 5.
    expect(
      await bd.searchCashBuyers(search({ location: { zips: ["85281"] }, buyerType: "fix_and_flip", quickLists: [], minProperties: 5 }), {
        take: 5,
      }),
    ).toEqual([]);
  });
});
