import { describe, expect, it } from "vitest";

import {
  describeMarket,
  LEADS_LABEL,
  localTerryAnswer,
  placesOf,
  TERRY_CANNOT_PARSE,
  TERRY_GREETING,
  TERRY_STARTERS,
  type TerryLookup,
} from "#app/domain/chat/terry.ts";
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
  zips: [],
  bedrooms: null,
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

  it("says what it can answer, with two example questions, when it finds no place, and never repeats the greeting", async () => {
    const { lookup, asked } = lookupOf({});
    for (const message of ["where should I invest?", "Tucson?", "asdf qwer zxcv", "???"]) {
      const answer = await localTerryAnswer(message, lookup);
      expect(answer, message).toBe(TERRY_CANNOT_PARSE);
      expect(answer).not.toContain(TERRY_GREETING);
    }
    expect(asked).toEqual([]);
    // Two example questions, each one Terry answers from a place.
    const examples = [...TERRY_CANNOT_PARSE.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
    expect(examples).toHaveLength(2);
    for (const example of examples) expect(placesOf(example).length, example).toBeGreaterThan(0);
    expect(await localTerryAnswer("What is crime like?", lookup)).toBe(
      `I can't answer about crime: my data is property records and sales, not crime.\n\n${TERRY_CANNOT_PARSE}`,
    );
  });

  it("reads every place a comparison names, each on its own", () => {
    expect(placesOf("compare 85004 with 85008")).toEqual(["85004", "85008"]);
    expect(placesOf("85004 vs 85004 vs 85008")).toEqual(["85004", "85008"]);
    expect(placesOf("Compare Phoenix, AZ with Mesa, AZ")).toEqual(["Phoenix, AZ", "Mesa, AZ"]);
    expect(placesOf("How many high-equity and pre-foreclosure owners are in Phoenix, AZ?")).toEqual(["Phoenix, AZ"]);
    expect(placesOf("85001 85002 85003 85004")).toHaveLength(3);
  });

  it("answers a comparison with each place's own figures under its own label", async () => {
    const other = { ...STATS, properties: 36 };
    const { lookup, asked } = lookupOf({
      "85004": { label: "85004", stats: STATS },
      "85008": { label: "85008", stats: other },
    });
    const answer = await localTerryAnswer("compare 85004 with 85008", lookup);
    expect(asked).toEqual(["85004", "85008"]);
    expect(answer).toBe(`${describeMarket("85004", STATS)}\n\n${describeMarket("85008", other)}`);
    expect(answer).toContain("85004: 1,234 properties on record (all types)");
    expect(answer).toContain("85008: 36 properties on record (all types)");
  });

  it("labels the count endpoint's lead counts apart from the properties on record", () => {
    const leads = { ...STATS.sellerTypes, high_equity: 36 };
    const text = describeMarket("85004", STATS, leads);
    expect(text).toContain("85004: 1,234 properties on record (all types)");
    expect(text).toContain(`${LEADS_LABEL}: high equity 36, pre-foreclosure 12`);
    expect(LEADS_LABEL).toMatch(/1\+ bedrooms, up to \$3,000,000/);
    expect(text).not.toContain("high equity 410");
    expect(describeMarket("85004", STATS)).toContain("Properties on record by seller type: high equity 410");
  });

  it("says plainly what the records cannot answer", async () => {
    const zip = lookupOf({ "85004": { label: "85004", stats: STATS } });
    const answer = await localTerryAnswer("What are rents and crime like in 85004?", zip.lookup);
    expect(answer).toMatch(/^I can't answer about rents or crime: my data is property records and sales/);
    expect(answer).toContain("85004: 1,234 properties on record");
  });

  it("passes on why a place has no figures, and never invents any for an empty place", async () => {
    const { lookup } = lookupOf({});
    // No state "ZZ": no place, so no lookup and no figure, only what Terry can answer.
    expect(await localTerryAnswer("sellers in Nowhere, ZZ", lookup)).toBe(TERRY_CANNOT_PARSE);
    expect(describeMarket("Tiny, AZ", { ...STATS, properties: 0 })).toBe(
      "I have no property records for Tiny, AZ, so I can't give you figures for it. Try a nearby ZIP or city.",
    );
  });
});
