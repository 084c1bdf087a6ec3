import { describe, expect, it } from "vitest";

import { analyzeDeal, estimateRehab, heldToStored } from "#app/domain/deals/analysis.ts";
import { maxOfferRule } from "#app/domain/offers/max-offer.ts";

const base = { address: "123 W Maple Ave, Phoenix, AZ 85004", currentYear: 2026 };

/** The stored deal numbers the analysis receives: the ARV with the user's repairs and fee (else the rule's defaults). */
function storedFor(arv: number, costs: { repairs?: number; fee?: number } = {}) {
  const line = maxOfferRule(arv, costs.repairs, costs.fee);
  return {
    arv,
    rangeLow: null,
    rangeHigh: null,
    repairs: line.repairs,
    assignmentFee: line.assignmentFee,
    maxOffer: line.maxOffer,
    rulePct: 70,
    offer: null,
  };
}

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
  it("reads the stored ARV and max offer and keeps its own rehab as an opinion beside the stored repairs", () => {
    // Stored: $300,000 ARV, $30,000 repairs, $10,000 fee → max offer $170,000. The analyst's rehab is $37,500.
    const stored = storedFor(300_000);
    const result = analyzeDeal({
      ...base,
      arv: 300_000,
      stored,
      squareFeet: 1500,
      yearBuilt: 2010,
      condition: 3,
      estimatedValue: 170_000,
      compCount: 5,
      valuationConfidence: 0.8,
    });
    expect(result.rehab_cost).toBe(37_500);
    expect(result.max_offer_price).toBe(stored.maxOffer);
    expect(result.max_offer_price).toBe(170_000);
    expect(result.arv).toBe(300_000);
    expect(result.is_deal).toBe(true);
    expect(result.key_assumptions.join(" ")).toContain("Stored max offer of $170,000: $300,000 × 70% − $30,000 repairs − $10,000 fee");
    expect(result.key_assumptions.join(" ")).toContain("Analyst's rehab estimate of $37,500");
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(["low", "medium", "high"]).toContain(result.risk_level);
  });

  it("uses the user's stored repairs and fee for the one max offer it names", () => {
    const stored = storedFor(300_000, { repairs: 5_000, fee: 5_000 });
    expect(analyzeDeal({ ...base, arv: 300_000, stored, estimatedValue: 220_000 }).max_offer_price).toBe(200_000);
  });

  it("passes on a property whose likely price is far above the max offer", () => {
    const result = analyzeDeal({
      ...base,
      arv: 300_000,
      stored: storedFor(300_000),
      estimatedValue: 295_000,
      condition: 3,
      squareFeet: 1500,
      yearBuilt: 2010,
    });
    expect(result.is_deal).toBe(false);
    expect(result.strategy).toBe("pass");
  });

  it("never offers a negative amount", () => {
    expect(analyzeDeal({ ...base, arv: 12_000, stored: storedFor(12_000), condition: 1, squareFeet: 3000 }).max_offer_price).toBe(0);
  });

  it("holds a provider's answer to the stored ARV and max offer (a model may write its own)", () => {
    const stored = storedFor(300_000);
    const own = { ...analyzeDeal({ ...base, arv: 300_000, stored }), arv: 321_000, max_offer_price: 205_630 };
    expect(heldToStored(own, stored)).toMatchObject({ arv: 300_000, max_offer_price: 170_000, rehab_cost: own.rehab_cost });
  });

  it("answers every field of the spec's deal analysis result", () => {
    const result = analyzeDeal({ ...base, arv: 250_000, stored: storedFor(250_000) });
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
