import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "@db/client";
import { SELLER_TYPE_FLAG } from "@db/enums";
import type { MarketBatch } from "@db/market/generate";
import { createLocalPropertyData } from "~/providers/property-data/local.server";

import { seedTestMarket } from "./market-fixture";

const db = createDb(env.DB);
const provider = createLocalPropertyData(db);
let market: MarketBatch;

beforeAll(async () => {
  market = await seedTestMarket(db, 1_500);
});

function expectedIds(filter: (p: MarketBatch["properties"][number]) => boolean) {
  return market.properties
    .filter(filter)
    .map((p) => p.id!)
    .sort((a, b) => a - b);
}

describe("the local property-data provider", () => {
  it("counts seller leads in a city by seller type, bedrooms and price exactly as generated", async () => {
    const search = { location: { city: "Phoenix", state: "AZ" }, sellerType: "high_equity" as const, minBedrooms: 3, maxPrice: 400_000 };
    const expected = expectedIds(
      (p) => p.city === "Phoenix" && p.state === "AZ" && p.isHighEquity === true && p.bedrooms >= 3 && p.estimatedValue <= 400_000,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await provider.countSellerLeads(search)).toBe(expected.length);
  });

  it("searches by ZIP list, pages deterministically and returns each lead with its owner and flags", async () => {
    const search = { location: { zips: ["44113", "44102"] }, sellerType: "tired-landlord" as const };
    const expected = expectedIds((p) => ["44113", "44102"].includes(p.zip) && p.isTiredLandlord === true);
    expect(expected.length).toBeGreaterThan(5);
    const first = await provider.searchSellerLeads(search, { take: 5 });
    const second = await provider.searchSellerLeads(search, { take: 5, skip: 5 });
    expect([...first, ...second].map((lead) => Number(lead.id.replace("local-", "")))).toEqual(expected.slice(0, 10));

    const lead = first[0];
    const property = market.properties.find((p) => `local-${p.id}` === lead.id)!;
    const owner = market.owners.find((o) => o.id === property.ownerId)!;
    expect(lead).toMatchObject({ addressLine: property.address, zip: property.zip, estimatedValue: property.estimatedValue });
    expect(lead.flags).toContain("tired-landlord");
    for (const flag of lead.flags) expect(property[SELLER_TYPE_FLAG[flag]]).toBe(true);
    expect(lead.owner).toMatchObject({ name: owner.fullName, phones: owner.phones, emails: owner.emails });
    expect(lead.owner.mailingAddress).toBe(`${owner.mailingStreet}, ${owner.mailingCity}, ${owner.mailingState} ${owner.mailingZip}`);
  });

  it("answers zero for a place with no market", async () => {
    expect(await provider.countSellerLeads({ location: { city: "Nowhere", state: "WY" }, sellerType: "preforeclosure" })).toBe(0);
  });
});
