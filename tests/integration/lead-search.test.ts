// Seller-lead and cash-buyer search through the /api routes (spec 02 §4, §7): counts, lead queue batches with
// delivery records, cash-buyer pages by skip, validation, scoping, exhaustion, concurrency and provider failures,
// over a small seeded market.
import { createRequestHandler } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import { unknownState } from "#app/domain/leads/location.ts";
import {
  noCashBuyersMessage,
  noSellerLeadsMessage,
  sellerLeadsExhaustedMessage,
  type CashBuyerItem,
  type LeadQueueItem,
} from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { PropertyDataProvider } from "#app/providers/property-data/types.ts";
import * as root from "#app/root.tsx";
import { action as cashBuyerSearch } from "#app/routes/api.cash-buyers.search.ts";
import { action as previewCount } from "#app/routes/api.leads.preview-count.ts";
import * as apiPropertiesId from "#app/routes/api.properties.$id.ts";
import * as apiPropertiesBatch from "#app/routes/api.properties.batch.ts";
import * as apiProperties from "#app/routes/api.properties.ts";
import { getLatestSellerQueue } from "#app/services/leads/seller-queue.server.ts";

import { ApiClient, registerClient, type Answer } from "./api-client.ts";
import { seedTestMarket } from "./market-fixture.ts";
import { routeBuild } from "./remix-build.ts";

const propertiesBatch = apiPropertiesBatch.action;

const db = createDb(env.DB);
const AUTH_REQUIRED = "Authentication required. Please log in again.";
let market: MarketBatch;

beforeAll(async () => {
  market = await seedTestMarket(db, 2_000);
});

type Property = MarketBatch["properties"][number];
const PHOENIX_ZIPS = ["85004", "85008"];
const inPhoenix = (p: Property) => p.city === "Phoenix" && p.state === "AZ";
const marketIds = (filter: (p: Property) => boolean) =>
  market.properties
    .filter(filter)
    .map((p) => `local-${p.id}`)
    .sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)));

const batch = (client: ApiClient, criteria: Record<string, unknown>, count: unknown = 5) =>
  client.call(propertiesBatch, "POST", "/api/properties/batch", { count, criteria });
const buyers = (client: ApiClient, body: Record<string, unknown>) => client.call(cashBuyerSearch, "POST", "/api/cash-buyers/search", body);
const propertiesOf = (answer: Answer) => answer.body.properties as LeadQueueItem[];
const buyersOf = (answer: Answer) => answer.body.buyers as CashBuyerItem[];

/** What the user has in the search tables: nothing may appear there on a refusal. */
async function written(userId: string) {
  const [requests, deliveries, skips] = await db.batch([
    db.select({ n: count() }).from(leadRequests).where(eq(leadRequests.userId, userId)),
    db.select({ n: count() }).from(leadDeliveries).where(eq(leadDeliveries.userId, userId)),
    db.select({ n: count() }).from(skipMapping).where(eq(skipMapping.userId, userId)),
  ]);
  return { requests: requests[0]!.n, deliveries: deliveries[0]!.n, skips: skips[0]!.n };
}

async function deliveredTo(userId: string) {
  const rows = await db
    .select({ vendorLeadId: leads.vendorLeadId })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .where(eq(leadDeliveries.userId, userId));
  return rows.map((row) => row.vendorLeadId);
}

/** A client whose property-data provider fails as a vendor would. */
async function clientWithFailingProvider(prefix: string) {
  const signedIn = await registerClient(prefix);
  const failing: PropertyDataProvider = {
    name: "local",
    countSellerLeads: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
    searchSellerLeads: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
    countCashBuyers: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
    searchCashBuyers: () => Promise.reject(new ProviderError("batchdata", "rate limited (429)", 429)),
  };
  signedIn.client.context = { ...signedIn.client.context, providers: { ...signedIn.client.context.providers, propertyData: failing } };
  return signedIn;
}

describe("signed out", () => {
  it("answers 401 with the spec's message on every call and writes nothing", async () => {
    const anonymous = new ApiClient();
    const before = await db.select({ n: count() }).from(leadRequests);
    const answers = await Promise.all([
      anonymous.call(previewCount, "POST", "/api/leads/preview-count", { location: "Phoenix, AZ", sellerType: "inherited" }),
      batch(anonymous, { location: "Phoenix, AZ", sellerType: "inherited" }),
      buyers(anonymous, { location: "Phoenix, AZ", buyerType: "cash_buyers" }),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 401, body: { success: false, message: AUTH_REQUIRED } });
    expect(await db.select({ n: count() }).from(leadRequests)).toEqual(before);
  });
});

describe("POST /api/leads/preview-count", () => {
  it("counts seller leads by type, bedrooms and price cap, and names the location", async () => {
    const { client, userId } = await registerClient("count");
    const answer = await client.call(previewCount, "POST", "/api/leads/preview-count", {
      location: "phoenix, az",
      sellerType: "high_equity",
      minBedrooms: 3,
      maxPrice: 400_000,
    });
    const expected = marketIds((p) => inPhoenix(p) && p.isHighEquity === true && p.bedrooms >= 3 && p.estimatedValue <= 400_000);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer).toMatchObject({ status: 200, body: { success: true, totalResults: expected.length, location: "Phoenix, AZ" } });

    const zips = await client.call(previewCount, "POST", "/api/leads/preview-count", { location: "85004, 85008", sellerType: "inherited" });
    expect(zips.body).toMatchObject({
      totalResults: marketIds((p) => PHOENIX_ZIPS.includes(p.zip) && p.isInherited === true).length,
      location: "85004",
    });
    expect(await written(userId)).toEqual({ requests: 0, deliveries: 0, skips: 0 });
  });

  it("counts cash buyers by type", async () => {
    const { client } = await registerClient("count-buyers");
    const { providers } = client.context;
    for (const buyerType of ["active_landlord", "fix_and_flip", "cash_buyers"] as const) {
      const expected = await providers.propertyData.countCashBuyers({
        location: { zips: ["85004", "85008", "85281"] },
        buyerType,
        quickLists: [],
        minProperties: 3,
      });
      const answer = await client.call(previewCount, "POST", "/api/leads/preview-count", { location: "85004,85008,85281", buyerType });
      expect(answer.body, buyerType).toMatchObject({ success: true, totalResults: expected, location: "85004" });
      expect(expected, buyerType).toBeGreaterThan(0);
    }
  });

  it("refuses a bad body with a message per field", async () => {
    const { client } = await registerClient("count-bad");
    const call = (body: Record<string, unknown>) => client.call(previewCount, "POST", "/api/leads/preview-count", body);
    expect((await call({ location: "", sellerType: "inherited" })).body).toMatchObject({
      success: false,
      errors: { location: ["Location is required"] },
    });
    expect((await call({ location: "Phoenix, QQ", sellerType: "inherited" })).body.errors).toEqual({ location: [unknownState("QQ")] });
    expect((await call({ location: "Phoenix, AZ", sellerType: "motivated" })).body.errors).toEqual({
      sellerType: [
        "Seller type must be one of preforeclosure, out-of-state-absentee-owner, high_equity, inherited, corporate-owned, tired-landlord",
      ],
    });
    expect((await call({ location: "Phoenix, AZ", buyerType: "hedge_fund" })).body.errors).toEqual({
      buyerType: ["Buyer type must be one of active_landlord, fix_and_flip, cash_buyers"],
    });
    const bounds = await call({ location: "Phoenix, AZ", sellerType: "inherited", minBedrooms: -2, maxPrice: "cheap" });
    expect(bounds.status).toBe(400);
    expect(bounds.body.errors).toEqual({
      minBedrooms: ["Minimum bedrooms must be a whole number from 1 to 5"],
      maxPrice: ["Maximum price must be a number"],
    });
    expect(String(bounds.body.message)).toMatch(/^Validation error: /);
  });

  it("answers 502 Preview Failed with the provider's error", async () => {
    const { client } = await clientWithFailingProvider("count-fail");
    const answer = await client.call(previewCount, "POST", "/api/leads/preview-count", {
      location: "Phoenix, AZ",
      sellerType: "inherited",
    });
    expect(answer).toMatchObject({
      status: 502,
      body: { success: false, message: "Preview Failed", error: "batchdata: rate limited (429)" },
    });
  });
});

describe("POST /api/properties/batch", () => {
  const INHERITED_PHOENIX = { location: "Phoenix, AZ", sellerType: "inherited" };

  it("answers 5 lead queue items with their raw owner record, and records the request and each delivery", async () => {
    const { client, userId } = await registerClient("batch");
    const answer = await batch(client, { ...INHERITED_PHOENIX, minBedrooms: 1, maxPrice: 3_000_000 });
    expect(answer.status).toBe(200);
    const properties = propertiesOf(answer);
    const expected = marketIds((p) => inPhoenix(p) && p.isInherited === true);
    expect(expected.length).toBeGreaterThan(10);
    expect(properties.map((p) => p.id)).toEqual(expected.slice(0, 5));
    expect(answer.body).toMatchObject({ success: true, location: "Phoenix, AZ", exhausted: false, message: null });

    const lead = properties[0]!;
    const property = market.properties.find((p) => `local-${p.id}` === lead.id)!;
    const owner = market.owners.find((o) => o.id === property.ownerId)!;
    expect(lead).toMatchObject({
      addressLine: property.address,
      city: "Phoenix",
      zip: property.zip,
      apn: property.apn,
      ownerName: owner.fullName,
      estimatedValue: property.estimatedValue,
      maxOffer: Math.round(property.estimatedValue * 0.7),
      propertyType: property.propertyType,
      lat: property.latitude,
      lon: property.longitude,
      flags: expect.arrayContaining(["inherited"]),
    });
    expect(lead.raw.ownerPhoneNumbers).toEqual(owner.phones);
    expect(lead.raw.ownerDncPhone).toBe(owner.phones.find((phone) => phone.dnc)?.number ?? null);
    expect(lead.raw.ownerPhone).toBe(owner.phones.find((phone) => !phone.dnc)?.number ?? null);
    expect(lead.raw.ownerMailingAddress).toBe(`${owner.mailingStreet}, ${owner.mailingCity}, ${owner.mailingState} ${owner.mailingZip}`);

    const [request] = await db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
    expect(request).toMatchObject({
      id: answer.body.requestId,
      kind: "seller",
      vendor: "local",
      requestedCount: 5,
      respondedCount: 5,
      status: "completed",
      errorMessage: null,
      requestParams: { count: 5, location: "Phoenix, AZ", sellerType: "inherited", minBedrooms: 1, minPrice: null, maxPrice: 3_000_000 },
    });
    expect((await deliveredTo(userId)).sort()).toEqual([...expected.slice(0, 5)].sort());
  });

  it("never hands a user a lead twice: the same search reads on, another search over the same homes skips them", async () => {
    const { client, userId } = await registerClient("batch-repeat");
    const expected = marketIds((p) => PHOENIX_ZIPS.includes(p.zip) && p.isInherited === true);
    const first = propertiesOf(await batch(client, INHERITED_PHOENIX)).map((p) => p.id);
    const second = propertiesOf(await batch(client, INHERITED_PHOENIX)).map((p) => p.id);
    expect([...first, ...second]).toEqual(expected.slice(0, 10));

    // The same homes by ZIP are another search (it starts at the market's start) but the user already has ten.
    const byZip = await batch(client, { location: "85004", locations: ["85004", "85008"], sellerType: "inherited" });
    expect(propertiesOf(byZip).map((p) => p.id)).toEqual(expected.slice(10, 15));
    const delivered = await deliveredTo(userId);
    expect(delivered).toHaveLength(15);
    expect(new Set(delivered).size).toBe(15);
  });

  it("says so when the market is exhausted for the user, and records the shortfall", async () => {
    const { client, userId } = await registerClient("batch-exhaust");
    const criteria = { location: "Detroit, MI", sellerType: "high_equity", minPrice: 100_000, maxPrice: 200_000 };
    const expected = marketIds(
      (p) => p.city === "Detroit" && p.isHighEquity === true && p.estimatedValue >= 100_000 && p.estimatedValue <= 200_000,
    );
    expect(expected.length).toBeGreaterThan(5);
    expect(expected.length % 5).not.toBe(0);

    const got: string[] = [];
    let answer: Answer;
    do {
      answer = await batch(client, criteria);
      expect(answer.status).toBe(200);
      got.push(...propertiesOf(answer).map((p) => p.id));
    } while (answer.body.exhausted === false);
    expect(got).toEqual(expected);
    expect(answer.body.message).toBe(sellerLeadsExhaustedMessage("Detroit, MI"));

    const again = await batch(client, criteria);
    expect(again.body).toMatchObject({ properties: [], exhausted: true, message: sellerLeadsExhaustedMessage("Detroit, MI") });
    const requests = await db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
    const statuses = requests.map((r) => `${r.status}:${r.respondedCount}`).sort();
    expect(statuses).toContain(`exhausted:${expected.length % 5}`);
    expect(statuses).toContain("exhausted:0");
    expect(statuses.filter((s) => s === "completed:5")).toHaveLength(Math.floor(expected.length / 5));
  });

  it("tells apart a place with no matches at all", async () => {
    const { client } = await registerClient("batch-none");
    const answer = await batch(client, { location: "Cheyenne, WY", sellerType: "preforeclosure" });
    expect(answer.body).toMatchObject({ success: true, properties: [], exhausted: true, message: noSellerLeadsMessage("Cheyenne, WY") });
  });

  it("keeps each user's deliveries apart: another user gets the same first leads", async () => {
    const a = await registerClient("batch-a");
    const b = await registerClient("batch-b");
    const fromA = propertiesOf(await batch(a.client, INHERITED_PHOENIX)).map((p) => p.id);
    const fromB = propertiesOf(await batch(b.client, INHERITED_PHOENIX)).map((p) => p.id);
    expect(fromB).toEqual(fromA);
    expect((await deliveredTo(b.userId)).sort()).toEqual([...fromB].sort());
    expect((await getLatestSellerQueue(db, b.userId))?.leads.map((lead) => lead.id)).toEqual(fromB);
  });

  it("gives two identical searches at once different leads, each delivered once", async () => {
    const { client, userId } = await registerClient("batch-race");
    const criteria = { location: "Phoenix, AZ", sellerType: "tired-landlord" };
    const [one, two] = await Promise.all([batch(client, criteria), batch(client, criteria)]);
    const ids = [...propertiesOf(one), ...propertiesOf(two)].map((p) => p.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(ids.sort()).toEqual(
      marketIds((p) => inPhoenix(p) && p.isTiredLandlord === true)
        .slice(0, 10)
        .sort(),
    );
    expect((await deliveredTo(userId)).sort()).toEqual(ids.sort());
    const requests = await db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
    expect(requests.map((r) => `${r.status}:${r.respondedCount}`)).toEqual(["completed:5", "completed:5"]);
  });

  it("refuses a bad body with per-field messages and records nothing", async () => {
    const { client, userId } = await registerClient("batch-bad");
    const answer = await batch(client, { location: "  ", sellerType: "bargain", minBedrooms: "two", minPrice: -1, maxPrice: 0 }, 50);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false });
    expect(answer.body.errors).toEqual({
      count: ["count must be a whole number from 1 to 5"],
      "criteria.location": ["Location is required"],
      "criteria.sellerType": [
        "Seller type must be one of preforeclosure, out-of-state-absentee-owner, high_equity, inherited, corporate-owned, tired-landlord",
      ],
      "criteria.minBedrooms": ["Minimum bedrooms must be a number"],
      "criteria.minPrice": ["Minimum price cannot be negative"],
      "criteria.maxPrice": ["Maximum price must be greater than 0"],
    });
    expect((await batch(client, { location: "Tempe, XX", sellerType: "inherited" })).body.errors).toEqual({
      "criteria.location": [unknownState("XX")],
    });
    expect((await client.call(propertiesBatch, "POST", "/api/properties/batch", { count: 5 })).body.errors).toEqual({
      criteria: ["criteria is required"],
    });
    expect(await written(userId)).toEqual({ requests: 0, deliveries: 0, skips: 0 });
  });

  it("records a provider failure as a failed request and hands out nothing", async () => {
    const { client, userId } = await clientWithFailingProvider("batch-fail");
    const answer = await batch(client, INHERITED_PHOENIX);
    expect(answer).toMatchObject({ status: 502, body: { success: false, message: "Lead Search Failed: batchdata: rate limited (429)" } });
    const [request] = await db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
    expect(request).toMatchObject({ status: "failed", respondedCount: 0, errorMessage: "batchdata: rate limited (429)" });
    expect((await written(userId)).deliveries).toBe(0);
  });
});

describe("a provider failing after a search already claimed leads", () => {
  it("answers the leads it claimed and records the request as partial with the error", async () => {
    const { client, userId } = await registerClient("batch-partial");
    const expected = marketIds((p) => PHOENIX_ZIPS.includes(p.zip) && p.isInherited === true);
    expect(propertiesOf(await batch(client, { location: "Phoenix, AZ", sellerType: "inherited" }, 3)).map((p) => p.id)).toEqual(
      expected.slice(0, 3),
    );

    // The same homes by ZIP start at the market's start: round 1 claims leads 4 and 5, round 2 fails.
    const real = client.context.providers.propertyData;
    let calls = 0;
    const flaky: PropertyDataProvider = {
      ...real,
      searchSellerLeads: (search, page) =>
        ++calls === 1 ? real.searchSellerLeads(search, page) : Promise.reject(new ProviderError("batchdata", "timed out", 504)),
    };
    client.context = { ...client.context, providers: { ...client.context.providers, propertyData: flaky } };
    const answer = await batch(client, { location: "85004, 85008", sellerType: "inherited" });
    expect(answer.status).toBe(200);
    expect(propertiesOf(answer).map((p) => p.id)).toEqual(expected.slice(3, 5));
    const [request] = await db
      .select()
      .from(leadRequests)
      .where(eq(leadRequests.id, String(answer.body.requestId)));
    expect(request).toMatchObject({ userId, status: "partial", respondedCount: 2, errorMessage: "batchdata: timed out" });
    expect(await deliveredTo(userId)).toHaveLength(5);
  });
});

describe("the workbench's queue on the server", () => {
  it("is the latest seller search that delivered leads, in the order they were answered, for its user only", async () => {
    const { client, userId } = await registerClient("queue");
    const other = await registerClient("queue-other");
    expect(await getLatestSellerQueue(db, userId)).toBeNull();

    await batch(client, { location: "Phoenix, AZ", sellerType: "high_equity" });
    const latest = await batch(client, { location: "Tempe, AZ", sellerType: "corporate-owned", maxPrice: 750_000 });
    // A later search that found nothing new does not replace the queue.
    await batch(client, { location: "Cheyenne, WY", sellerType: "inherited" });
    await buyers(client, { location: "Phoenix, AZ", buyerType: "cash_buyers" });
    await batch(other.client, { location: "Cleveland, OH", sellerType: "inherited" });

    const queue = await getLatestSellerQueue(db, userId);
    expect(queue?.request).toMatchObject({
      id: latest.body.requestId,
      location: "Tempe, AZ",
      requestedCount: 5,
      respondedCount: 5,
      status: "completed",
      criteria: { sellerType: "corporate-owned", maxPrice: 750_000 },
    });
    expect(queue?.leads).toEqual(propertiesOf(latest));
    expect((await getLatestSellerQueue(db, other.userId))?.leads.every((lead) => lead.city === "Cleveland")).toBe(true);
  });
});

describe("POST /api/cash-buyers/search", () => {
  // Every ZIP of the test market, so there are a few pages of buyers.
  const ZIPS = ["85004", "85008", "85281", "44113", "44102", "48226"];
  const CASH_BUYERS_AZ = { location: ZIPS.join(", "), buyerType: "cash_buyers", quickLists: ["cash-buyer"], minProperties: 3 };

  async function allBuyerIds(client: ApiClient, buyerType: "cash_buyers" | "fix_and_flip" | "active_landlord") {
    const found = await client.context.providers.propertyData.searchCashBuyers(
      { location: { zips: ZIPS }, buyerType, quickLists: [], minProperties: 3 },
      { take: 1_000 },
    );
    return found.map((buyer) => buyer.id);
  }

  it("answers 5 buyers and moves on by 5 for the same search; a changed search starts again at 0", async () => {
    const { client, userId } = await registerClient("buyers");
    const all = await allBuyerIds(client, "cash_buyers");
    expect(all.length).toBeGreaterThan(15);

    const first = await buyers(client, CASH_BUYERS_AZ);
    expect(first).toMatchObject({ status: 200, body: { success: true, error: null, skip: 0, location: "85004", message: null } });
    expect(buyersOf(first)).toHaveLength(5);
    expect(buyersOf(first).map((b) => b.id)).toEqual(all.slice(0, 5));
    const second = await buyers(client, { ...CASH_BUYERS_AZ, location: [...ZIPS].reverse().join(",") });
    expect(second.body.skip).toBe(5);
    expect(buyersOf(second).map((b) => b.id)).toEqual(all.slice(5, 10));

    const flips = await buyers(client, { ...CASH_BUYERS_AZ, buyerType: "fix_and_flip", quickLists: ["fix-and-flip"] });
    expect(flips.body.skip).toBe(0);
    expect(buyersOf(flips).map((b) => b.id)).toEqual((await allBuyerIds(client, "fix_and_flip")).slice(0, 5));
    expect(buyersOf(flips).map((b) => [b.buyerType, (b.propertyOwnerProfile.flipCount ?? 0) >= 1])).toEqual(
      buyersOf(flips).map(() => ["fix_and_flip", true]),
    );

    const back = await buyers(client, CASH_BUYERS_AZ);
    expect(back.body.skip).toBe(0);
    expect(buyersOf(back).map((b) => b.id)).toEqual(all.slice(0, 5));

    // One place kept per user for cash-buyer searches; each search recorded.
    const skips = await db.select().from(skipMapping).where(eq(skipMapping.userId, userId));
    expect(skips).toHaveLength(1);
    const requests = await db
      .select()
      .from(leadRequests)
      .where(and(eq(leadRequests.userId, userId), eq(leadRequests.kind, "buyer")));
    expect(requests.map((r) => [r.requestedCount, r.status, r.respondedCount])).toEqual(
      Array.from({ length: 4 }, () => [5, "completed", 5]),
    );
  });

  it("pages by an explicit skip, and a repeat goes on from there", async () => {
    const { client } = await registerClient("buyers-skip");
    const all = await allBuyerIds(client, "cash_buyers");
    expect(all.length).toBeGreaterThan(15);
    const page = await buyers(client, { ...CASH_BUYERS_AZ, skip: 5 });
    expect(page.body.skip).toBe(5);
    expect(buyersOf(page).map((b) => b.id)).toEqual(all.slice(5, 10));
    const next = await buyers(client, CASH_BUYERS_AZ);
    expect(next.body.skip).toBe(10);
    expect(buyersOf(next).map((b) => b.id)).toEqual(all.slice(10, 15));
  });

  it("answers each buyer as a §3 result item: address, owner with DNC-flagged phones and owner type, valuation, building, sale, portfolio", async () => {
    const { client } = await registerClient("buyers-item");
    const items = buyersOf(await buyers(client, { location: "Phoenix, AZ", buyerType: "active_landlord" }));
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const owner = market.owners.find((o) => `local-owner-${o.id}` === item.id)!;
      expect(item.owner).toEqual({
        fullName: owner.fullName,
        phoneNumbers: owner.phones,
        emails: owner.emails,
        mailingAddress: { street: owner.mailingStreet, city: owner.mailingCity, state: owner.mailingState, zip: owner.mailingZip },
        ownerType: /\b(LLC|Inc|Corp)\b/.test(owner.fullName) ? "Corporate" : "Individual",
      });
      expect(item.address.city).toBe("Phoenix");
      expect(item.propertyOwnerProfile.propertiesCount).toBe(owner.propertyCount);
      expect(Object.keys(item).sort()).toEqual([
        "address",
        "building",
        "buyerType",
        "id",
        "owner",
        "propertyOwnerProfile",
        "sale",
        "valuation",
      ]);
    }
  });

  it("says §8's message for an empty page", async () => {
    const { client } = await registerClient("buyers-none");
    const answer = await buyers(client, { location: "Cheyenne, WY", buyerType: "cash_buyers" });
    expect(answer.body).toMatchObject({ success: true, error: null, buyers: [], message: noCashBuyersMessage("Cheyenne, WY") });
  });

  it("keeps each user's place apart", async () => {
    const a = await registerClient("buyers-a");
    const b = await registerClient("buyers-b");
    await buyers(a.client, CASH_BUYERS_AZ);
    await buyers(a.client, CASH_BUYERS_AZ);
    expect((await buyers(b.client, CASH_BUYERS_AZ)).body.skip).toBe(0);
    expect((await buyers(a.client, CASH_BUYERS_AZ)).body.skip).toBe(10);
  });

  it("gives two identical repeat searches at once two different pages", async () => {
    const { client, userId } = await registerClient("buyers-race");
    const all = await allBuyerIds(client, "cash_buyers");
    await buyers(client, CASH_BUYERS_AZ);
    const [one, two] = await Promise.all([buyers(client, CASH_BUYERS_AZ), buyers(client, CASH_BUYERS_AZ)]);
    expect([one.body.skip, two.body.skip].sort()).toEqual([10, 5]);
    const ids = [...buyersOf(one), ...buyersOf(two)].map((b) => b.id).sort();
    expect(ids).toEqual(all.slice(5, 15).sort());
    expect(await db.select().from(skipMapping).where(eq(skipMapping.userId, userId))).toHaveLength(1);
  });

  it("refuses a bad body with per-field messages and writes nothing", async () => {
    const { client, userId } = await registerClient("buyers-bad");
    const answer = await buyers(client, { location: "", buyerType: "whales", quickLists: "Cash Buyers!", minProperties: 0, skip: -5 });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({
      location: ["Location is required"],
      buyerType: ["Buyer type must be one of active_landlord, fix_and_flip, cash_buyers"],
      "quickLists.0": ["Each quick list must be a name such as cash-buyer"],
      minProperties: ["minProperties must be a whole number from 1 to 100"],
      skip: ["skip must be a whole number from 0 to 10,000"],
    });
    expect((await buyers(client, { location: "Phoenix, ZZ", buyerType: "cash_buyers", skip: "abc" })).body.errors).toEqual({
      location: [unknownState("ZZ")],
      skip: ["skip must be a number"],
    });
    expect(await written(userId)).toEqual({ requests: 0, deliveries: 0, skips: 0 });
  });

  it("answers 502 Cash Buyer Search Failed with the error, records it, and keeps the page for the next try", async () => {
    const { client, userId } = await clientWithFailingProvider("buyers-fail");
    const answer = await buyers(client, CASH_BUYERS_AZ);
    expect(answer).toMatchObject({
      status: 502,
      body: { success: false, message: "Cash Buyer Search Failed", error: "batchdata: rate limited (429)", buyers: [] },
    });
    const [request] = await db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
    expect(request).toMatchObject({ kind: "buyer", status: "failed", errorMessage: "batchdata: rate limited (429)" });

    // With the provider back, the same search starts at 0: the failed page was not skipped.
    client.context = { ...client.context, providers: new ApiClient().context.providers };
    expect((await buyers(client, CASH_BUYERS_AZ)).body.skip).toBe(0);
  });
});

describe("routing under /api/properties", () => {
  // As Remix's flat routes nest them: api.properties.batch and api.properties.$id are children of api.properties.
  const remix = createRequestHandler(
    routeBuild({
      root: { path: "", module: root },
      "routes/api.properties": { path: "api/properties", module: apiProperties },
      "routes/api.properties.batch": { path: "batch", parent: "routes/api.properties", module: apiPropertiesBatch },
      "routes/api.properties.$id": { path: ":id", parent: "routes/api.properties", module: apiPropertiesId },
    }),
  );

  it("sends /api/properties/batch to the search and leaves /api/properties and /api/properties/{id} as they were", async () => {
    const { client } = await registerClient("routing");
    const send = (method: string, path: string, json?: unknown) =>
      remix(client.request(method, path, json === undefined ? {} : { json }), client.context);

    const search = await send("POST", "/api/properties/batch", {
      count: 5,
      criteria: { location: "Phoenix, AZ", sellerType: "inherited" },
    });
    expect(search.status).toBe(200);
    expect(((await search.json()) as { properties: unknown[] }).properties).toHaveLength(5);
    const get = await send("GET", "/api/properties/batch");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");

    const created = await send("POST", "/api/properties", { address: "4127 N 38th St", city: "Phoenix", state: "AZ", zipCode: "85018" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const list = await send("GET", "/api/properties");
    expect(((await list.json()) as { id: string }[]).map((lead) => lead.id)).toEqual([id]);
    expect((await send("GET", `/api/properties/${id}`)).status).toBe(200);
  });
});
