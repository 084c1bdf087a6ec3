import { describe, expect, it } from "vitest";

import { COVERED_PLACES_LIMIT, matchPlaces, type MarketCoverage } from "#app/domain/leads/covered-places.ts";

const COVERAGE: MarketCoverage = {
  cities: [
    { city: "Houston", state: "TX", count: 1943 },
    { city: "Phoenix", state: "AZ", count: 1266 },
    { city: "Mesa", state: "AZ", count: 198 },
    { city: "Saint Petersburg", state: "FL", count: 247 },
    { city: "Pasadena", state: "TX", count: 90 },
  ],
  zips: [
    { zip: "75201", city: "Dallas", state: "TX" },
    { zip: "85004", city: "Phoenix", state: "AZ" },
    { zip: "85008", city: "Phoenix", state: "AZ" },
    { zip: "85201", city: "Mesa", state: "AZ" },
  ],
};

describe("the wizard's location suggestions", () => {
  it("offers the biggest covered cities when nothing is typed", () => {
    expect(matchPlaces(COVERAGE, "").map((place) => place.value)).toEqual([
      "Houston, TX",
      "Phoenix, AZ",
      "Mesa, AZ",
      "Saint Petersburg, FL",
      "Pasadena, TX",
    ]);
    expect(matchPlaces(COVERAGE, "", 2)).toHaveLength(2);
  });

  it("narrows cities by their start, then by a later word, in any case", () => {
    expect(matchPlaces(COVERAGE, "  PH")).toEqual([{ value: "Phoenix, AZ", label: "1266 properties" }]);
    expect(matchPlaces(COVERAGE, "p").map((place) => place.value)).toEqual(["Phoenix, AZ", "Pasadena, TX", "Saint Petersburg, FL"]);
    expect(matchPlaces(COVERAGE, "tucson")).toEqual([]);
  });

  it("offers covered ZIPs for digits, with their city, and keeps a comma list's earlier ZIPs", () => {
    expect(matchPlaces(COVERAGE, "850")).toEqual([
      { value: "85004", label: "Phoenix, AZ" },
      { value: "85008", label: "Phoenix, AZ" },
    ]);
    expect(matchPlaces(COVERAGE, "85004, 852").map((place) => place.value)).toEqual(["85004, 85201"]);
    expect(matchPlaces(COVERAGE, "90210")).toEqual([]);
  });

  it("never offers more than the limit", () => {
    const many: MarketCoverage = {
      cities: [],
      zips: Array.from({ length: 40 }, (_, i) => ({ zip: `850${String(i).padStart(2, "0")}`, city: "Phoenix", state: "AZ" })),
    };
    expect(matchPlaces(many, "85")).toHaveLength(COVERED_PLACES_LIMIT);
  });
});
