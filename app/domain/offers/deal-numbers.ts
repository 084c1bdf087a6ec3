/**
 * A property's deal numbers — the one place they are made (docs/decisions/092-one-record-of-deal-numbers.md,
 * docs/decisions/092-one-record-of-deal-numbers.md): the current valuation (ARV, 80 % range, confidence), the repairs and
 * fee, the max offer of the user's rule, the three tiers net of repairs and fee, and the chosen offer. Every screen,
 * answer and letter reads them from here; none recomputes a share of an ARV of its own. Pure and zod-free.
 */
import type { ValuationSource } from "#db/enums.ts";

import { DEFAULT_DEAL_RULE, maxOfferLabel, type DealRule } from "./deal-rule.ts";
import { maxOfferRule, type MaxOfferRule } from "./max-offer.ts";
import { recommendedOffer, tiersOf, type OfferOption, type OfferType } from "./options.ts";

export { DEFAULT_DEAL_RULE, dealRuleOf, maxOfferLabel, maxOfferRuleText, type DealRule } from "./deal-rule.ts";
export { maxOfferRule, type MaxOfferRule } from "./max-offer.ts";
export { OFFER_TYPES, offerOptions, recommendedOffer, tiersOf, type OfferOption, type OfferType } from "./options.ts";

/** The stored max offer of an ARV with the user's repairs and fee (null or absent: the rule's defaults). */
export function ruleMaxOfferOf(arv: number, repairs?: number | null, fee?: number | null, rule: DealRule = DEFAULT_DEAL_RULE): number {
  return maxOfferRule(arv, repairs, fee, rule).maxOffer;
}

/** What the views read of a property row (any of them may be null on a property never valued). */
export type DealRecord = {
  arv: number | null;
  arvLow?: number | null;
  arvHigh?: number | null;
  confidenceScore?: number | null;
  valuedAt?: Date | string | null;
  valuationSource?: ValuationSource | null;
  repairEstimate?: number | null;
  assignmentFee?: number | null;
  ruleMaxOffer: number | null;
  /** The chosen offer (spec 02's `maxOffer`). */
  maxOffer: number | null;
};

export type DealNumbers = {
  arv: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  confidenceScore: number | null;
  /** YYYY-MM-DD */
  asOf: string | null;
  source: ValuationSource | null;
  /** The repairs and fee the max offer uses: the user's, else the rule's defaults for this ARV. */
  repairs: number | null;
  assignmentFee: number | null;
  maxOffer: number | null;
  /** "Max Offer (70% Rule)" with the user's percent. */
  maxOfferLabel: string;
  /** The tiers of the stored ARV, repairs and fee; empty without an ARV. */
  tiers: OfferOption[];
  /** The tier preselected: the highest within the max offer (null when none is). */
  recommended: OfferType | null;
  /** The chosen offer: the amount a letter says. Null until the user chose one. */
  offer: number | null;
};

/** The words each source is shown with. */
export const VALUATION_SOURCE_LABELS: Record<ValuationSource, string> = {
  engine: "Valuation engine",
  provider: "Provider estimate",
  ai: "AI analysis",
  user: "Your override",
};

function isoDay(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return (typeof value === "string" ? value : value.toISOString()).slice(0, 10);
}

function positive(value: number | null | undefined): number | null {
  return value !== null && value !== undefined && Number.isFinite(value) && value > 0 ? value : null;
}

/** The rule line of a record: its ARV with its repairs and fee (else the defaults), or null without an ARV. */
export function ruleOfRecord(
  record: Pick<DealRecord, "arv" | "repairEstimate" | "assignmentFee">,
  rule: DealRule = DEFAULT_DEAL_RULE,
): MaxOfferRule | null {
  const arv = positive(record.arv);
  return arv === null ? null : maxOfferRule(arv, record.repairEstimate, record.assignmentFee, rule);
}

/**
 * The three figures a list row shows (ARV, max offer, offer), without the tiers: the CRM table reads thousands of rows.
 * The max offer is the stored one; a row from before it was kept reads the rule's of its ARV.
 */
export function headlineNumbersOf(record: DealRecord, rule: DealRule = DEFAULT_DEAL_RULE) {
  const arv = positive(record.arv);
  const maxOffer = arv === null ? null : (record.ruleMaxOffer ?? ruleMaxOfferOf(arv, record.repairEstimate, record.assignmentFee, rule));
  return { arv, maxOffer, offer: chosenOfferOf(record) };
}

/**
 * The record's numbers. The max offer is the stored one (written with the figures and the user's rule); a row from
 * before it was kept reads the rule's of its ARV, as the migration filled it. The tiers are of the same figures, so
 * Fair is the max offer shown beside it.
 */
export function dealNumbersOf(record: DealRecord, rule: DealRule = DEFAULT_DEAL_RULE): DealNumbers {
  const line = ruleOfRecord(record, rule);
  const { maxOffer } = headlineNumbersOf(record, rule);
  const tiers = line === null ? [] : tiersOf({ ...line, maxOffer: maxOffer ?? line.maxOffer }, rule);
  return {
    arv: line?.arv ?? null,
    rangeLow: record.arvLow ?? null,
    rangeHigh: record.arvHigh ?? null,
    confidenceScore: record.confidenceScore ?? null,
    asOf: isoDay(record.valuedAt),
    source: record.valuationSource ?? null,
    repairs: line?.repairs ?? null,
    assignmentFee: line?.assignmentFee ?? null,
    maxOffer,
    maxOfferLabel: maxOfferLabel(rule),
    tiers,
    recommended: recommendedOffer(tiers),
    offer: chosenOfferOf(record),
  };
}

/** The offer the user chose (a letter made, a custom amount set), or null: never a figure guessed from an estimate. */
export function chosenOfferOf(record: Pick<DealRecord, "maxOffer">): number | null {
  const offer = positive(record.maxOffer);
  return offer === null ? null : Math.round(offer);
}

/** The spec's share of an estimated value the workbench shows before any valuation (70 % of it). */
export const ESTIMATE_MAX_OFFER_SHARE = 0.7;
export const ESTIMATE_LABEL = "Estimate before valuation";

/**
 * The spec's fallback: 70 % of a lead's estimated value, for a lead not valued yet. Shown only then, labelled as an
 * estimate, and never a stored offer or a letter's amount (the server refuses to store it: leadToProperty sends none).
 */
export function estimatedMaxOffer(estimatedValue: number | null | undefined): number | null {
  const value = positive(estimatedValue);
  return value === null ? null : Math.round(value * ESTIMATE_MAX_OFFER_SHARE);
}
