import { describe, expect, it } from "vitest";

import { compCount, compCountWords, lowWeightReason, weightPercent } from "#app/domain/valuation/comp-count.ts";

describe("one comp count", () => {
  it("says the comps used, the sales found and the user's exclusions in one sentence", () => {
    const choices = [{ choice: "excluded" as const }, { choice: "pinned" as const }, { choice: "excluded" as const }];
    expect(compCountWords(compCount([1, 2, 3, 4, 5], choices))).toBe("5 comps used of 7 found; 2 excluded");
    expect(compCountWords(compCount([1], []))).toBe("1 comp used of 1 found; none excluded");
  });
});

describe("a comp's weight", () => {
  it("is never shown as 0 %", () => {
    expect(weightPercent(0.236)).toBe("24 %");
    expect(weightPercent(0.004)).toBe("0.4 %");
    expect(weightPercent(0.0004)).toBe("under 0.1 %");
  });

  it("says why a weight under half an even share is low, from the engine's similarity and the comp's outlier reasons", () => {
    expect(lowWeightReason({ weight: 0.2, similarityScore: 0.9, distance: 0.2 }, 5)).toBeNull();
    expect(lowWeightReason({ weight: 0.004, similarityScore: 0.05, distance: 1.8 }, 5, ["1.80 mi away (over 1 mile)"])).toBe(
      "Low weight: it is less alike the subject than the other comps (similarity 0.05 of 1); 1.80 mi away (over 1 mile).",
    );
    expect(lowWeightReason({ weight: 0.05, similarityScore: 0.8, distance: 0.3 }, 5)).toBe(
      "Low weight: the other comps are more alike the subject.",
    );
  });
});
