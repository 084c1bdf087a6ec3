// The local property-data provider over a seeded market: each seller type, bedrooms and the spec's price bounds, and
// each buyer type, all compared with what the generator produced.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { BUYER_TYPES, SELLER_TYPE_FLAG, SELLER_TYPES, type BuyerType } from "#db/enums.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import type { SearchLocation } from "#app/providers/property-data/types.ts";

import { seedTestMarket } from "./market-fixture.ts";

const db = createDb(env.DB);
const provider = createLocalPropertyData(db);
let market: MarketBatch;

type Property = MarketBatch["properties"][number];
type Owner = MarketBatch["owners"][number];

beforeAll(async () => {
  market = await seedTestMarket(db, 2_000);
});

const PHOENIX: SearchLocation = { city: "Phoenix", state: "AZ" };
const inPhoenix = (p: Property) => p.city === "Phoenix" && p.state === "AZ";

function expectedIds(filter: (p: Property) => boolean) {
  return market.properties
    .filter(filter)
    .map((p) => p.id!)
    .sort((a, b) => a - b);
}

const idOf = (lead: { id: string }) => Number(lead.id.replace("local-", ""));

describe("seller leads from the local market", () => {
  it("finds exactly the properties of each seller type in a city, in id order", async () => {
    for (const sellerType of SELLER_TYPES) {
      const expected = expectedIds((p) => inPhoenix(p) && p[SELLER_TYPE_FLAG[sellerType]] === true);
      expect(expected.length, sellerType).toBeGreaterThan(0);
      expect(await provider.countSellerLeads({ location: PHOENIX, sellerType }), sellerType).toBe(expected.length);
      const leads = await provider.searchSellerLeads({ location: PHOENIX, sellerType }, { take: 1_000 });
      expect(leads.map(idOf), sellerType).toEqual(expected);
      expect(leads.every((lead) => lead.flags.includes(sellerType))).toBe(true);
    }
  });

  it("applies minimum bedrooms, a price cap and a price range to the estimated value", async () => {
    const search = { location: PHOENIX, sellerType: "high_equity" as const, minBedrooms: 3, maxPrice: 400_000 };
    const capped = expectedIds((p) => inPhoenix(p) && p.isHighEquity === true && p.bedrooms >= 3 && p.estimatedValue <= 400_000);
    expect(capped.length).toBeGreaterThan(0);
    expect(await provider.countSellerLeads(search)).toBe(capped.length);

    const range = { location: PHOENIX, sellerType: "high_equity" as const, minPrice: 300_000, maxPrice: 500_000 };
    const ranged = expectedIds(
      (p) => inPhoenix(p) && p.isHighEquity === true && p.estimatedValue >= 300_000 && p.estimatedValue <= 500_000,
    );
    expect(ranged.length).toBeGreaterThan(0);
    expect((await provider.searchSellerLeads(range, { take: 1_000 })).map(idOf)).toEqual(ranged);
  });

  it("searches a ZIP list, pages by skip and returns each lead with its owner, phones and DNC flags", async () => {
    const search = { location: { zips: ["44113", "44102"] }, sellerType: "tired-landlord" as const };
    const expected = expectedIds((p) => ["44113", "44102"].includes(p.zip) && p.isTiredLandlord === true);
    expect(expected.length).toBeGreaterThan(5);
    const first = await provider.searchSellerLeads(search, { take: 5 });
    const second = await provider.searchSellerLeads(search, { take: 5, skip: 5 });
    expect([...first, ...second].map(idOf)).toEqual(expected.slice(0, 10));

    const lead = first[0]!;
    const property = market.properties.find((p) => p.id === idOf(lead))!;
    const owner = market.owners.find((o) => o.id === property.ownerId)!;
    expect(lead).toMatchObject({
      addressLine: property.address,
      zip: property.zip,
      estimatedValue: property.estimatedValue,
      apn: property.apn,
    });
    expect(lead.owner).toMatchObject({ name: owner.fullName, phones: owner.phones, emails: owner.emails });
    expect(lead.owner.mailingAddress).toBe(`${owner.mailingStreet}, ${owner.mailingCity}, ${owner.mailingState} ${owner.mailingZip}`);
    const phones = (await provider.searchSellerLeads(search, { take: 1_000 })).flatMap((l) => l.owner.phones);
    expect(phones.some((phone) => phone.dnc)).toBe(true);
    expect(phones.some((phone) => !phone.dnc)).toBe(true);
  });

  it("answers zero for a place with no market", async () => {
    expect(await provider.countSellerLeads({ location: { city: "Nowhere", state: "WY" }, sellerType: "preforeclosure" })).toBe(0);
  });
});

/** Each buyer type's definition, written out again from the generated owners and their properties. */
const BUYER_DEFINITIONS: Record<BuyerType, (owner: Owner, held: Property[]) => boolean> = {
  active_landlord: (_, held) => {
    const recent = held.filter((p) => p.isAbsentee === true && p.lastSaleDate >= "2023-01-01").length;
    return recent >= 6 && recent <= 100;
  },
  fix_and_flip: (owner) => (owner.flipCount ?? 0) >= 1,
  cash_buyers: (_, held) => {
    const cash = held.filter((p) => p.lastSaleCash).length;
    return cash >= 3 && cash <= 100;
  },
};

function expectedBuyers(buyerType: BuyerType, place: (p: Property) => boolean, minProperties = 3) {
  const held = new Map<number, Property[]>();
  for (const p of market.properties) held.set(p.ownerId, [...(held.get(p.ownerId) ?? []), p]);
  return market.owners
    .filter((o) => {
      const own = held.get(o.id!) ?? [];
      return BUYER_DEFINITIONS[buyerType](o, own) && own.length >= minProperties && own.some(place);
    })
    .map((o) => o.id!)
    .sort((a, b) => a - b);
}

const buyerIdOf = (buyer: { id: string }) => Number(buyer.id.replace("local-owner-", ""));

describe("cash buyers from the local market", () => {
  const ARIZONA: SearchLocation = { zips: ["85004", "85008", "85281"] };
  const inArizona = (p: Property) => ["85004", "85008", "85281"].includes(p.zip);

  it("finds exactly the owners of each buyer type who hold a property in the place", async () => {
    for (const buyerType of BUYER_TYPES) {
      const expected = expectedBuyers(buyerType, inArizona);
      expect(expected.length, buyerType).toBeGreaterThan(0);
      const search = { location: ARIZONA, buyerType, quickLists: [], minProperties: 3 };
      expect(await provider.countCashBuyers(search), buyerType).toBe(expected.length);
      expect((await provider.searchCashBuyers(search, { take: 1_000 })).map(buyerIdOf), buyerType).toEqual(expected);
    }
  });

  it("pages 5 at a time by skip and leaves out owners with fewer than minProperties", async () => {
    const search = { location: ARIZONA, buyerType: "cash_buyers" as const, quickLists: [], minProperties: 3 };
    const all = expectedBuyers("cash_buyers", inArizona);
    expect(all.length).toBeGreaterThan(5);
    const pages = [await provider.searchCashBuyers(search, { take: 5 }), await provider.searchCashBuyers(search, { take: 5, skip: 5 })];
    expect(pages[0]).toHaveLength(5);
    expect(pages.flat().map(buyerIdOf)).toEqual(all.slice(0, 10));

    const bigOnly = expectedBuyers("cash_buyers", inArizona, 8);
    expect(bigOnly.length).toBeLessThan(all.length);
    expect(await provider.countCashBuyers({ ...search, minProperties: 8 })).toBe(bigOnly.length);
  });

  it("shows each buyer's latest purchase in the place and their whole portfolio", async () => {
    const search = { location: ARIZONA, buyerType: "cash_buyers" as const, quickLists: [], minProperties: 3 };
    for (const buyer of await provider.searchCashBuyers(search, { take: 5 })) {
      const owner = market.owners.find((o) => o.id === buyerIdOf(buyer))!;
      const held = market.properties.filter((p) => p.ownerId === owner.id);
      const latestHere = held.filter(inArizona).sort((a, b) => (a.lastSaleDate < b.lastSaleDate ? 1 : -1))[0]!;
      expect(buyer.property).toMatchObject({ addressLine: latestHere.address, zip: latestHere.zip, lastSaleDate: latestHere.lastSaleDate });
      const cents = (pick: (p: Property) => number) => held.reduce((sum, p) => sum + Math.round(pick(p) * 100), 0) / 100;
      expect(buyer.portfolio).toMatchObject({
        propertyCount: held.length,
        cashPurchaseCount: held.filter((p) => p.lastSaleCash).length,
        totalEstimatedValue: cents((p) => p.estimatedValue),
        totalMortgageBalance: cents((p) => p.openLienBalance),
        totalPurchasePrice: cents((p) => p.lastSalePrice),
        lastPurchaseDate: held
          .map((p) => p.lastSaleDate)
          .sort()
          .at(-1),
      });
      expect(buyer.owner).toMatchObject({
        name: owner.fullName,
        phones: owner.phones,
        mailing: { street: owner.mailingStreet, zip: owner.mailingZip },
      });
    }
  });

  it("answers nothing for a place where no buyer holds property", async () => {
    const search = {
      location: { city: "Nowhere", state: "WY" as const },
      buyerType: "cash_buyers" as const,
      quickLists: [],
      minProperties: 3,
    };
    expect(await provider.countCashBuyers(search)).toBe(0);
    expect(await provider.searchCashBuyers(search, { take: 5 })).toEqual([]);
  });
});
