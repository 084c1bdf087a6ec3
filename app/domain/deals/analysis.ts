/**
 * Rule-based deal analysis: the embedded AI provider's answer and the shape every provider must return
 * (the spec's "Deal analysis result"). Pure. The analysis reads the property's stored deal numbers (its ARV, range,
 * repairs, fee and the max offer of the user's rule) and never makes its own: its rehab estimate and its verdict are
 * an analyst's opinion, shown beside the stored figures (app/domain/offers/deal-numbers.ts owns those).
 */
import type { RiskLevel } from "#db/enums.ts";

/** The property's stored deal numbers, as the analysis receives them. */
export type StoredDealFigures = {
  arv: number;
  rangeLow: number | null;
  rangeHigh: number | null;
  repairs: number;
  assignmentFee: number;
  /** The max offer of the user's rule, stored with the figures: the one "max offer" the analysis names. */
  maxOffer: number;
  /** The rule's percent of the ARV (70 by default). */
  rulePct: number;
  /** The offer the user chose, or null. */
  offer: number | null;
};

export type DealAnalysisInput = {
  address: string;
  /** The stored ARV (the same as `stored.arv`). */
  arv: number;
  stored: StoredDealFigures;
  /** What the seller could plausibly take: the estimated value or an asking price. */
  estimatedValue?: number | null;
  squareFeet?: number | null;
  yearBuilt?: number | null;
  /** Assessor condition 1 (poor) … 5 (very good); unknown is treated as average (3). */
  condition?: number | null;
  equityPercentage?: number | null;
  /** How many comparable sales support the ARV, and the ARV's own confidence (0…1). */
  compCount?: number;
  valuationConfidence?: number | null;
  currentYear: number;
};

export type DealAnalysisResult = {
  address: string;
  strategy: "wholesale" | "fix_and_flip" | "buy_and_hold" | "pass";
  is_deal: boolean;
  arv: number;
  rehab_cost: number;
  max_offer_price: number;
  profit_margin_pct: number;
  risk_level: RiskLevel;
  confidence: number;
  key_assumptions: string[];
  comp_summary: string;
  next_actions: string[];
};

/** Rehab dollars per square foot by assessor condition (1 poor … 5 very good). */
const REHAB_PER_SQFT: Record<number, number> = { 1: 70, 2: 45, 3: 25, 4: 12, 5: 5 };

const usd = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;

export function estimateRehab(input: Pick<DealAnalysisInput, "squareFeet" | "yearBuilt" | "condition" | "currentYear">) {
  const sqft = input.squareFeet && input.squareFeet > 0 ? input.squareFeet : 1500;
  const condition = Math.min(5, Math.max(1, Math.round(input.condition ?? 3)));
  const age = input.yearBuilt ? Math.max(0, input.currentYear - input.yearBuilt) : 40;
  // Older systems (roof, plumbing, electrical) add cost beyond what the condition grade shows.
  const ageFactor = age > 60 ? 1.3 : age > 30 ? 1.15 : 1;
  return Math.round((sqft * REHAB_PER_SQFT[condition] * ageFactor) / 100) * 100;
}

/**
 * The analyst's view of a deal on the stored figures: the ARV and the max offer are the stored ones (returned as
 * they are); the rehab is the analyst's own estimate, which the screens set beside the stored repairs. The verdict
 * asks whether the seller's likely price is within reach of the stored max offer.
 */
export function analyzeDeal(input: DealAnalysisInput): DealAnalysisResult {
  const { stored } = input;
  const rehab = estimateRehab(input);
  const maxOffer = stored.maxOffer;
  const price = input.estimatedValue && input.estimatedValue > 0 ? input.estimatedValue : null;
  // Margin an end buyer keeps if they buy at the max offer plus the fee and do the analyst's rehab.
  const allIn = maxOffer + stored.assignmentFee + rehab;
  const profitMarginPct =
    stored.arv > 0 ? Math.max(-100, Math.min(100, Math.round(((stored.arv - allIn) / stored.arv) * 10_000) / 100)) : 0;

  const compCount = input.compCount ?? 0;
  const valuationConfidence = input.valuationConfidence ?? 0.5;
  const confidence = Math.round(Math.min(0.95, valuationConfidence * 0.7 + Math.min(compCount, 6) * 0.05) * 100) / 100;

  // A deal when the seller's likely price is within reach of the max offer (sellers with equity negotiate down).
  const reach = price ? maxOffer / price : 0;
  const highEquity = (input.equityPercentage ?? 0) >= 50;
  const isDeal = maxOffer > 0 && (reach >= 0.85 || (highEquity && reach >= 0.7));
  const rehabShare = stored.arv > 0 ? rehab / stored.arv : 1;
  const riskLevel = confidence >= 0.7 && rehabShare < 0.15 ? "low" : confidence >= 0.45 && rehabShare < 0.3 ? "medium" : "high";
  const strategy = !isDeal ? "pass" : rehabShare >= 0.15 ? "fix_and_flip" : reach >= 1 ? "wholesale" : "buy_and_hold";

  return {
    address: input.address,
    strategy,
    is_deal: isDeal,
    arv: Math.round(stored.arv),
    rehab_cost: rehab,
    max_offer_price: maxOffer,
    profit_margin_pct: profitMarginPct,
    risk_level: riskLevel,
    confidence,
    key_assumptions: [
      `Stored ARV of ${usd(stored.arv)} from ${compCount} comparable sale${compCount === 1 ? "" : "s"}`,
      `Stored max offer of ${usd(maxOffer)}: ${usd(stored.arv)} × ${stored.rulePct}% − ${usd(stored.repairs)} repairs − ${usd(stored.assignmentFee)} fee`,
      `Analyst's rehab estimate of ${usd(rehab)} for condition ${Math.round(input.condition ?? 3)} of 5 (stored repairs ${usd(stored.repairs)})`,
    ],
    comp_summary:
      compCount > 0
        ? `${compCount} comparable sale${compCount === 1 ? "" : "s"} support${compCount === 1 ? "s" : ""} an ARV of ${usd(stored.arv)}.`
        : `No comparable sales found; the ARV of ${usd(stored.arv)} rests on the estimated value alone.`,
    next_actions: isDeal
      ? ["Call the owner to confirm condition and motivation", `Offer up to ${usd(maxOffer)}`, "Line up a cash buyer"]
      : ["Keep the lead warm with a follow-up in 30 days", "Re-run comps if the seller's price drops"],
  };
}

/**
 * A provider's answer held to the stored figures: its ARV and max offer are replaced by the stored ones (a model may
 * still have written its own), so what is saved as the analysis never carries a second ARV or max offer.
 */
export function heldToStored(result: DealAnalysisResult, stored: StoredDealFigures): DealAnalysisResult {
  return { ...result, arv: Math.round(stored.arv), max_offer_price: stored.maxOffer };
}
