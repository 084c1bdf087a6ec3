import { describe, expect, it } from "vitest";

import { DealAnalysisSchema } from "#app/domain/deals/analysis-schema.ts";
import { analyzeDeal } from "#app/domain/deals/analysis.ts";
import { maxOfferRule } from "#app/domain/offers/max-offer.ts";

/** The stored deal numbers the analysis receives: the ARV with the rule's default repairs and fee. */
function storedFor(arv: number, offer: number | null = null) {
  const line = maxOfferRule(arv);
  return {
    arv,
    rangeLow: null,
    rangeHigh: null,
    repairs: line.repairs,
    assignmentFee: line.assignmentFee,
    maxOffer: line.maxOffer,
    rulePct: 70,
    offer,
  };
}

const base = { address: "12 Main St, Phoenix, AZ 85004", arv: 320_000, currentYear: 2026 };

describe("DealAnalysisSchema (what a model must answer in structured output)", () => {
  it("accepts every analysis the local rules make, from a deal to a pass", () => {
    for (const input of [
      { ...base, estimatedValue: 180_000, equityPercentage: 70, compCount: 6, valuationConfidence: 0.8 },
      { ...base, estimatedValue: 400_000, condition: 1, yearBuilt: 1940 },
      { ...base, arv: 0 },
    ]) {
      expect(DealAnalysisSchema.safeParse(analyzeDeal({ ...input, stored: storedFor(input.arv) })).success).toBe(true);
    }
  });

  it("refuses a missing field, an extra field, an unknown risk level or strategy, and a confidence outside 0…1", () => {
    const good = analyzeDeal({ ...base, estimatedValue: 250_000, stored: storedFor(base.arv) });
    const { comp_summary: _dropped, ...missing } = good;
    for (const bad of [
      missing,
      { ...good, notes: "extra" },
      { ...good, risk_level: "extreme" },
      { ...good, strategy: "hold_forever" },
      { ...good, confidence: 1.2 },
      { ...good, confidence: -0.1 },
      { ...good, arv: "320000" },
    ]) {
      expect(DealAnalysisSchema.safeParse(bad).success, JSON.stringify(bad).slice(0, 80)).toBe(false);
    }
  });
});
