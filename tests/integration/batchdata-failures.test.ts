// BatchData (fake): failures, and the search routes with PROPERTY_DATA=batchdata.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";

import type { MarketBatch } from "#db/market/generate.ts";
import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import { noSellerLeadsMessage, sellerLeadsExhaustedMessage, type CashBuyerItem, type LeadQueueItem } from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { createBatchDataPropertyData, type BatchDataConfig } from "#app/providers/property-data/batchdata.server.ts";
import { action as cashBuyerSearch } from "#app/routes/api.cash-buyers.search.ts";
import { action as previewCount } from "#app/routes/api.leads.preview-count.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { batchDataFromMarket, SAMPLE_PROPERTIES, type FakeProperty } from "#tests/fakes/batchdata-data.ts";
import { createFakeBatchData, type FakeBatchData } from "#tests/fakes/batchdata.ts";

import { ApiClient, registerClient, type Answer } from "./api-client.ts";
import { BASE_URL, client, db, failure, PHOENIX, TOKEN } from "./batchdata-setup.ts";
import { testContext } from "./context.ts";
import { seedTestMarket } from "./market-fixture.ts";

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
  const UNCAPPED_LEADS = JSON.stringify({ lead: { perDay: null }, skip_trace: { perDay: null } });

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
    // Reading a whole market passes the default daily lead cap (200): these users may read it all.
    const local = await registerClient("bd-exhaust-local", {}, new ApiClient(testContext({ USAGE_LIMITS: UNCAPPED_LEADS })));
    const { client: api, userId } = await batchDataUser("bd-exhaust", { USAGE_LIMITS: UNCAPPED_LEADS });
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

  it("page cash buyers by 5 as the local market does, each a spec result item with contacts", async () => {
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

  it("leave an unreadable buyer record out and count it in the cash-buyer answer, as seller searches do", async () => {
    const desert = SAMPLE_PROPERTIES.find((home) => home.record._id === "bd-103")!;
    const odd = structuredClone(desert);
    odd.record._id = "bd-odd-buyer";
    delete (odd.record.address as Record<string, unknown>).zip; // no ZIP: BatchData sends such records now and then
    const fake = createFakeBatchData(TOKEN, [odd, ...SAMPLE_PROPERTIES]);
    const context = testContext(
      { PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: BASE_URL },
      {},
      { fetch: fake.fetch },
    );
    const { client: api } = await registerClient("bd-odd-buyers", {}, new ApiClient(context));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const body = { location: "Phoenix, AZ", buyerType: "cash_buyers", quickLists: ["cash-buyer"], minProperties: 3 };
    const first = await buyers(api, body);
    expect(first).toMatchObject({ status: 200, body: { success: true, skip: 0, unreadable: 1 } });
    expect((first.body.buyers as CashBuyerItem[]).map((item) => item.owner.fullName)).toContain("Desert Holdings LLC");
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^batchdata: skipped 1 unreadable record\(s\)/));
    // The next page holds no unreadable record: the answer has no count.
    const second = await buyers(api, body);
    expect(second.body).toMatchObject({ success: true, skip: 5 });
    expect(second.body).not.toHaveProperty("unreadable");
    warn.mockRestore();
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
