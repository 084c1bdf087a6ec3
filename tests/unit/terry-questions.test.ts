import { describe, expect, it } from "vitest";

import { bareCityOf, bedroomsOf, describeRanking, rankingOf } from "#app/domain/chat/terry-questions.ts";
import { describeMarket, localTerryAnswer, type TerryLookup } from "#app/domain/chat/terry.ts";
import type { MarketStats } from "#app/domain/leads/property-records.ts";

const types = (preforeclosure: number) => ({
  preforeclosure,
  "out-of-state-absentee-owner": 0,
  high_equity: 0,
  inherited: 0,
  "corporate-owned": 0,
  "tired-landlord": 0,
});

const CITY: MarketStats = {
  properties: 300,
  medianEstimatedValue: 300_000,
  medianEquityPercent: 40,
  absenteeShare: 0.2,
  sellerTypes: types(9),
  sales: { count: 4, medianPrice: 290_000, medianPricePerSqft: 190, cashShare: 0.25, since: "2025-01-01" },
  topZips: [],
  zips: [
    { zip: "85031", properties: 100, sellerTypes: types(2), sales: 3, medianSalePrice: 250_000 },
    { zip: "85033", properties: 120, sellerTypes: types(6), sales: 1, medianSalePrice: 410_000 },
    { zip: "85035", properties: 80, sellerTypes: types(1), sales: 0, medianSalePrice: null },
  ],
  bedrooms: null,
};

describe("reading Terry's sharper questions", () => {
  it("tells a ranking by seller type or price, a bedroom count and a city without its state", () => {
    expect(rankingOf("Which Phoenix ZIP has the most preforeclosures?")).toEqual({
      by: "seller",
      sellerType: "preforeclosure",
      order: "most",
    });
    expect(rankingOf("which zip code in Mesa is cheapest?")).toEqual({ by: "price", order: "lowest" });
    expect(rankingOf("What does 85004 look like?")).toBeNull();
    expect(bedroomsOf("median price of 3-bed homes in 85033")).toBe(3);
    expect(bedroomsOf("4 bedroom houses")).toBe(4);
    expect(bedroomsOf("homes in 85033")).toBeNull();
    expect(bareCityOf("Which Phoenix ZIP has the most preforeclosures?")).toBe("Phoenix");
    expect(bareCityOf("which ZIP in Glendale is priciest")).toBe("Glendale");
    expect(bareCityOf("sellers in Nowhere, ZZ")).toBeNull();
  });
});

describe("Terry's ranking of a city's ZIPs", () => {
  it("orders the ZIPs by the seller type's homes, and by price saying the sales each price stands on", () => {
    expect(describeRanking("Phoenix, AZ", CITY, { by: "seller", sellerType: "preforeclosure", order: "most" })).toBe(
      "Phoenix, AZ: the ZIP with the most pre-foreclosure homes on record is 85033 (6 of 120 homes).\nNext: 85031 (2 of 100 homes), 85035 (1 of 80 homes).",
    );
    expect(describeRanking("Phoenix, AZ", CITY, { by: "price", order: "highest" })).toBe(
      "Phoenix, AZ: the ZIP with the highest sale prices since 2025-01-01 is 85033 ($410,000, the price of its only sale (based on 1 sale)).\nNext: 85031 (median $250,000 (based on 3 sales)).",
    );
    expect(describeRanking("85004", { ...CITY, zips: [] }, { by: "price", order: "highest" })).toMatch(
      /is a ZIP: I rank the ZIPs of a city/,
    );
  });

  it("never calls one sale's price a median", () => {
    const one = describeMarket("85033", { ...CITY, sales: { ...CITY.sales, count: 1, medianPrice: 410_000, cashShare: 1 } });
    expect(one).toContain("1 arm's-length sale, at $410,000, the price of its only sale (based on 1 sale)");
    expect(one).not.toContain("median price");
  });

  it("looks a bare city up by its name and limits the figures to the bedrooms asked for", async () => {
    const asked: [string, unknown][] = [];
    const lookup: TerryLookup = async (location, filter) => {
      asked.push([location, filter]);
      return { label: "Phoenix, AZ", stats: CITY };
    };
    await localTerryAnswer("Which Phoenix ZIP has the most preforeclosures?", lookup);
    await localTerryAnswer("median price of 3-bed homes in 85033", lookup);
    expect(asked).toEqual([
      ["Phoenix", undefined],
      ["85033", { bedrooms: 3 }],
    ]);
  });
});
