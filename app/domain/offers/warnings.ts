/**
 * The checks an offer passes before a letter is generated or mailed (docs/decisions/077-strict-money-and-offer-warnings.md):
 * it is not above the user's own max offer (the 70% rule), the ARV it is a share of is not of low confidence, and that
 * ARV is not far above the property's as-is estimate. A
 * failed check is a warning in words, never a refusal: the API answers it beside the letter, the screens ask once
 * ("Confirm anyway"). Pure and zod-free.
 */
import { formatMoney } from "#app/domain/shared/format.ts";
import { confidenceWordsOf, isLowConfidence } from "#app/domain/valuation/interval.ts";

import { DEFAULT_DEAL_RULE, type DealRule } from "./deal-rule.ts";
import { maxOfferRule } from "./max-offer.ts";

/** An ARV more than this share above the as-is estimate (the property's market value) asks first. */
export const ARV_ABOVE_AS_IS_LIMIT = 0.25;

export const OFFER_WARNING_CODES = ["above_max_offer", "low_confidence", "arv_above_as_is"] as const;
export type OfferWarningCode = (typeof OFFER_WARNING_CODES)[number];
export type OfferWarning = { code: OfferWarningCode; message: string };

/**
 * The ARV confidence (0 … 1) of a property, or null when unknown. The one place it is read: the valuation stores its
 * confidence as the property's whole-percent `confidenceScore`; it reads as Low when the calibrated typical error is
 * over 10 % (app/domain/valuation/interval.ts, docs/decisions/076-valuation-80-percent-range.md).
 */
export function arvConfidenceOf(property: { confidenceScore: number | null }): number | null {
  const score = property.confidenceScore;
  return score === null || !Number.isFinite(score) ? null : score / 100;
}

/** "$56,000 above your max offer" (the offer cards and the warning say it the same way). */
export function aboveMaxOfferText(amount: number, maxOffer: number): string {
  return `${formatMoney(amount - maxOffer)} above your max offer`;
}

export type OfferFacts = {
  /** The offer's amount, whole dollars. */
  amount: number;
  /** The 70% rule's max offer, or null when unknown. */
  maxOffer: number | null;
  arv: number | null;
  /** The ARV's confidence, 0 … 1 (arvConfidenceOf), or null when unknown. */
  confidence: number | null;
  /** The property's as-is estimate (its market value), or null when unknown. */
  asIs: number | null;
  /** The rule's percent the max offer is of (70 unless the user set another). */
  rulePct?: number;
};

/** Why the offer needs a second look, in words; empty when it passes every check. */
export function offerWarnings(facts: OfferFacts): OfferWarning[] {
  const warnings: OfferWarning[] = [];
  const { amount, maxOffer, arv, confidence, asIs, rulePct = DEFAULT_DEAL_RULE.fairPct } = facts;
  if (maxOffer !== null && amount > maxOffer) {
    warnings.push({
      code: "above_max_offer",
      message: `The offer of ${formatMoney(amount)} is ${aboveMaxOfferText(amount, maxOffer)} of ${formatMoney(maxOffer)} (ARV × ${rulePct}% − repairs − assignment fee).`,
    });
  }
  if (isLowConfidence(confidence)) {
    warnings.push({
      code: "low_confidence",
      message: `The ARV's confidence is Low (typically within ${confidenceWordsOf(confidence)?.typicalErrorPct ?? "?"} %): the comparable sales disagree or are few, so the ARV may be far off.`,
    });
  }
  if (arv !== null && asIs !== null && asIs > 0 && arv > asIs * (1 + ARV_ABOVE_AS_IS_LIMIT)) {
    warnings.push({
      code: "arv_above_as_is",
      message: `The ARV of ${formatMoney(arv)} is ${Math.round((arv / asIs - 1) * 100)}% above the as-is estimate of ${formatMoney(asIs)} (more than ${ARV_ABOVE_AS_IS_LIMIT * 100}%).`,
    });
  }
  return warnings;
}

/**
 * What the checks read of a property: its current ARV (never the AI analysis's, which is an opinion shown beside it),
 * its ARV confidence, its as-is value and the user's stored repairs and fee.
 */
export type CheckedProperty = {
  arv: number | null;
  confidenceScore: number | null;
  price: number | null;
  repairEstimate?: number | null;
  assignmentFee?: number | null;
};

/**
 * The warnings of an offer of `amount` on a property: against the 70% rule of `rule.arv` (the property's ARV when
 * absent) with the user's repairs and fee (as given, else as stored, else the rule's defaults). The server and the property card share it.
 */
export function propertyOfferWarnings(
  property: CheckedProperty,
  amount: number,
  rule: { arv?: number; repairs?: number; assignmentFee?: number } = {},
  dealRule: DealRule = DEFAULT_DEAL_RULE,
): OfferWarning[] {
  const arv = rule.arv ?? property.arv;
  const repairs = rule.repairs ?? property.repairEstimate ?? undefined;
  const fee = rule.assignmentFee ?? property.assignmentFee ?? undefined;
  return offerWarnings({
    amount,
    maxOffer: arv !== null && arv > 0 ? maxOfferRule(arv, repairs, fee, dealRule).maxOffer : null,
    arv,
    confidence: arvConfidenceOf(property),
    asIs: property.price,
    rulePct: dealRule.fairPct,
  });
}
