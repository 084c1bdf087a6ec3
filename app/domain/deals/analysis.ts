/**
 * Rule-based deal analysis: the embedded AI provider's answer and the shape every provider must return
 * (spec 02 §3 "Deal analysis result"). Pure; the numbers follow the 70 % rule the product teaches
 * (max offer = ARV × 70 % − rehab costs − assignment fee).
 */
import type { RiskLevel } from "#db/enums.ts";

export type DealAnalysisInput = {
  address: string;
  arv: number;
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
  assignmentFee?: number;
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

export const DEFAULT_ASSIGNMENT_FEE = 10_000;
export const MAX_OFFER_RATIO = 0.7;

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

// eslint-disable-next-line complexity -- not yet split into steps
export function analyzeDeal(input: DealAnalysisInput): DealAnalysisResult {
  const fee = input.assignmentFee ?? DEFAULT_ASSIGNMENT_FEE;
  const rehab = estimateRehab(input);
  const maxOffer = Math.max(0, Math.round(input.arv * MAX_OFFER_RATIO - rehab - fee));
  const price = input.estimatedValue && input.estimatedValue > 0 ? input.estimatedValue : null;
  // Margin an end buyer keeps if they buy at our max offer plus our fee and do the rehab.
  const allIn = maxOffer + fee + rehab;
  const profitMarginPct = input.arv > 0 ? Math.round(((input.arv - allIn) / input.arv) * 10_000) / 100 : 0;

  const compCount = input.compCount ?? 0;
  const valuationConfidence = input.valuationConfidence ?? 0.5;
  const confidence = Math.round(Math.min(0.95, valuationConfidence * 0.7 + Math.min(compCount, 6) * 0.05) * 100) / 100;

  // A deal when the seller's likely price is within reach of the max offer (sellers with equity negotiate down).
  const reach = price ? maxOffer / price : 0;
  const highEquity = (input.equityPercentage ?? 0) >= 50;
  const isDeal = maxOffer > 0 && (reach >= 0.85 || (highEquity && reach >= 0.7));
  const rehabShare = input.arv > 0 ? rehab / input.arv : 1;
  const riskLevel = confidence >= 0.7 && rehabShare < 0.15 ? "low" : confidence >= 0.45 && rehabShare < 0.3 ? "medium" : "high";
  const strategy = !isDeal ? "pass" : rehabShare >= 0.15 ? "fix_and_flip" : reach >= 1 ? "wholesale" : "buy_and_hold";

  return {
    address: input.address,
    strategy,
    is_deal: isDeal,
    arv: Math.round(input.arv),
    rehab_cost: rehab,
    max_offer_price: maxOffer,
    profit_margin_pct: profitMarginPct,
    risk_level: riskLevel,
    confidence,
    key_assumptions: [
      `ARV of ${usd(input.arv)} from ${compCount} comparable sale${compCount === 1 ? "" : "s"}`,
      `Rehab of ${usd(rehab)} for condition ${Math.round(input.condition ?? 3)} of 5`,
      `Assignment fee of ${usd(fee)}`,
      `Max offer by the 70% rule: ${usd(input.arv)} × 70% − ${usd(rehab)} − ${usd(fee)}`,
    ],
    comp_summary:
      compCount > 0
        ? `${compCount} comparable sale${compCount === 1 ? "" : "s"} support${compCount === 1 ? "s" : ""} an ARV of ${usd(input.arv)}.`
        : `No comparable sales found; the ARV of ${usd(input.arv)} rests on the estimated value alone.`,
    next_actions: isDeal
      ? ["Call the owner to confirm condition and motivation", `Offer up to ${usd(maxOffer)}`, "Line up a cash buyer"]
      : ["Keep the lead warm with a follow-up in 30 days", "Re-run comps if the seller's price drops"],
  };
}
