import { describe, expect, it } from "vitest";

import { analyzeDeal, DEFAULT_ASSIGNMENT_FEE, estimateRehab } from "#app/domain/deals/analysis.ts";

const base = { address: "123 W Maple Ave, Phoenix, AZ 85004", currentYear: 2026 };

describe("estimateRehab", () => {
  it("charges more per square foot the worse the condition", () => {
    const costs = [1, 2, 3, 4, 5].map((condition) => estimateRehab({ ...base, squareFeet: 1500, yearBuilt: 2010, condition }));
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect(costs[2]).toBe(1500 * 25);
  });

  it("adds for old systems and assumes an average 1,500 sq ft house when facts are missing", () => {
    expect(estimateRehab({ ...base, squareFeet: 1500, yearBuilt: 1950, condition: 3 })).toBe(Math.round((1500 * 25 * 1.3) / 100) * 100);
    expect(estimateRehab({ ...base })).toBe(Math.round((1500 * 25 * 1.15) / 100) * 100);
  });
});

describe("analyzeDeal", () => {
  it("computes the max offer by the 70% rule: ARV × 70% − rehab − assignment fee", () => {
    const result = analyzeDeal({
      ...base,
      arv: 300_000,
      squareFeet: 1500,
      yearBuilt: 2010,
      condition: 3,
      estimatedValue: 170_000,
      compCount: 5,
      valuationConfidence: 0.8,
    });
    expect(result.rehab_cost).toBe(37_500);
    expect(result.max_offer_price).toBe(300_000 * 0.7 - 37_500 - DEFAULT_ASSIGNMENT_FEE);
    expect(result.is_deal).toBe(true);
    expect(result.arv).toBe(300_000);
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(["low", "medium", "high"]).toContain(result.risk_level);
  });

  it("passes on a property whose likely price is far above the max offer", () => {
    const result = analyzeDeal({ ...base, arv: 300_000, estimatedValue: 295_000, condition: 3, squareFeet: 1500, yearBuilt: 2010 });
    expect(result.is_deal).toBe(false);
    expect(result.strategy).toBe("pass");
  });

  it("never offers a negative amount", () => {
    expect(analyzeDeal({ ...base, arv: 20_000, condition: 1, squareFeet: 3000 }).max_offer_price).toBe(0);
  });

  it("answers every field of the spec's deal analysis result", () => {
    const result = analyzeDeal({ ...base, arv: 250_000 });
    expect(Object.keys(result).sort()).toEqual(
      [
        "address",
        "strategy",
        "is_deal",
        "arv",
        "rehab_cost",
        "max_offer_price",
        "profit_margin_pct",
        "risk_level",
        "confidence",
        "key_assumptions",
        "comp_summary",
        "next_actions",
      ].sort(),
    );
    expect(result.comp_summary).toMatch(/No comparable sales found/);
  });
});
