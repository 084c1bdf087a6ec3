// Lead search: a provider failing mid-search, the workbench's queue, cash-buyer search, and routing under /api/properties.
import { createRequestHandler } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { leadRequests, skipMapping } from "#db/schema.ts";
import { unknownState } from "#app/domain/leads/lead-location.ts";
import { noCashBuyersMessage } from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { PropertyDataProvider } from "#app/providers/property-data/types.ts";
import * as root from "#app/root.tsx";
import * as apiPropertiesId from "#app/routes/api.properties.$id.ts";
import * as apiPropertiesBatch from "#app/routes/api.properties.batch.ts";
import * as apiProperties from "#app/routes/api.properties.ts";
import { getLatestSellerQueue } from "#app/services/leads/seller-queue.server.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import {
  batch,
  buyers,
  buyersOf,
  clientWithFailingProvider,
  db,
  deliveredTo,
  market,
  marketIds,
  PHOENIX_ZIPS,
  propertiesOf,
  seedMarket,
  written,
} from "./lead-search-setup.ts";
import { routeBuild } from "./remix-build.ts";

beforeAll(async () => {
  await seedMarket();
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
    expect(await getLatestSellerQueue({ db }, userId)).toBeNull();

    await batch(client, { location: "Phoenix, AZ", sellerType: "high_equity" });
    const latest = await batch(client, { location: "Tempe, AZ", sellerType: "corporate-owned", maxPrice: 750_000 });
    // A later search that found nothing new does not replace the queue.
    await batch(client, { location: "Cheyenne, WY", sellerType: "inherited" });
    await buyers(client, { location: "Phoenix, AZ", buyerType: "cash_buyers" });
    await batch(other.client, { location: "Cleveland, OH", sellerType: "inherited" });

    const queue = await getLatestSellerQueue({ db }, userId);
    expect(queue?.request).toMatchObject({
      id: latest.body.requestId,
      location: "Tempe, AZ",
      requestedCount: 5,
      respondedCount: 5,
      status: "completed",
      criteria: { sellerType: "corporate-owned", maxPrice: 750_000 },
    });
    expect(queue?.leads).toEqual(propertiesOf(latest));
    expect((await getLatestSellerQueue({ db }, other.userId))?.leads.every((lead) => lead.city === "Cleveland")).toBe(true);
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

  it("answers each buyer as a spec result item: address, owner with DNC-flagged phones and owner type, valuation, building, sale, portfolio", async () => {
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

  it("says the spec's message for an empty page", async () => {
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
