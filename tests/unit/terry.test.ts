import { describe, expect, it } from "vitest";

import { describeMarket, localTerryAnswer, TERRY_GREETING, TERRY_STARTERS, type TerryLookup } from "#app/domain/chat/terry.ts";
import type { MarketStats } from "#app/providers/property-data/types.ts";

const STATS: MarketStats = {
  properties: 1_234,
  medianEstimatedValue: 312_500,
  medianEquityPercent: 48.5,
  absenteeShare: 0.271,
  sellerTypes: {
    preforeclosure: 12,
    "out-of-state-absentee-owner": 80,
    high_equity: 410,
    inherited: 33,
    "corporate-owned": 51,
    "tired-landlord": 27,
  },
  sales: { count: 96, medianPrice: 298_000, medianPricePerSqft: 187, cashShare: 0.25, since: "2024-12-31" },
  topZips: [{ zip: "85004", properties: 700, highEquity: 230 }],
};

function lookupOf(answers: Record<string, Awaited<ReturnType<TerryLookup>>>) {
  const asked: string[] = [];
  const lookup: TerryLookup = async (location) => {
    asked.push(location);
    return answers[location] ?? { error: `${location}: unknown` };
  };
  return { lookup, asked };
}

describe("Terry (local provider)", () => {
  it("offers three starter prompts", () => {
    expect(TERRY_STARTERS).toHaveLength(3);
  });

  it("says every figure of the place as the records give it", () => {
    const text = describeMarket("Phoenix, AZ", STATS);
    for (const figure of [
      "1,234 properties",
      "$312,500",
      "48.5%",
      "27.1% absentee",
      "high equity 410",
      "pre-foreclosure 12",
      "96 arm's-length sales",
      "$298,000",
      "$187/sq ft",
      "25% paid in cash",
      "since 2024-12-31",
      "85004 (700 homes, 230 high equity)",
    ])
      expect(text).toContain(figure);
  });

  it("looks up the place the question names and answers from it", async () => {
    const { lookup, asked } = lookupOf({ "Phoenix, AZ": { label: "Phoenix, AZ", stats: STATS } });
    const answer = await localTerryAnswer("How is the market in Phoenix, AZ?", lookup);
    expect(asked).toEqual(["Phoenix, AZ"]);
    expect(answer).toBe(describeMarket("Phoenix, AZ", STATS));
  });

  it("asks for a place when none is named, and says plainly what the records cannot answer", async () => {
    const { lookup, asked } = lookupOf({});
    expect(await localTerryAnswer("where should I invest?", lookup)).toBe(TERRY_GREETING);
    expect(asked).toEqual([]);

    const zip = lookupOf({ "85004": { label: "85004", stats: STATS } });
    const answer = await localTerryAnswer("What are rents and crime like in 85004?", zip.lookup);
    expect(answer).toMatch(/^I can't answer about rents or crime: my data is property records and sales/);
    expect(answer).toContain("85004: 1,234 properties on record");
  });

  it("passes on why a place has no figures, and never invents any for an empty place", async () => {
    const { lookup } = lookupOf({});
    expect(await localTerryAnswer("sellers in Nowhere, ZZ", lookup)).not.toMatch(/\d{3}/);
    expect(describeMarket("Tiny, AZ", { ...STATS, properties: 0 })).toBe(
      "I have no property records for Tiny, AZ, so I can't give you figures for it. Try a nearby ZIP or city.",
    );
  });
});
