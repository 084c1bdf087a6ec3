/**
 * What a valuation says (the spec's "rationale", "assumptions" and each comp's adjustment notes): how the comps were
 * chosen and brought to the subject, how the ARV weighs them against the model, and what was assumed.
 */
import { formatDate, formatMoney, formatNumber } from "#app/domain/shared/format.ts";

import { DAYS_PER_MONTH } from "./tuning.ts";
import type { AdjustmentKind, HomeFacts, SelectionStep, ValuationSubject, ValuedComp } from "./types.ts";

/** The rationale never speaks of more than a year of market time (the window is 12 months). */
const MAX_RATIONALE_DAYS = 366;
/** Distances under this many miles are given to hundredths, longer ones to tenths. */
const FINE_DISTANCE_MILES = 10;

/** The ARV's two parts: the comps' mean, the model's value, and the model's share. */
export interface Blend {
  comps: number;
  model: number;
  modelShare: number;
}

export function factNote(amount: string, adj: { kind: AdjustmentKind; subject: HomeFacts; comp: HomeFacts }): string {
  const { kind, subject: s, comp: c } = adj;
  const yesNo = (value: boolean | null | undefined, yes: string, no: string) => (value ? yes : no);
  switch (kind) {
    case "size":
      return `${amount}: living area ${formatNumber(s.squareFeet)} sq ft for the subject vs ${formatNumber(c.squareFeet)} sq ft`;
    case "lot":
      return `${amount}: lot ${formatNumber(s.lotSquareFeet)} sq ft for the subject vs ${formatNumber(c.lotSquareFeet)} sq ft`;
    case "bedrooms":
      return `${amount}: ${s.bedrooms} bedrooms for the subject vs ${c.bedrooms}`;
    case "bathrooms":
      return `${amount}: ${s.bathrooms} bathrooms for the subject vs ${c.bathrooms}`;
    case "age":
      return `${amount}: built ${s.yearBuilt} for the subject vs ${c.yearBuilt}`;
    case "renovation":
      return `${amount}: ${s.yearRenovated ? `subject renovated ${s.yearRenovated}` : "subject not renovated"} vs ${c.yearRenovated ? `comp renovated ${c.yearRenovated}` : "comp not renovated"}`;
    case "quality":
      return `${amount}: quality grade ${s.qualityGrade} for the subject vs ${c.qualityGrade}`;
    case "condition":
      return `${amount}: condition ${s.condition} of 5 for the subject vs ${c.condition}`;
    case "basement":
      return `${amount}: finished basement ${formatNumber(s.basementSquareFeet)} of ${formatNumber(s.squareFeet)} sq ft for the subject vs ${formatNumber(c.basementSquareFeet)} of ${formatNumber(c.squareFeet)}`;
    case "waterfront":
      return `${amount}: ${yesNo(s.waterfront, "waterfront subject", "subject not on the water")} vs ${yesNo(c.waterfront, "a waterfront comp", "a comp not on the water")}`;
    case "view":
      return `${amount}: view rating ${s.view} of 4 for the subject vs ${c.view}`;
    default:
      return amount;
  }
}

export function marketTimeNote(amount: string, saleDate: string, valuationDate: string, log: number): string {
  return `${amount}: sold ${formatDate(saleDate)}, brought to ${formatDate(valuationDate)} by the local price index (${signedPercent(log)})`;
}

export function locationNote(amount: string, log: number): string {
  return `${amount}: nearby sales of homes like the subject (age and grade) sell ${signedPercent(log)} against those like this comp around it`;
}

export function rationaleOf(
  comps: ValuedComp[],
  step: SelectionStep,
  valuationDate: string,
  trend: number,
  arv: number,
  spanDays: number,
  blend: Blend,
): string {
  const distances = comps.map((c) => c.distanceMiles).sort((a, b) => a - b);
  const dates = comps.map((c) => c.sale.saleDate).sort();
  const months = Math.max(1, Math.round(Math.min(spanDays, MAX_RATIONALE_DAYS) / DAYS_PER_MONTH));
  const count = comps.length;
  return (
    `${formatMoney(arv)} from ${count} comparable sale${count === 1 ? "" : "s"} chosen by ${step.label}, ` +
    `${formatDistance(distances[0])}–${formatDistance(distances[distances.length - 1])} away (median ${formatDistance(distances[Math.floor((count - 1) / 2)])}), ` +
    `sold ${formatDate(dates[0])}–${formatDate(dates[dates.length - 1])}. ` +
    `Each price is brought to ${formatDate(valuationDate)} by the local price index (${signedPercent(trend)} over the last ${months} month${months === 1 ? "" : "s"}), ` +
    `adjusted for the facts that differ by rates estimated from nearby sales, and weighted by similarity. ` +
    `The ARV weighs their mean, ${formatMoney(blend.comps)}, at ${percentOf(1 - blend.modelShare)} and the local market model's ` +
    `value for this home's facts and location, ${formatMoney(blend.model)}, at ${percentOf(blend.modelShare)}.`
  );
}

const FACT_LABELS: readonly [keyof HomeFacts, string][] = [
  ["propertyType", "Property type unknown: compared with homes of any type."],
  ["bedrooms", "Bedrooms unknown: no bedroom criterion or adjustment."],
  ["bathrooms", "Bathrooms unknown: no bathroom adjustment."],
  ["squareFeet", "Living area unknown: no size criterion or adjustment (assumed like each comp)."],
  ["lotSquareFeet", "Lot size unknown: no lot adjustment."],
  ["yearBuilt", "Year built unknown: no age criterion or adjustment."],
  ["yearRenovated", "Renovation unknown: no renovation adjustment."],
  ["qualityGrade", "Quality grade unknown: assumed like each comp's (no quality adjustment)."],
  ["condition", "Condition unknown: assumed like each comp's (no condition adjustment)."],
  ["basementSquareFeet", "Basement unknown: no basement adjustment."],
  ["waterfront", "Waterfront unknown: assumed like each comp's."],
  ["view", "View unknown: assumed like each comp's."],
];

export function assumptionsOf(subject: ValuationSubject): string[] {
  const assumptions: string[] = [];
  for (const [key, text] of FACT_LABELS) {
    const value = subject[key];
    if (value === null || value === undefined || value === "") assumptions.push(text);
  }
  assumptions.push("No school district data: the FAQ's “same school district” is approximated by distance (1 mile at first).");
  assumptions.push(
    "Sales are taken as arm's-length; the subject is valued in the condition and quality grade its facts give, so an ARV after repairs needs the facts after repairs.",
  );
  return assumptions;
}

function signedPercent(log: number): string {
  const pct = (Math.exp(log) - 1) * 100;
  return `${pct >= 0 ? "+" : "−"}${Math.abs(pct).toFixed(1)} %`;
}

export function signedMoney(amount: number): string {
  return `${amount >= 0 ? "+" : "−"}${formatMoney(Math.abs(amount))}`;
}

/** A share as a whole percentage, "70 %". */
function percentOf(share: number): string {
  return `${Math.round(share * 100)} %`;
}

function formatDistance(miles: number): string {
  return `${miles.toFixed(miles < FINE_DISTANCE_MILES ? 2 : 1)} mi`;
}
