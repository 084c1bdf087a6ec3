/**
 * The valuation engine's contract (the spec's "ARV (valuation) result" and "Comparable").
 *
 * The engine (`./engine.ts`) is a pure module: it takes a subject and the candidate sales around it and answers the
 * ARV with the comps it used and the adjustments it made. It never does I/O: the API (`app/services/valuation/valuation.server.ts`)
 * reads candidates from D1 and the benchmark (`tests/bench/valuation.ts`) from a CSV, and both call the same engine.
 *
 * Units: money in whole US dollars (numbers, not cents), dates as `YYYY-MM-DD`, areas in square feet, distances in miles.
 * Every fact but the location is optional: `null`/`undefined` means unknown, and the engine says in `assumptions` what
 * it assumed for it.
 */
/** What is known about a home: the subject being valued, or the home a sale was of. */
export interface HomeFacts {
  latitude: number;
  longitude: number;
  zip?: string | null;
  /** The property type values (single_family, condo, townhouse, multi_family …). */
  propertyType?: string | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
  squareFeet?: number | null;
  lotSquareFeet?: number | null;
  stories?: number | null;
  yearBuilt?: number | null;
  /** 0 or null: never renovated. */
  yearRenovated?: number | null;
  basementSquareFeet?: number | null;
  /** Assessor condition, 1 (poor) … 5 (very good). */
  condition?: number | null;
  /** Assessor building quality grade, 1 … 13 (7 is average). */
  qualityGrade?: number | null;
  waterfront?: boolean | null;
  /** Assessor view rating, 0 … 4. */
  view?: number | null;
}

export interface ValuationSubject extends HomeFacts {
  /** The subject's parcel: a sale of the same parcel is never a comp. */
  parcelId?: string | null;
  address?: string | null;
}

/** A recorded arm's-length sale, with the facts of the home sold. */
export interface Sale extends HomeFacts {
  id: string;
  parcelId: string;
  /** YYYY-MM-DD */
  saleDate: string;
  price: number;
  address?: string | null;
  daysOnMarket?: number | null;
  /** Where the sale came from (the local market, an import, a provider), for the comp's sourceUrl. */
  sourceUrl?: string | null;
}

export type AdjustmentKind =
  | "market_time"
  | "size"
  | "lot"
  | "bedrooms"
  | "bathrooms"
  | "age"
  | "renovation"
  | "quality"
  | "condition"
  | "basement"
  | "waterfront"
  | "view"
  | "location";

/** One adjustment applied to a comp's price, in dollars (positive raises it toward the subject). */
export interface Adjustment {
  kind: AdjustmentKind;
  amount: number;
  /** A sentence a wholesaler can read: "+$12,400: 180 sq ft larger subject at $69/sq ft". */
  note: string;
}

/** A comp the estimate used. */
export interface ValuedComp {
  sale: Sale;
  distanceMiles: number;
  /** 0 … 1: how alike the home and the subject are (1 = identical facts, same place, same day). */
  similarity: number;
  /** The sale price after every adjustment, in dollars. */
  adjustedPrice: number;
  adjustments: Adjustment[];
  /** The comp's share of the estimate, 0 … 1 (the weights of the comps used sum to 1). */
  weight: number;
}

/** The ARV result without `offers` (the API adds them), plus the comps behind it. */
export interface ValuationResult {
  arv: number;
  range_low: number;
  range_high: number;
  /**
   * 0 … 1: the expected share of valuations with this evidence that fall within 10 % of the price (the same
   * calibration as the range; `./interval.ts`).
   */
  confidence: number;
  /** The confidence in words: High / Medium / Low by the typical error. */
  confidenceLabel: ConfidenceLabel;
  /** The median absolute error expected for this valuation, in whole percent ("typically within 6 %"). */
  typicalErrorPct: number;
  method: string;
  rationale: string;
  assumptions: string[];
  comps: ValuedComp[];
  /** The selection step the comps came from (0 = the FAQ criteria; higher = widened). */
  selectionStep: number;
  /**
   * The market model's part of the ARV: its value and its share of the blend (the comps' weighted value has the rest,
   * on a log scale: ARV = comps^(1 − share) × model^share), so a screen can rebuild the ARV from what it lists.
   */
  model: { value: number; share: number };
  /** What the range was predicted from (the bench re-fits the calibration from it; not part of the API answer). */
  evidence: IntervalEvidence;
}

export interface ValuationOptions {
  /** YYYY-MM-DD: no sale on or after it is used, and prices are brought to it. */
  valuationDate: string;
  /**
   * The model of the subject's region (`regionalModel`), when one is kept: the fit over all candidates starts from its
   * rates and price index instead of generic ones. Ignored when fitted for a later date than `valuationDate`, or for
   * one more than `REGIONAL_MODEL_MAX_AGE_DAYS` earlier.
   */
  regional?: RegionalModel | null;
  /**
   * The subject's region's range calibration (`calibrateRange`): its scale widens or narrows the 80 % range and its
   * median ratio gives the typical error. Null: the region had too few recent sales, so the global scale is used and
   * the confidence is Low. Undefined (or stale): the global calibration alone, as before any refresh.
   */
  rangeCalibration?: RangeCalibration | null;
  /**
   * The trees of the subject's market cell (`marketModel`), when kept: the model value takes a share of theirs. Ignored
   * like `regional` when fitted for a later date or one more than `REGIONAL_MODEL_MAX_AGE_DAYS` earlier.
   */
  market?: MarketModel | null;
  /**
   * The caller's cache of kept market trees read into predictors, by the trees object (`new WeakMap()`): a caller that
   * values many subjects with the same kept trees reads them once. Without it they are read on every valuation.
   */
  treesCache?: WeakMap<object, ((row: ArrayLike<number>) => number) | null>;
  /**
   * The user's pinned and excluded comps (docs/decisions/091-comps-the-user-can-defend.md), by sale id: a pinned sale is always a
   * comp and never dropped as an outlier, an excluded one never a comp. An added sale is handed in with the candidates
   * and pinned.
   */
  choices?: CompPins;
}

export interface CompPins {
  pinned: ReadonlySet<string>;
  excluded: ReadonlySet<string>;
}

/**
 * A market cell's trees (docs/decisions/050-valuation-engine.md): gradient-boosted trees over the market's sales of the 12 months before
 * `asOf` (every fact, the position, the mean ln price per square foot of the nearest sales, the days before `anchor`),
 * fitted to their ln prices less the seasonal factor. Kept beside the sales (market_models).
 */
export interface MarketModel {
  /** YYYY-MM-DD: the valuation date it was fitted for; only sales before it and in the 12 months before it. */
  asOf: string;
  /** YYYY-MM-DD: its latest sale, where its price level stands. */
  anchor: string;
  /** How many sales it was fitted on. */
  sales: number;
  /** The mean of the fitted ln prices (season aside); the trees add to it. */
  base: number;
  /** The trees (`BoostedTrees`, MARKET_MODEL_VERSION's features); anything else is not used. */
  trees: unknown;
}

/**
 * A region's market model: the fit over the sales within ±REGION_MILES of a region cell's centre (README Decision
 * 66). Kept beside the sales (regional_models) so a valuation reads one row instead of the region's sales.
 */
export interface RegionalModel {
  /** YYYY-MM-DD: the valuation date it was fitted for; only sales before it and in the 12 months before it. */
  asOf: string;
  /** How many sales it was fitted on. */
  sales: number;
  /** Its fact rates, then its price index's slopes, in the engine's column order (REGIONAL_MODEL_VERSION). */
  rates: number[];
}

/** A region's 80 % range calibration, learnt from its recent sales (`./range-calibration.ts`). */
export interface RangeCalibration {
  /** YYYY-MM-DD: the date it was learnt for; only sales before it. */
  asOf: string;
  /** How many valued recent sales it was learnt from. */
  sales: number;
  /** The multiple of the global half-width that holds 80 % of them. */
  scale: number;
  /** The median of |ln error| over the calibrated half-width: typical error = medianRatio × half-width. */
  medianRatio: number;
}

/** A region cell: REGION_CELL_DEGREES of latitude by as many of longitude, numbered from 0° (floor). */
export interface RegionCell {
  latitudeCell: number;
  longitudeCell: number;
}

/** Why a subject could not be valued: the API answers 422 with `message`. */
export interface ValuationRefusal {
  reason: "no_comps";
  message: string;
}

export type ValuationOutcome = { ok: true; result: ValuationResult } | { ok: false; refusal: ValuationRefusal };

/**
 * The sales the engine wants to see for one subject: every arm's-length sale inside the box, dated on or after
 * `fromDate` and before `beforeDate`, at most `limit` of them (nearest first when there are more). The engine's
 * `candidateWindow(subject, options)` answers it; the API turns it into one indexed range scan over D1 and the
 * benchmark into a lookup in its in-memory pool, so both feed the engine the same candidates.
 */
export interface CandidateWindow {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
  /** YYYY-MM-DD, inclusive */
  fromDate: string;
  /** YYYY-MM-DD, exclusive (the valuation date) */
  beforeDate: string;
  limit: number;
}

/** One step of the comps selection: how alike and how near a sale must be to count at that step. */
export interface SelectionStep {
  /** How the step reads in a rationale. */
  label: string;
  bedrooms: number;
  /** Relative living-area difference allowed (0.2 = within 20 %). */
  sqftShare: number;
  yearsBuilt: number;
  months: number;
  miles: number;
}

/** What the interval is predicted from, for one valuation. */
export interface IntervalEvidence {
  /** The robust residual scale (ln price) of the local fit: how noisy prices are around here. */
  residualScale: number;
  /** The standard deviation (ln price) of the local fits' values for the subject: how much the models disagree. */
  fitSpread: number;
  /** Weighted standard deviation (ln price) of the comps' adjusted prices around the ARV. */
  spread: number;
  /** |ln(comps' mean / model value)|: how much the two halves of the blend disagree. */
  disagreement: number;
  /** The comps' effective count (Σw)² / Σw². */
  effectiveComps: number;
  /** The comps' median distance from the subject (miles). */
  medianMiles: number;
  /** The selection step (0 = the FAQ criteria; higher = widened). */
  stepIndex: number;
  /** Days from the latest candidate sale to the valuation date. */
  gapDays: number;
  /** The comps' median age: days from their sale to the valuation date. */
  medianCompDays: number;
  /** Share (0 … 1) of the subject's facts that are unknown (see `UNKNOWN_FACTS`). */
  unknownShare: number;
}

/** The words for a valuation's confidence. */
export type ConfidenceLabel = "High" | "Medium" | "Low";
