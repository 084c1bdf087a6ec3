/**
 * How the screens show a valuation (the spec the Get Property Value banner and its comps table, the property card's
 * comparable cards; "Valuation progress" and "Comps"; the value-calculation Demo Mode; the spec the progress
 * constants and the demo comps): the progress messages and their schedule, the comps' display texts, the demo
 * valuation, and the valuation step the workbench carries in its URL. Pure and zod-free, so components import it.
 */
import { formatMoney, formatNumber, madeOnFirstUse, NOT_AVAILABLE } from "#app/domain/shared/format.ts";

import type { Comparable } from "./comparables.ts";
import { confidenceWordsOf } from "./interval.ts";

// --- progress ("Valuation progress") ---------------------------------------------------------------------

/** The message changes every 5 s … */
export const PROGRESS_INTERVAL_MS = 5_000;
/** … and the bar rises to at most 90 % while the call runs … */
export const PROGRESS_CAP = 90;
/** … each message adding this much … */
export const PROGRESS_STEP = 15;
/** … and resets 2 s after the call ends. */
export const PROGRESS_RESET_MS = 2_000;
export const PROGRESS_COMPLETE = "Complete!";

/** Get Property Value's six messages, in the order the valuation does the work. */
export const VALUATION_MESSAGES = [
  "Locating the property...",
  "Searching recent nearby sales...",
  "Selecting the most similar homes...",
  "Adjusting comps for size, age and features...",
  "Bringing sale prices to today's market...",
  "Weighing the comps into an ARV...",
] as const;

/** The comps search's messages ("Comps progress messages likewise rotate every 5 s up to 90%"). */
export const COMPS_MESSAGES = [
  "Locating the property...",
  "Searching recent nearby sales...",
  "Matching type, bedrooms and size...",
  "Scoring each sale's similarity...",
  "Adjusting prices to the property...",
  "Saving the comparable sales...",
] as const;

export type Progress = { percent: number; message: string };

/**
 * Where the bar stands `elapsedMs` after the call started: the message of each 5 s period in turn (cycling), and
 * 15 % more per period up to 90 %.
 */
export function progressAt(elapsedMs: number, messages: readonly string[]): Progress {
  const period = Math.max(0, Math.floor(elapsedMs / PROGRESS_INTERVAL_MS));
  return {
    percent: Math.min(PROGRESS_CAP, (period + 1) * PROGRESS_STEP),
    message: messages[period % messages.length] ?? "",
  };
}

/** What the bar shows once the call has ended: 100 % and 'Complete!' on success; on failure it stays where it was. */
export function progressAfter(last: Progress, succeeded: boolean): Progress {
  return succeeded ? { percent: 100, message: PROGRESS_COMPLETE } : last;
}

// --- the comps' texts (address, sold price, days on market, beds/baths, sqft, $/sqft, distance) -------------

/** One comp's cells as the comps table and the comp cards show them; a missing number is N/A. */
export type CompCells = {
  address: string;
  soldPrice: string;
  soldDate: string;
  daysOnMarket: string;
  bedsBaths: string;
  squareFeet: string;
  pricePerSqft: string;
  distance: string;
};

// Made on first use (docs/decisions/062-number-formatting-without-intl.md): the workbench loads this module with its offer steps whether comps show or not.
const BATHS = madeOnFirstUse(() => new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 }));
const MILES = madeOnFirstUse(() => new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/**
 * Money, days and square feet in whole en-US numbers; bathrooms keep their half (2.5: the spec stores them with one
 * decimal); the distance in miles with its two stored decimals (most comps are under a mile away, docs/decisions/055-valuation-screens.md).
 */
export function compCells(
  comp: Pick<
    Comparable,
    "address" | "soldPrice" | "soldDate" | "daysOnMarket" | "bedrooms" | "bathrooms" | "squareFeet" | "pricePerSqft" | "distance"
  >,
): CompCells {
  const beds = comp.bedrooms === null ? NOT_AVAILABLE : formatNumber(comp.bedrooms);
  const baths = comp.bathrooms === null || !Number.isFinite(comp.bathrooms) ? NOT_AVAILABLE : BATHS().format(comp.bathrooms);
  return {
    address: comp.address,
    soldPrice: formatMoney(comp.soldPrice),
    soldDate: comp.soldDate,
    daysOnMarket: formatNumber(comp.daysOnMarket),
    bedsBaths: `${beds} / ${baths}`,
    squareFeet: formatNumber(comp.squareFeet),
    pricePerSqft: formatMoney(comp.pricePerSqft),
    distance: comp.distance === null || !Number.isFinite(comp.distance) ? NOT_AVAILABLE : `${MILES().format(comp.distance)} mi`,
  };
}

/** What the ARV's range is called wherever it is shown: an 80 % prediction interval (docs/decisions/076-valuation-80-percent-range.md). */
export const RANGE_LABEL = "80 % range";

/**
 * A valuation's confidence as a whole percentage (0 … 100) in words, the number after them:
 * "High — typically within 5 % (82%)"; N/A when unknown. The words are the calibration's (`./interval.ts`).
 */
export function confidenceWordsText(percent: number | null | undefined): string {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return NOT_AVAILABLE;
  const words = confidenceWordsOf(percent / 100);
  const number = `${Math.round(percent)}%`;
  return words ? `${words.label} — typically within ${words.typicalErrorPct} % (${number})` : number;
}

/** "$279k", "$1.25M": a range's ends in the confidence sentence, where whole dollars would hide the point. */
export function shortMoney(value: number): string {
  if (value >= 1_000_000) return `$${Number((value / 1_000_000).toFixed(2))}M`;
  return `$${Math.round(value / 1000)}k`;
}

/**
 * The confidence words and the 80 % range in one sentence, so it says how they relate: "Low — typically within 14 %
 * (42%); 8 in 10 sales land between $279k and $494k". The first half alone when there is no range.
 */
export function confidenceAndRangeText(
  percent: number | null | undefined,
  rangeLow: number | null | undefined,
  rangeHigh: number | null | undefined,
): string {
  const words = confidenceWordsText(percent);
  if (
    rangeLow === null ||
    rangeLow === undefined ||
    rangeHigh === null ||
    rangeHigh === undefined ||
    !(rangeHigh >= rangeLow) ||
    rangeLow <= 0
  )
    return words;
  const range = `8 in 10 sales land between ${shortMoney(rangeLow)} and ${shortMoney(rangeHigh)}`;
  return words === NOT_AVAILABLE ? range : `${words}; ${range}`;
}

/** The comps panel (the property card) shows the first 3. */
export const COMPS_SHOWN = 3;

// --- the spec Demo Mode -----------------------------------------------------------------------------------------------

/** The estimated value the demo valuation starts from when the lead has none. */
export const DEMO_DEFAULT_VALUE = 250_000;
/** The demo comps' shares of the estimated value. */
export const DEMO_COMP_SHARES = [0.95, 1.02, 1.05] as const;

export type DemoValuation = { arv: number; comps: { address: string; soldPrice: number }[] };

/**
 * When the valuation call fails, three comps at 95 %, 102 % and 105 % of the estimated value (250,000 when
 * missing) and the ARV their average, in whole dollars. Shown as "(Demo Mode)"; never stored.
 */
export function demoValuation(estimatedValue: number | null | undefined): DemoValuation {
  const base = estimatedValue && estimatedValue > 0 ? estimatedValue : DEMO_DEFAULT_VALUE;
  const prices = DEMO_COMP_SHARES.map((share) => Math.round(base * share));
  return {
    arv: Math.round(prices.reduce((sum, price) => sum + price, 0) / prices.length),
    comps: prices.map((soldPrice, index) => ({ address: `Demo comparable ${index + 1}`, soldPrice })),
  };
}

// --- the workbench's valuation step in the URL ------------------------------------------------------------------

/** The valuation just made (its ARV, range and confidence in whole percent), or the spec's demo. */
export type ValuationStep = { arv: number; low: number | null; high: number | null; confidence: number | null } | "demo";

export const DEMO_VALUE = "demo";

const whole = (value: string | null | undefined): number | null =>
  value !== null && value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : null;

/** `value`, `low`, `high`, `conf` of a URL or a form: null without a valuation. */
export function valuationStepOf(get: (name: string) => string | null | undefined): ValuationStep | null {
  const value = get("value");
  if (value === DEMO_VALUE) return DEMO_VALUE;
  const arv = whole(value);
  if (!arv) return null;
  const confidence = whole(get("conf"));
  return {
    arv,
    low: whole(get("low")),
    high: whole(get("high")),
    confidence: confidence !== null && confidence <= 100 ? confidence : null,
  };
}

/** The same as URL parameters (or hidden fields), in order. */
export function valuationStepParams(step: ValuationStep | null | undefined): [string, string][] {
  if (!step) return [];
  if (step === DEMO_VALUE) return [["value", DEMO_VALUE]];
  const params: [string, string][] = [["value", String(Math.round(step.arv))]];
  if (step.low !== null) params.push(["low", String(Math.round(step.low))]);
  if (step.high !== null) params.push(["high", String(Math.round(step.high))]);
  if (step.confidence !== null) params.push(["conf", String(Math.round(step.confidence))]);
  return params;
}

// --- the CRM property card's comps ("Property card dialog"; "Comps") --------------------------------------

/** Where the property card's comps search posts (a form, so it works before JavaScript loads). */
export const COMPS_ACTION = "/crm/comps";

/** The CRM with the property card of `propertyId` open and its comps shown (`comps=1`); `failed=1` after a failed search. */
export function compsCardHref(propertyId: string, failed = false): string {
  return `/?${new URLSearchParams({ section: "crm", lead: propertyId, comps: "1", ...(failed ? { failed: "1" } : {}) })}`;
}

/** `?comps=1`: the property card shows its comps (Show/Hide Comps), and the CRM's loader reads them. */
export function compsShown(params: URLSearchParams): boolean {
  return params.get("comps") === "1";
}
