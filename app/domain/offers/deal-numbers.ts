/**
 * A property's deal numbers as every view shows them (docs/decisions/092-one-record-of-deal-numbers.md):
 * read from the one stored record — the current valuation, the user's repairs and fee, the 70 % rule's max offer of
 * them, and the chosen offer — never recomputed from another ARV on a screen. Pure and zod-free.
 */
import type { ValuationSource } from "#db/enums.ts";

import { maxOfferRule } from "./max-offer.ts";

/** The stored max offer of an ARV with the user's repairs and fee (null or absent: the rule's defaults). */
export function ruleMaxOfferOf(arv: number, repairs?: number | null, fee?: number | null): number {
  return maxOfferRule(arv, repairs ?? undefined, fee ?? undefined).maxOffer;
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

/** The record's numbers; the max offer is the stored one (the rule's of the stored figures, written with them). */
export function dealNumbersOf(record: DealRecord): DealNumbers {
  const arv = record.arv !== null && record.arv > 0 ? record.arv : null;
  const rule = arv === null ? null : maxOfferRule(arv, record.repairEstimate ?? undefined, record.assignmentFee ?? undefined);
  return {
    arv,
    rangeLow: record.arvLow ?? null,
    rangeHigh: record.arvHigh ?? null,
    confidenceScore: record.confidenceScore ?? null,
    asOf: isoDay(record.valuedAt),
    source: record.valuationSource ?? null,
    repairs: rule?.repairs ?? null,
    assignmentFee: rule?.assignmentFee ?? null,
    // A row from before the record was kept has no stored max offer: the rule's of its ARV, as the migration fills it.
    maxOffer: record.ruleMaxOffer ?? rule?.maxOffer ?? null,
    offer: record.maxOffer !== null && record.maxOffer > 0 ? record.maxOffer : null,
  };
}
