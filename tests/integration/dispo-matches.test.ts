// Matching a deal to buyers: the user's buyers (buy-box held against the property, consent said) and the market's
// cash buyers within a mile, ranked with their reasons in words; a foreign deal answers 404.

import { beforeAll, describe, expect, it } from "vitest";

import { MARKET_AS_OF } from "#db/market/flags.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { buyers } from "#db/schema.ts";
import * as matchesRoute from "#app/routes/api.deals.$id.matches.ts";

import { registerClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { buyerRow, dealUnderContract } from "./dispo-setup.ts";
import { seedTestMarket } from "./market-fixture.ts";

const route = matchesRoute.loader as Handler;
let market: MarketBatch;

beforeAll(async () => {
  market = await seedTestMarket(db, 3000);
});

type Answer = {
  deal: { asking: number };
  matches: { buyerId: string | null; purchaserId: string | null; name: string; reasons: string[]; mayEmail: boolean }[];
};

/** A Phoenix home of the test market whose neighbourhood had cash purchases in the last 12 months of the records. */
function busyHome() {
  const since = `${Number(MARKET_AS_OF.slice(0, 4)) - 1}${MARKET_AS_OF.slice(4)}`;
  const cash = market.sales.filter((sale) => sale.cash && sale.buyerOwnerId !== null && sale.saleDate >= since);
  const home = market.properties.find((p) => p.id === cash[0]!.propertyId)!;
  return home;
}

function aDealAt(userId: string, home: ReturnType<typeof busyHome>) {
  const { address, city, state, zip: zipCode, latitude, longitude } = home;
  return dealUnderContract(userId, { property: { address, city, state, zipCode, latitude, longitude } });
}

describe("GET /api/deals/{id}/matches", () => {
  it("ranks the user's fitting buyers first, says each reason, adds the market's cash buyers near the home", async () => {
    const { client, userId } = await registerClient("matches");
    const home = busyHome();
    const deal = await aDealAt(userId, home);
    const buyer = (name: string, fields: Partial<typeof buyers.$inferInsert>) => buyerRow(userId, name, fields);
    await db.insert(buyers).values([
      buyer("Fits Well", {
        email: "fits@example.com",
        emailConsent: true,
        markets: [`${home.city}, ${home.state}`],
        minBeds: 3,
        priceMax: 300_000,
      }),
      buyer("Too Dear", { markets: [home.zip], priceMax: 250_000 }),
      buyer("Elsewhere", { email: "far@example.com", markets: ["Detroit, MI"] }),
    ]);
    const answer = await client.call(route, "GET", `/api/deals/${deal.id}/matches`, undefined, { params: { id: deal.id } });
    expect(answer.status).toBe(200);
    const body = answer.body as unknown as Answer;
    expect(body.deal.asking).toBe(265_000);
    const names = body.matches.map((match) => match.name);
    expect(names[0]).toBe("Fits Well");
    expect(names).not.toContain("Elsewhere");
    const fits = body.matches[0]!;
    expect(fits).toMatchObject({ mayEmail: true, reasons: [`buy-box: ${home.city}, ${home.state} · 3+ bd · ≤ $300,000`] });
    expect(body.matches.find((match) => match.name === "Too Dear")!.reasons).toEqual([
      "buy-box max $250,000 < asking $265,000",
      "no email address",
    ]);
    const purchasers = body.matches.filter((match) => match.buyerId === null);
    expect(purchasers.length).toBeGreaterThan(0);
    for (const purchaser of purchasers) {
      expect(purchaser.purchaserId).toMatch(/^local-owner-\d+$/);
      expect(purchaser.reasons[0]).toMatch(/^bought (1 home|\d+ homes) within 1 mile in the last 12 months, at \d+(–\d+)? % of value$/);
      expect(purchaser.reasons[1]).toBe("not on your buyer list");
    }
  });

  it("answers 404 for another user's deal and for an unknown id", async () => {
    const { client } = await registerClient("matches-other");
    const { userId: ownerId } = await registerClient("matches-owner");
    const theirs = await aDealAt(ownerId, busyHome());
    for (const id of [theirs.id, "no-such-deal"]) {
      const answer = await client.call(route, "GET", `/api/deals/${id}/matches`, undefined, { params: { id } });
      expect(answer).toMatchObject({ status: 404, body: { success: false, message: "Deal not found" } });
    }
  });
});
