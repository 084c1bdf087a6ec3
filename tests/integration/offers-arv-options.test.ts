// calculate-arv's `offers` are checked against the max offer like calculate-offer's, and its
// provider estimate is strict money (item 3).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { maxOfferRule } from "#app/domain/offers/max-offer.ts";
import type { ArvAnswer } from "#app/domain/valuation/comparables.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { seedTestMarket } from "./market-fixture.ts";

const db = createDb(env.DB);
/** After the market's last recorded day, as valuation-api.test.ts values. */
const TODAY = new Date("2026-01-15T15:30:00Z");
let market: MarketBatch;

beforeAll(async () => {
  market = await seedTestMarket(db, 2_000);
});

describe("POST /api/properties/calculate-arv offers", () => {
  it("carry the 70% rule's max offer of the ARV and whether each is above it; a non-strict estimate is a 400 naming it", async () => {
    const client = new ApiClient();
    client.context = { ...client.context, now: () => TODAY };
    await registerClient("arv-offers", {}, client);
    const home = market.properties.find((p) => p.zip === "85008" && p.propertyType === "single_family" && p.bedrooms === 3)!;
    const body = { address: home.address, city: home.city, state: home.state };
    const answer = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", body);
    expect(answer.status).toBe(200);
    const arv = answer.body as unknown as ArvAnswer;
    const rule = maxOfferRule(arv.arv);
    const net = (share: number) => Math.max(0, Math.round(arv.arv * share - rule.repairs - rule.assignmentFee));
    // Each tier is a share of the ARV less the default repairs and fee; Fair is the max offer, Likely above it.
    expect(arv.offers.map((offer) => [offer.type, offer.offer, offer.maxOffer, offer.aboveMaxOffer])).toEqual([
      ["Aggressive", net(0.6), rule.maxOffer, false],
      ["Fair", rule.maxOffer, rule.maxOffer, false],
      ["Likely", net(0.8), rule.maxOffer, net(0.8) > rule.maxOffer],
    ]);

    const bad = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", {
      ...body,
      batchDataEstValue: "12,34,56",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ batchDataEstValue: ["Estimated value must be a number"] });
  });
});
