// Lead search: signed out, the preview count, and POST /api/properties/batch.
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { leadRequests } from "#db/schema.ts";
import { unknownState } from "#app/domain/leads/lead-location.ts";
import { noSellerLeadsMessage, sellerLeadsExhaustedMessage } from "#app/domain/leads/search.ts";
import { action as previewCount } from "#app/routes/api.leads.preview-count.ts";
import { getLatestSellerQueue } from "#app/services/leads/seller-queue.server.ts";

import { ApiClient, registerClient, type Answer } from "./api-client.ts";
import { testContext } from "./context.ts";
import {
  AUTH_REQUIRED,
  batch,
  buyers,
  clientWithFailingProvider,
  db,
  deliveredTo,
  inPhoenix,
  market,
  marketIds,
  PHOENIX_ZIPS,
  propertiesBatch,
  propertiesOf,
  seedMarket,
  written,
} from "./lead-search-setup.ts";

beforeAll(async () => {
  await seedMarket();
});

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
    // Reading a whole market passes the default daily lead cap (200): this user may read it all.
    const uncapped = JSON.stringify({ lead: { perDay: null }, skip_trace: { perDay: null } });
    const { client, userId } = await registerClient("batch-exhaust", {}, new ApiClient(testContext({ USAGE_LIMITS: uncapped })));
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
    expect(answer.body).toMatchObject({ success: true, properties: [], exhausted: true });
    // Outside the local market: the answer names the places it covers, the biggest first.
    const message = String((answer.body as { message: string }).message);
    expect(
      message.startsWith(`${noSellerLeadsMessage("Cheyenne, WY")} Cheyenne, WY is outside the market Breeze has records for; it covers `),
    ).toBe(true);
    const covered = message.slice(message.indexOf("it covers ") + "it covers ".length, -1).split("; ");
    expect(covered.length).toBeGreaterThan(0);
    expect(covered.length).toBeLessThanOrEqual(6);
    for (const place of covered) expect(place).toMatch(/^[A-Z][A-Za-z .'-]+, [A-Z]{2}$/);
    // A covered place is not outside the market (with no match there, the answer is the plain one).
    const inside = await batch(client, { location: covered[0], sellerType: "preforeclosure", maxPrice: 1000 });
    expect(String((inside.body as { message: string | null }).message ?? "")).not.toContain("outside the market");
  });

  it("keeps each user's deliveries apart: another user gets the same first leads", async () => {
    const a = await registerClient("batch-a");
    const b = await registerClient("batch-b");
    const fromA = propertiesOf(await batch(a.client, INHERITED_PHOENIX)).map((p) => p.id);
    const fromB = propertiesOf(await batch(b.client, INHERITED_PHOENIX)).map((p) => p.id);
    expect(fromB).toEqual(fromA);
    expect((await deliveredTo(b.userId)).sort()).toEqual([...fromB].sort());
    expect((await getLatestSellerQueue({ db }, b.userId))?.leads.map((lead) => lead.id)).toEqual(fromB);
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
    const answer = await batch(client, { location: "  ", sellerType: "bargain", minBedrooms: "two", minPrice: -1, maxPrice: 0 }, 51);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false });
    expect(answer.body.errors).toEqual({
      count: ["count must be a whole number from 1 to 50"],
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
