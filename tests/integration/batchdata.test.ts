// The BatchData property-data client against a fake BatchData (tests/fakes/batchdata.ts): counts, seller and buyer
// searches with each filter, paging, skip trace, each error, the timeout, an unexpected answer; then the app's
// search routes with PROPERTY_DATA=batchdata, which must answer as they do on the local market.
import { env } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import { createDb } from "#db/client.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import { noSellerLeadsMessage, sellerLeadsExhaustedMessage, type CashBuyerItem, type LeadQueueItem } from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { callTimeoutMs, createBatchDataPropertyData, type BatchDataConfig } from "#app/providers/property-data/batchdata.server.ts";
import type { BuyerSearch, SellerSearch } from "#app/providers/property-data/types.ts";
import { action as cashBuyerSearch } from "#app/routes/api.cash-buyers.search.ts";
import { action as previewCount } from "#app/routes/api.leads.preview-count.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import {
  batchDataFromMarket,
  createFakeBatchData,
  SAMPLE_PROPERTIES,
  type FakeBatchData,
  type FakeProperty,
} from "#tests/fakes/batchdata.ts";

import { ApiClient, registerClient, type Answer } from "./api-client.ts";
import { testContext } from "./context.ts";
import { seedTestMarket } from "./market-fixture.ts";

const TOKEN = "bd_test_token";
const BASE_URL = "https://batchdata.fake.test";
const db = createDb(env.DB);

function client(fake: FakeBatchData, config: Partial<BatchDataConfig> = {}) {
  return createBatchDataPropertyData({ apiKey: TOKEN, baseUrl: BASE_URL, fetch: fake.fetch, ...config });
}

const PHOENIX: SellerSearch = { location: { city: "Phoenix", state: "AZ" }, sellerType: "inherited", minBedrooms: 1, maxPrice: 3_000_000 };
const idsOf = (found: { id: string }[]) => found.map((item) => item.id);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

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
          propertyAddress: { street: "101 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Rosa", last: "Alvarez" },
        },
        {
          propertyAddress: { street: "104 W Maple Ave", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Carl", last: "Dunn" },
        },
        {
          propertyAddress: { street: "105 E Roosevelt St", city: "Phoenix", state: "AZ", zip: "85004" },
          name: { first: "Dee", last: "Evans" },
        },
        { propertyAddress: { street: "202 N 40th St", city: "Phoenix", state: "AZ", zip: "85008" }, name: { first: "Fay", last: "Gill" } },
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

describe("failures", () => {
  const search = (fake: FakeBatchData, config: Partial<BatchDataConfig> = {}) =>
    failure(client(fake, config).searchSellerLeads(PHOENIX, { take: 5 }));

  it("maps each refusal to a ProviderError a user can read", async () => {
    const fake = createFakeBatchData(TOKEN);
    const cases: [number, string][] = [
      [403, "batchdata: insufficient balance or invalid token permission (403)"],
      [429, "batchdata: rate limited (429)"],
      [500, "batchdata: the service failed (HTTP 500)"],
      [503, "batchdata: the service failed (HTTP 503)"],
      [404, "batchdata: the request was refused (HTTP 404: Fake failure)"],
    ];
    for (const [status, message] of cases) {
      fake.failWith(status);
      const error = await search(fake);
      expect(error, String(status)).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ message, status });
    }
    fake.failWith(null);
    expect(await search(fake, { apiKey: "wrong" })).toMatchObject({ message: "batchdata: the API token was refused (401)", status: 401 });
  });

  it("passes BatchData's own message on for a request it refused", async () => {
    const fake = createFakeBatchData(TOKEN);
    fake.failWith(400, { message: "searchCriteria.query is required" });
    expect(await search(fake)).toMatchObject({
      message: "batchdata: the request was refused (HTTP 400: searchCriteria.query is required)",
    });
  });

  it("fails the search when the skip trace fails, rather than answer leads without their contacts", async () => {
    const fake = createFakeBatchData(TOKEN);
    fake.failWith(403, { endpoint: "skip-trace" });
    expect(await search(fake)).toMatchObject({ message: "batchdata: insufficient balance or invalid token permission (403)" });
    expect(fake.searches()).toHaveLength(1);
  });

  it("reports an unreachable service and a timeout", async () => {
    const fake = createFakeBatchData(TOKEN);
    fake.unreachable(true);
    expect(await search(fake)).toMatchObject({ name: "ProviderError", message: "batchdata: request failed (unreachable)" });
    fake.unreachable(false);
    fake.hang(true);
    expect(await search(fake, { timeoutMs: 50 })).toMatchObject({
      name: "ProviderError",
      message: "batchdata: request failed (timed out after 50 ms)",
    });
  });

  it("fails in one place, naming the field, on an answer shaped otherwise; skips and counts an unreadable property", async () => {
    const fake = createFakeBatchData(TOKEN);
    fake.answerOnce({ status: { code: 200 }, results: { properties: [] } });
    expect(await failure(client(fake).countSellerLeads(PHOENIX))).toMatchObject({
      message: expect.stringMatching(/^batchdata: unexpected property count answer: results\.meta: /),
    });
    // One unreadable property (no city, state or ZIP) is skipped and counted, not a failed page.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    fake.answerOnce({ results: { properties: [{ _id: "x", address: { street: "1 Main St" } }], meta: { results: { resultsFound: 1 } } } });
    const page = await client(fake).searchSellerLeads(PHOENIX, { take: 5 });
    expect([page.length, page.read]).toEqual([0, 1]);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/^batchdata: skipped 1 unreadable record\(s\) of 1: .*\(property 0\): address\.city: /),
    );
    warn.mockRestore();
    fake.answerOnce("<html>maintenance</html>");
    expect(await search(fake)).toMatchObject({ message: expect.stringMatching(/^batchdata: unexpected property search answer: /) });
  });

  it("says when an answer is not JSON at all", async () => {
    const fetcher = async () => new Response("<html>gateway</html>", { status: 200, headers: { "Content-Type": "text/html" } });
    const error = await failure(
      createBatchDataPropertyData({ apiKey: TOKEN, baseUrl: BASE_URL, fetch: fetcher }).countSellerLeads(PHOENIX),
    );
    expect(error).toMatchObject({ message: "batchdata: property count answer was not JSON" });
  });
});

// --- the app's routes on BatchData ------------------------------------------------------------------------------

describe("the search routes with PROPERTY_DATA=batchdata", () => {
  let market: MarketBatch;
  let dataset: FakeProperty[];

  beforeAll(async () => {
    market = await seedTestMarket(db, 2_000);
    dataset = batchDataFromMarket(market);
  });

  /** A signed-in user whose app runs on BatchData (the fake), configured as a deployment would be. */
  async function batchDataUser(prefix: string, vars: Record<string, string> = {}) {
    const fake = createFakeBatchData(TOKEN, dataset);
    const context = testContext(
      { PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: BASE_URL, ...vars },
      {},
      { fetch: fake.fetch },
    );
    return { ...(await registerClient(prefix, {}, new ApiClient(context))), fake };
  }

  const batch = (api: ApiClient, criteria: Record<string, unknown>) =>
    api.call(propertiesBatch, "POST", "/api/properties/batch", { count: 5, criteria });
  const preview = (api: ApiClient, body: Record<string, unknown>) => api.call(previewCount, "POST", "/api/leads/preview-count", body);
  const buyers = (api: ApiClient, body: Record<string, unknown>) => api.call(cashBuyerSearch, "POST", "/api/cash-buyers/search", body);
  const propertiesOf = (answer: Answer) => answer.body.properties as LeadQueueItem[];
  const marketId = (id: string) => id.replace(/^local-/, "").replace(/^batchdata-M/, "");

  /** A queue item with what names its provider (its id's prefix, raw.vendor and the vendor record) set aside. */
  function sameLead(item: LeadQueueItem) {
    return { ...item, id: marketId(item.id), raw: { ...item.raw, vendor: null, vendorRecord: null } };
  }

  /** The keys of a JSON object, all the way down to values and lists: the fields a client of the API reads. */
  function shape(value: unknown): unknown {
    if (Array.isArray(value)) return "list";
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, inner]) => [key, shape(inner)]),
      );
    return "value";
  }

  async function requestsOf(userId: string) {
    return db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
  }

  async function deliveredTo(userId: string) {
    const rows = await db
      .select({ vendor: leads.vendor, vendorLeadId: leads.vendorLeadId })
      .from(leadDeliveries)
      .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
      .where(eq(leadDeliveries.userId, userId));
    return rows;
  }

  it("count as the local market does", async () => {
    const local = await registerClient("bd-count-local");
    const { client: api, fake } = await batchDataUser("bd-count");
    const bodies = [
      { location: "phoenix, az", sellerType: "high_equity", minBedrooms: 3, maxPrice: 400_000 },
      { location: "85004, 85008", sellerType: "inherited" },
      { location: "Cleveland, OH", sellerType: "corporate-owned", minPrice: 100_000, maxPrice: 300_000 },
    ];
    for (const body of bodies) {
      const [expected, answer] = [await preview(local.client, body), await preview(api, body)];
      expect([answer.status, answer.body], body.location).toEqual([expected.status, expected.body]);
      expect((answer.body.totalResults as number) > 0, body.location).toBe(true);
    }
    // A buyer count has the same shape (BatchData counts the owners' matching properties, so not the same number).
    const buyerBody = { location: "Phoenix, AZ", buyerType: "cash_buyers" };
    const [localBuyers, bdBuyers] = [await preview(local.client, buyerBody), await preview(api, buyerBody)];
    expect(bdBuyers.status).toBe(200);
    expect(shape(bdBuyers.body)).toEqual(shape(localBuyers.body));
    expect(fake.skipTraces()).toHaveLength(0);
  });

  it("hand out the same leads for every seller type, recorded as BatchData's, each once", async () => {
    const local = await registerClient("bd-batch-local");
    const { client: api, userId, fake } = await batchDataUser("bd-batch");
    for (const sellerType of [
      "preforeclosure",
      "out-of-state-absentee-owner",
      "high_equity",
      "inherited",
      "corporate-owned",
      "tired-landlord",
    ]) {
      const criteria = { location: "Phoenix, AZ", sellerType, minBedrooms: 2, maxPrice: 750_000 };
      const [expected, answer] = [await batch(local.client, criteria), await batch(api, criteria)];
      expect(answer.status, sellerType).toBe(200);
      expect(propertiesOf(answer).length, sellerType).toBeGreaterThan(0);
      expect(propertiesOf(answer).map(sameLead), sellerType).toEqual(propertiesOf(expected).map(sameLead));
      expect(shape(answer.body)).toEqual(shape(expected.body));
      expect({ ...answer.body, requestId: null, properties: null }).toEqual({ ...expected.body, requestId: null, properties: null });
      expect(propertiesOf(answer).every((item) => item.id.startsWith("batchdata-") && item.raw.vendor === "batchdata")).toBe(true);
    }
    // One skip trace per page read (a lead this user already had from an earlier type makes the search read on).
    const reads = fake.searches().filter((call) => (call.body.options as { take: number }).take > 0);
    expect(reads.length).toBeGreaterThanOrEqual(6);
    expect(fake.skipTraces()).toHaveLength(reads.length);
    expect(fake.skipTraces().every((call) => (call.body.requests as unknown[]).length <= 5)).toBe(true);
    const requests = await requestsOf(userId);
    expect(requests.map((r) => [r.vendor, r.kind, r.status])).toEqual(
      requests.map(() => ["batchdata", "seller", expect.stringMatching(/^(completed|exhausted)$/)]),
    );
    const delivered = await deliveredTo(userId);
    expect(delivered.every((row) => row.vendor === "batchdata")).toBe(true);
    expect(new Set(delivered.map((row) => row.vendorLeadId)).size).toBe(delivered.length);
  });

  it("keep reading on, never hand out a lead twice, and say so when the market is exhausted", async () => {
    const local = await registerClient("bd-exhaust-local");
    const { client: api, userId } = await batchDataUser("bd-exhaust");
    const criteria = { location: "Detroit, MI", sellerType: "high_equity", minPrice: 100_000, maxPrice: 200_000 };
    const all = async (who: ApiClient) => {
      const got: string[] = [];
      let answer: Answer;
      do {
        answer = await batch(who, criteria);
        expect(answer.status).toBe(200);
        got.push(...propertiesOf(answer).map((item) => marketId(item.id)));
      } while (answer.body.exhausted === false);
      return { got, last: answer };
    };
    const [expected, actual] = [await all(local.client), await all(api)];
    expect(actual.got.length).toBeGreaterThan(5);
    expect(actual.got).toEqual(expected.got);
    expect(actual.last.body.message).toBe(sellerLeadsExhaustedMessage("Detroit, MI"));
    expect((await batch(api, criteria)).body).toMatchObject({ properties: [], exhausted: true });

    // The same homes by ZIP are another search over the same leads: none comes again.
    const phoenix = { location: "Phoenix, AZ", sellerType: "inherited" };
    const byCity = [...propertiesOf(await batch(api, phoenix)), ...propertiesOf(await batch(api, phoenix))].map((item) => item.id);
    const byZip = propertiesOf(await batch(api, { location: "85004", locations: ["85008", "85004"], sellerType: "inherited" })).map(
      (item) => item.id,
    );
    expect(byZip).toHaveLength(5);
    expect(byZip.filter((id) => byCity.includes(id))).toEqual([]);
    const delivered = await deliveredTo(userId);
    expect(new Set(delivered.map((row) => row.vendorLeadId)).size).toBe(delivered.length);
    const [places] = await db.select({ n: count() }).from(skipMapping).where(eq(skipMapping.userId, userId));
    expect(places!.n).toBe(3);
  });

  it("leave an unreadable vendor record out, count it in the answer, and page on past it", async () => {
    const homes = Array.from({ length: 8 }, (_, index) => {
      const copy = structuredClone(SAMPLE_PROPERTIES[0]!);
      copy.record._id = `odd-${index}`;
      const address = copy.record.address as Record<string, unknown>;
      address.street = `${300 + index} W Maple Ave`;
      if (index === 1) delete address.zip; // no ZIP: BatchData sends such records now and then
      return copy;
    });
    const fake = createFakeBatchData(TOKEN, homes);
    const context = testContext(
      { PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: BASE_URL },
      {},
      { fetch: fake.fetch },
    );
    const { client: api } = await registerClient("bd-odd", {}, new ApiClient(context));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const criteria = { location: "Phoenix, AZ", sellerType: "inherited" };
    const first = await batch(api, criteria);
    expect(first.body).toMatchObject({ success: true, exhausted: false, unreadable: 1 });
    expect(propertiesOf(first).map((item) => item.id)).toEqual(["batchdata-odd-0", ...[2, 3, 4, 5].map((i) => `batchdata-odd-${i}`)]);
    const second = await batch(api, criteria);
    expect(second.body).toMatchObject({ exhausted: true });
    expect(second.body).not.toHaveProperty("unreadable");
    expect(propertiesOf(second).map((item) => item.id)).toEqual(["batchdata-odd-6", "batchdata-odd-7"]);
    warn.mockRestore();
  });

  it("tell apart a place with no matches", async () => {
    const { client: api } = await batchDataUser("bd-none");
    expect((await batch(api, { location: "Cheyenne, WY", sellerType: "preforeclosure" })).body).toMatchObject({
      success: true,
      properties: [],
      exhausted: true,
      message: noSellerLeadsMessage("Cheyenne, WY"),
    });
  });

  it("page cash buyers by 5 as the local market does, each a §3 result item with contacts", async () => {
    const local = await registerClient("bd-buyers-local");
    const { client: api, userId, fake } = await batchDataUser("bd-buyers");
    const body = {
      location: "85004, 85008, 85281, 44113, 44102, 48226",
      buyerType: "cash_buyers",
      quickLists: ["cash-buyer"],
      minProperties: 3,
    };
    const expected = await buyers(local.client, body);
    const first = await buyers(api, body);
    expect(first).toMatchObject({ status: 200, body: { success: true, error: null, skip: 0, location: "85004", message: null } });
    const items = first.body.buyers as CashBuyerItem[];
    expect(items.length).toBeGreaterThan(0);
    expect(shape(first.body)).toEqual(shape(expected.body));
    expect(shape(items[0])).toEqual(shape((expected.body.buyers as CashBuyerItem[])[0]));
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) {
      expect(item.buyerType).toBe("cash_buyers");
      expect(item.propertyOwnerProfile.propertiesCount).toBeGreaterThanOrEqual(3);
      expect(item.owner.phoneNumbers.length + item.owner.emails.length).toBeGreaterThan(0);
      expect(item.owner.phoneNumbers.every((phone) => /^\+1\d{10}$/.test(phone.number) && typeof phone.dnc === "boolean")).toBe(true);
    }
    // Each page reads at most 5 properties (ZIP by ZIP), never more than it shows.
    const reads = () => fake.searches().filter((call) => (call.body.options as { take: number }).take > 0);
    expect(reads().reduce((sum, call) => sum + (call.body.options as { take: number }).take, 0)).toBeLessThanOrEqual(5);

    expect((await buyers(api, body)).body.skip).toBe(5);
    expect((await buyers(api, { ...body, buyerType: "fix_and_flip", quickLists: ["fix-and-flip"] })).body.skip).toBe(0);
    const requests = await requestsOf(userId);
    expect(requests.map((r) => [r.vendor, r.kind, r.requestedCount])).toEqual(requests.map(() => ["batchdata", "buyer", 5]));
    expect(requests).toHaveLength(3);
  });

  it("answer a BatchData failure with the routes' 502s, recorded, and the buyer page kept for the next try", async () => {
    const { client: api, userId, fake } = await batchDataUser("bd-fail");
    fake.failWith(429);
    expect(await preview(api, { location: "Phoenix, AZ", sellerType: "inherited" })).toMatchObject({
      status: 502,
      body: { success: false, message: "Preview Failed", error: "batchdata: rate limited (429)" },
    });
    expect(await batch(api, { location: "Phoenix, AZ", sellerType: "inherited" })).toMatchObject({
      status: 502,
      body: { success: false, message: "Lead Search Failed: batchdata: rate limited (429)", error: "batchdata: rate limited (429)" },
    });
    const buyerBody = { location: "Phoenix, AZ", buyerType: "cash_buyers" };
    expect(await buyers(api, buyerBody)).toMatchObject({
      status: 502,
      body: { success: false, message: "Cash Buyer Search Failed", error: "batchdata: rate limited (429)", buyers: [] },
    });
    const requests = await requestsOf(userId);
    expect(requests.map((r) => [r.kind, r.vendor, r.status, r.errorMessage]).sort()).toEqual([
      ["buyer", "batchdata", "failed", "batchdata: rate limited (429)"],
      ["seller", "batchdata", "failed", "batchdata: rate limited (429)"],
    ]);
    expect(await deliveredTo(userId)).toEqual([]);
    fake.failWith(null);
    expect((await buyers(api, buyerBody)).body).toMatchObject({ success: true, skip: 0 });
  });

  it("give up after BATCHDATA_TIMEOUT_MS and say so", async () => {
    const { client: api, fake } = await batchDataUser("bd-timeout", { BATCHDATA_TIMEOUT_MS: "100" });
    fake.hang(true);
    expect(await preview(api, { location: "Phoenix, AZ", sellerType: "inherited" })).toMatchObject({
      status: 502,
      body: { message: "Preview Failed", error: "batchdata: request failed (timed out after 100 ms)" },
    });
  });
});
