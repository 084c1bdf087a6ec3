/**
 * The valuation engine (issue 12; spec 02 §3 "ARV (valuation) result" and "Comparable"; spec 01 FAQ comps criteria).
 * Pure: no bindings, no I/O, deterministic. The API and `npm run bench:valuation` both call it.
 *
 * 1. Candidates. `candidateWindow` asks for every sale within ±WINDOW_MILES of the subject, sold in the WINDOW_MONTHS
 *    before the valuation date, the nearest WINDOW_LIMIT of them. `valueSubject` drops any sale of the subject's own
 *    parcel and any sale dated on or after the valuation date whatever it is handed.
 * 2. Market model. A robust weighted ridge regression of ln(price) on the homes' facts and a piecewise-linear price
 *    index in time (slopes over the last 60 days of the data, 60–150, 150–240 and before; 0 at the latest candidate
 *    sale, and carried from there to the valuation date by `extrapolatedTrend`, damped; README Decision 59), fitted on
 *    all candidates, then again locally, shrunk toward that first fit: with a distance kernel over the nearest sales,
 *    over fewer of them, and over more of them weighted also by how alike their size, age and grade are to the
 *    subject's (README Decision 63); a fourth fit adds to the fit over all candidates regression trees fitted to its
 *    residuals (`./boost`, README Decision 64). The first local fit's coefficients are the adjustment rates (size,
 *    lot, bedrooms, bathrooms, year built, renovation, quality grade, condition, basement, waterfront, view) and the
 *    price index (market time): estimated from the sales before the valuation date only. The fit over all candidates
 *    starts from the subject's region's model when one is kept (`regionalModel`: the same fit over the sales within
 *    ±REGION_MILES of the region cell's centre, counting like `TUNING.regionalWeight` sales; README Decision 66).
 *    Prices are taken less a yearly seasonal factor (`seasonalFactor`, ±3 %; README Decision 60) before the fit and it
 *    is added back at the valuation date. A fit's residuals near a point, from neighbours weighted by distance, year
 *    built and grade and each clipped at `TUNING.locationClip` robust deviations, are that point's location factor
 *    (micro-location beyond the kernel fit; README Decisions 58, 68). When the subject's market cell has trees kept
 *    (`marketModel`: gradient-boosted trees over up to MARKET_LIMIT sales of the 0.5° cell and 0.25° around it, their
 *    prices first brought to the latest sale by the market's own index; README Decision 69), the model value is
 *    `TUNING.marketShare` their value (brought to the valuation date by the local index) and the rest the four fits'.
 * 3. Selection (the FAQ criteria, widened in steps until `TUNING.minComps` comps qualify; a criterion whose fact is unknown
 *    for the subject or the comp is skipped; a known property type must match at every step):
 *      step 0  same bedrooms, living area within 20 %, built within 10 years, sold within 9 months, within 1 mile
 *              (the FAQ's "same school district" is not in the data: one mile stands in for it)
 *      step 1  bedrooms ±1, living area within 30 %, built within 20 years, sold within 12 months, within 1.5 miles
 *      step 2  bedrooms ±2, living area within 50 %, built within 40 years, sold within 12 months, within 3 miles
 *      step 3  any sale in the candidate window
 *    At the widest step even one comp is used; none → the `no_comps` refusal, never a made-up number.
 *    The qualifying comps are ranked by similarity (distance, time and how far their facts are from the subject's,
 *    measured as the size of their adjustments) and the best `TUNING.maxComps` used.
 * 4. Each comp's price is brought to the valuation date (market time), adjusted for each fact that differs from the
 *    subject's (both known) and for location. The ARV is 0.3 of the similarity-weighted mean of the comps' adjusted ln
 *    prices (outliers beyond 2.5 robust deviations dropped) and 0.7 of the model value (the four fits' mean prediction,
 *    each with the subject's location factor by its own residuals, and the market trees' value when kept; 0.1 and
 *    0.9 when selection had to widen past step 0; README Decision 67), and the rationale says so with both values;
 *    the range and the confidence follow the comps' count, similarity and dispersion.
 */
import { formatDate, formatMoney, formatNumber } from "#app/domain/shared/format.ts";

import { boostedTrees, fitBooster, type BoostOptions } from "./boost.ts";
import { dayNumber, distanceMiles, MILES_PER_DEGREE, monthsBefore } from "./geo.ts";
import { weightedRidge } from "./regression.ts";
import type {
  Adjustment,
  AdjustmentKind,
  CandidateWindow,
  HomeFacts,
  MarketModel,
  RegionalModel,
  RegionCell,
  Sale,
  ValuationOptions,
  ValuationOutcome,
  ValuationResult,
  ValuationSubject,
  ValuedComp,
} from "./types.ts";

export const WINDOW_MILES = 3;
export const WINDOW_MONTHS = 12;
export const WINDOW_LIMIT = 1000;

/**
 * Regions (README Decision 66): the map is cut into cells of REGION_CELL_DEGREES; a cell's regional model is the fit
 * over all candidates made over the nearest REGION_LIMIT sales within ±REGION_MILES of its centre (at least
 * REGION_MIN_SALES of them), and a subject's fit over all candidates is shrunk toward its cell's model as if the model
 * were `TUNING.regionalWeight` more sales. A thinly traded place's few hundred sales cannot settle its rates and
 * price index alone; its region's can, and they cost one row to read.
 */
export const REGION_CELL_DEGREES = 0.05;
export const REGION_MILES = 7;
export const REGION_LIMIT = 2000;
export const REGION_MIN_SALES = 200;
/** A kept model fitted for an earlier valuation date than this many days is not used. */
export const REGIONAL_MODEL_MAX_AGE_DAYS = 90;
/** The layout of `RegionalModel.rates`; a kept model of another version is not used (bump it when the columns change). */
export const REGIONAL_MODEL_VERSION = 2;

/**
 * Market trees (README Decision 69): the map is cut into market cells of MARKET_CELL_DEGREES (ten region cells a side);
 * a cell's trees are fitted on the nearest MARKET_LIMIT sales of the 12 months before the date within
 * MARKET_MARGIN_DEGREES of the cell (at least MARKET_MIN_SALES of them), and a subject's model value takes
 * `TUNING.marketShare` of its cell's trees' value. Kept in market_models, read and aged like a regional model.
 */
export const MARKET_CELL_DEGREES = 0.5;
export const MARKET_MARGIN_DEGREES = 0.25;
export const MARKET_LIMIT = 12_000;
export const MARKET_MIN_SALES = 1_000;
/**
 * The layout of `MarketModel.trees`' features and how they are fitted (2: 128 bins, README Decision 70); a kept model of
 * another version is not used, and `db:seed` refits it.
 */
export const MARKET_MODEL_VERSION = 2;
/** A market cell is this many region cells a side (MARKET_CELL_DEGREES / REGION_CELL_DEGREES). */
export const REGION_CELLS_PER_MARKET_CELL = Math.round(MARKET_CELL_DEGREES / REGION_CELL_DEGREES);

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

export const SELECTION_STEPS: readonly SelectionStep[] = [
  {
    label: "the FAQ criteria (same bedrooms, living area within 20 %, built within 10 years, sold within 9 months, within 1 mile)",
    bedrooms: 0,
    sqftShare: 0.2,
    yearsBuilt: 10,
    months: 9,
    miles: 1,
  },
  {
    label: "widened criteria (bedrooms ±1, living area within 30 %, built within 20 years, sold within 12 months, within 1.5 miles)",
    bedrooms: 1,
    sqftShare: 0.3,
    yearsBuilt: 20,
    months: 12,
    miles: 1.5,
  },
  {
    label: "wider criteria (bedrooms ±2, living area within 50 %, built within 40 years, sold within 12 months, within 3 miles)",
    bedrooms: 2,
    sqftShare: 0.5,
    yearsBuilt: 40,
    months: 12,
    miles: 3,
  },
  {
    label: "the widest criteria (any nearby sale of the last 12 months)",
    bedrooms: Infinity,
    sqftShare: Infinity,
    yearsBuilt: Infinity,
    months: WINDOW_MONTHS,
    miles: Infinity,
  },
];

export const NO_COMPS_MESSAGE =
  "No comparable sales were found near this property in the last 12 months, so no value can be estimated from comps.";

/** The sales the engine wants for this subject (see CandidateWindow). */
export function candidateWindow(
  subject: { latitude: number; longitude: number },
  options: ValuationOptions,
  miles: number = WINDOW_MILES,
): CandidateWindow {
  assertDate(options.valuationDate);
  const dLat = miles / MILES_PER_DEGREE;
  const dLon = miles / (MILES_PER_DEGREE * Math.max(0.05, Math.cos((subject.latitude * Math.PI) / 180)));
  return {
    minLatitude: subject.latitude - dLat,
    maxLatitude: subject.latitude + dLat,
    minLongitude: subject.longitude - dLon,
    maxLongitude: subject.longitude + dLon,
    fromDate: monthsBefore(options.valuationDate, WINDOW_MONTHS),
    beforeDate: options.valuationDate,
    limit: WINDOW_LIMIT,
  };
}

/**
 * The region cell a point lies in, counted from 90° S and 180° W. REGION_CELL_SQL computes the same in SQLite (the
 * same double arithmetic, truncated; neither sum is ever negative).
 */
export function regionCellOf(point: { latitude: number; longitude: number }): RegionCell {
  return {
    latitudeCell: Math.trunc((point.latitude + 90) / REGION_CELL_DEGREES),
    longitudeCell: Math.trunc((point.longitude + 180) / REGION_CELL_DEGREES),
  };
}

/** `regionCellOf` in SQL, for a table with `latitude` and `longitude` columns. */
export const REGION_CELL_SQL = {
  latitude: `cast((latitude + 90) / ${REGION_CELL_DEGREES} as integer)`,
  longitude: `cast((longitude + 180) / ${REGION_CELL_DEGREES} as integer)`,
} as const;

/** A region cell's centre: what its model's window and positions are measured from. */
export function regionCentre(cell: RegionCell): { latitude: number; longitude: number } {
  return {
    latitude: (cell.latitudeCell + 0.5) * REGION_CELL_DEGREES - 90,
    longitude: (cell.longitudeCell + 0.5) * REGION_CELL_DEGREES - 180,
  };
}

/** The sales a region cell's model is fitted on: within ±REGION_MILES of its centre, the nearest REGION_LIMIT. */
export function regionWindow(cell: RegionCell, options: ValuationOptions): CandidateWindow {
  return { ...candidateWindow(regionCentre(cell), options, REGION_MILES), limit: REGION_LIMIT };
}

/** The market cell a point lies in (counted like `regionCellOf`, so a region cell lies in exactly one). */
export function marketCellOf(point: { latitude: number; longitude: number }): RegionCell {
  return marketCellOfRegion(regionCellOf(point));
}

/** The market cell a region cell lies in. */
export function marketCellOfRegion(cell: RegionCell): RegionCell {
  return {
    latitudeCell: Math.floor(cell.latitudeCell / REGION_CELLS_PER_MARKET_CELL),
    longitudeCell: Math.floor(cell.longitudeCell / REGION_CELLS_PER_MARKET_CELL),
  };
}

/** A market cell's centre. */
export function marketCentre(cell: RegionCell): { latitude: number; longitude: number } {
  return {
    latitude: (cell.latitudeCell + 0.5) * MARKET_CELL_DEGREES - 90,
    longitude: (cell.longitudeCell + 0.5) * MARKET_CELL_DEGREES - 180,
  };
}

/** The sales a market cell's trees are fitted on: within the cell or MARKET_MARGIN_DEGREES of it, the nearest MARKET_LIMIT. */
export function marketWindow(cell: RegionCell, options: ValuationOptions): CandidateWindow {
  assertDate(options.valuationDate);
  const centre = marketCentre(cell);
  const half = MARKET_CELL_DEGREES / 2 + MARKET_MARGIN_DEGREES;
  return {
    minLatitude: centre.latitude - half,
    maxLatitude: centre.latitude + half,
    minLongitude: centre.longitude - half,
    maxLongitude: centre.longitude + half,
    fromDate: monthsBefore(options.valuationDate, WINDOW_MONTHS),
    beforeDate: options.valuationDate,
    limit: MARKET_LIMIT,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The market model's columns

interface Column {
  kind: AdjustmentKind;
  /** The column's value for a home, or null when unknown. */
  value: (home: HomeFacts) => number | null;
  /** A generic prior for the coefficient (per unit of the column, in ln price). */
  prior: number;
}

const known = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);
const positive = (value: number | null | undefined): value is number => known(value) && value > 0;

/**
 * The facts the market model prices: ln living area (so the size rate is an elasticity), ln lot, bedrooms, bathrooms,
 * year built and its square (old and new homes can both sell above the middle years), renovated or not, quality
 * grade, condition, the finished basement's share of the living area, waterfront and view. The priors are generic
 * hedonic rates the data override (a penalty of 0.02 weighs them like 2 % of the candidates).
 */
const FACT_COLUMNS: readonly Column[] = [
  { kind: "size", value: (h) => (positive(h.squareFeet) ? Math.log(h.squareFeet) : null), prior: 0.5 },
  { kind: "lot", value: (h) => (positive(h.lotSquareFeet) ? Math.log(h.lotSquareFeet) : null), prior: 0.05 },
  { kind: "bedrooms", value: (h) => (known(h.bedrooms) ? h.bedrooms : null), prior: -0.01 },
  { kind: "bathrooms", value: (h) => (known(h.bathrooms) ? h.bathrooms : null), prior: 0.02 },
  { kind: "age", value: (h) => (positive(h.yearBuilt) ? (h.yearBuilt - 1960) / 10 : null), prior: 0 },
  { kind: "age", value: (h) => (positive(h.yearBuilt) ? ((h.yearBuilt - 1960) / 10) ** 2 : null), prior: 0 },
  {
    kind: "renovation",
    value: (h) => (known(h.yearRenovated) ? (h.yearRenovated > 0 && (!known(h.yearBuilt) || h.yearRenovated > h.yearBuilt) ? 1 : 0) : null),
    prior: 0.05,
  },
  { kind: "quality", value: (h) => (known(h.qualityGrade) ? h.qualityGrade : null), prior: 0.1 },
  { kind: "condition", value: (h) => (known(h.condition) ? h.condition : null), prior: 0.04 },
  {
    kind: "basement",
    value: (h) => (known(h.basementSquareFeet) && positive(h.squareFeet) ? h.basementSquareFeet / h.squareFeet : null),
    prior: 0,
  },
  { kind: "waterfront", value: (h) => (typeof h.waterfront === "boolean" ? (h.waterfront ? 1 : 0) : null), prior: 0.3 },
  { kind: "view", value: (h) => (known(h.view) ? h.view : null), prior: 0.06 },
];
/** The adjustment kinds the fact columns fall in, in the order a comp's adjustments are listed. */
const FACT_KINDS: readonly AdjustmentKind[] = [...new Set(FACT_COLUMNS.map((column) => column.kind))];
const F = FACT_COLUMNS.length;
/**
 * The price index: piecewise linear in the days before the valuation date, 0 at the date, its slope free to change
 * at each knot. The slope of the last 60 days carries the recent trend to the valuation date.
 */
const TIME_KNOTS = [0, 60, 150, 240];
const T = TIME_KNOTS.length;
/** Two columns of position (miles east and north of the subject): the local model's location gradient. */
const G = 2;
const TS = F + G;
const K = TS + T;

/** A day in mid-June, the seasonal peak. */
const SEASON_PEAK_DAY = 166;
/** The seasonal factor (ln price) of a day: a yearly cosine peaking in mid-June, `TUNING.seasonAmplitude` either side. */
export function seasonalFactor(day: number): number {
  return TUNING.seasonAmplitude * Math.cos((2 * Math.PI * (day - SEASON_PEAK_DAY)) / 365.25);
}

function timeBasis(daysBefore: number, out: Float64Array, offset: number): void {
  for (let j = 0; j < T; j++) out[offset + j] = -Math.max(0, daysBefore - TIME_KNOTS[j]) / 365;
}

/** ln-price change of the fitted index from `daysBefore` days before its anchor (the latest candidate sale) to the anchor. */
export function indexChange(beta: ArrayLike<number>, daysBefore: number): number {
  let f = 0;
  for (let j = 0; j < T; j++) f += beta[TS + j] * (-Math.max(0, daysBefore - TIME_KNOTS[j]) / 365);
  return -f;
}

/**
 * The index carried past the latest sale: from the anchor (the latest candidate sale) to the valuation date,
 * `gapDays` later. No sale tells the trend there, so it is the index's average rate over the last `TUNING.trendDays`
 * of the data (a short recent slope is mostly noise), damped: the first days count fully, later ones less
 * (`TUNING.trendDampingDays`), so a long gap never runs a trend on at full rate. `change(d)` is the fitted index's
 * ln-price change from `d` days before the anchor to the anchor; `spanDays` how far back the data go.
 */
export function extrapolatedTrend(change: (daysBefore: number) => number, gapDays: number, spanDays: number): number {
  if (!(gapDays > 0)) return 0;
  const trendDays = Math.max(1, Math.min(TUNING.trendDays, spanDays));
  const perDay = change(trendDays) / trendDays;
  const tau = TUNING.trendDampingDays;
  return perDay * tau * (1 - Math.exp(-gapDays / tau));
}

/**
 * The engine's tuned constants, in one place (measured with `npm run bench:valuation`; README Decision 50). Ridge
 * penalties are relative: 1 weighs the prior as much as the data.
 */
export const TUNING = Object.freeze({
  globalPenalty: 0.02,
  timePenalty: 0.02,
  /** How many sales a regional model counts as in the fit over all candidates (README Decision 66). */
  regionalWeight: 300,
  localPenalty: 0.3,
  /** The local fits' kernels: the nearest sales, fewer of them, and more of them weighted by likeness too. */
  kernelNeighbours: 75,
  narrowKernelNeighbours: 40,
  alikeKernelNeighbours: 150,
  /** The alike fit's likeness scales (see Likeness). */
  alikeLogSize: 0.2,
  alikeYears: 10,
  alikeGrades: 1,
  minKernelMiles: 0.3,
  locationMiles: 0.35,
  locationShrink: 1,
  /** A neighbour's residual counts toward a location factor clipped at this many robust deviations of its fit. */
  locationClip: 1.5,
  robustPasses: 2,
  similarityMiles: 1,
  similarityLog: 0.15,
  similarityDays: 270,
  /**
   * 0 = comps only, 1 = the local model's own prediction (plus location) only: at step 0 (the FAQ comps were found),
   * then at any wider step (the comps are less alike, so the model fitted on every nearby sale counts for more).
   */
  modelBlend: 0.7,
  widenedModelBlend: 0.9,
  /** The local fit keeps the price index of the fit over all candidates (a kernel's few sales cannot place it). */
  localTimePenalty: 1000,
  /** The boosted fit's trees (README Decision 64): how many, how deep, the learning rate, the fewest sales a leaf holds. */
  boost: Object.freeze({ trees: 50, depth: 3, learningRate: 0.2, minLeaf: 20, bins: 32 } satisfies BoostOptions),
  /** Residuals are clipped at this many robust deviations before the trees see them. */
  boostClip: 3,
  /**
   * The market trees (README Decisions 69, 70): how many, how deep, the learning rate, the fewest sales a leaf holds,
   * and 128 bins a feature, so a split on latitude or longitude can part streets, not only districts.
   */
  marketTrees: Object.freeze({ trees: 300, depth: 4, learningRate: 0.1, minLeaf: 20, bins: 128 } satisfies BoostOptions),
  /** The share of the model value the market trees' value takes, when the subject's cell has them. */
  marketShare: 0.25,
  /** The market trees read the mean ln price per square foot of a home's nearest this many sales. */
  marketNeighbours: 10,
  globalGeoPenalty: 0.001,
  localGeoPenalty: 0.001,
  /** Comps a step needs before the next step is tried, and the most comps used. */
  minComps: 5,
  maxComps: 10,
  /** Half the seasonal swing (ln price): prices run ~3 % above trend in mid-June, ~3 % below in mid-December (Decision 60). */
  seasonAmplitude: 0.03,
  /** The price index is carried past the latest sale at its average rate over this many days of data … */
  trendDays: 180,
  /** … damped with this time constant (days): a gap of g days counts as τ(1 − e^(−g/τ)). */
  trendDampingDays: 90,
  /** The location factor's neighbours weigh by year built (years) and quality grade (grades) too, beside distance. */
  locationYears: 5,
  locationGrades: 0.7,
});

interface Candidate {
  sale: Sale;
  day: number;
  daysBefore: number;
  /** Days before the latest candidate sale (the index's anchor). */
  sinceLast: number;
  distance: number;
  y: number;
  /** The seasonal factor (ln price) of the sale's day of the year. */
  season: number;
  /** The fact column values (unknown = NaN). */
  x: Float64Array;
  /** Miles east and north of the subject. */
  gx: number;
  gy: number;
}

interface Model {
  intercept: number;
  beta: Float64Array;
  /** Imputed value of each fact column (weighted mean of the known ones). */
  fill: Float64Array;
  residual: Float64Array;
  residualScale: number;
}

function fitModel(candidates: Candidate[], weights: Float64Array, prior: ArrayLike<number>, penalty: ArrayLike<number>): Model {
  const n = candidates.length;
  const fill = new Float64Array(F);
  for (let j = 0; j < F; j++) {
    let s = 0;
    let sw = 0;
    for (let i = 0; i < n; i++) {
      const v = candidates[i].x[j];
      if (!Number.isNaN(v)) {
        s += weights[i] * v;
        sw += weights[i];
      }
    }
    fill[j] = sw > 0 ? s / sw : 0;
  }
  const rows = new Float64Array(n * K);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = candidates[i];
    for (let j = 0; j < F; j++) rows[i * K + j] = Number.isNaN(c.x[j]) ? fill[j] : c.x[j];
    rows[i * K + F] = c.gx;
    rows[i * K + F + 1] = c.gy;
    timeBasis(c.sinceLast, rows, i * K + TS);
    y[i] = c.y - c.season;
  }
  let w = weights;
  let fit = weightedRidge(rows, K, y, w, prior, penalty);
  const residual = new Float64Array(n);
  let scale = 0;
  // Robust passes: Tukey's bisquare on the residuals, so a handful of odd sales do not bend the rates.
  for (let pass = 0; pass < TUNING.robustPasses; pass++) {
    for (let i = 0; i < n; i++) residual[i] = y[i] - predictRow(fit.intercept, fit.coefficients, rows, i * K);
    scale = 1.4826 * weightedMedianAbs(residual, weights) || 0.2;
    const c = 4.685 * scale;
    const robust = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const u = residual[i] / c;
      robust[i] = Math.abs(u) < 1 ? weights[i] * (1 - u * u) ** 2 : 0;
    }
    w = robust;
    fit = weightedRidge(rows, K, y, w, prior, penalty);
  }
  for (let i = 0; i < n; i++) residual[i] = y[i] - predictRow(fit.intercept, fit.coefficients, rows, i * K);
  return { intercept: fit.intercept, beta: fit.coefficients, fill, residual, residualScale: scale };
}

function predictRow(intercept: number, beta: Float64Array, rows: Float64Array, offset: number): number {
  let s = intercept;
  for (let j = 0; j < K; j++) s += beta[j] * rows[offset + j];
  return s;
}

function weightedMedianAbs(values: Float64Array, weights: Float64Array): number {
  const items: { v: number; w: number }[] = [];
  for (let i = 0; i < values.length; i++) if (weights[i] > 0) items.push({ v: Math.abs(values[i]), w: weights[i] });
  return weightedQuantile(items, 0.5);
}

function weightedQuantile(items: { v: number; w: number }[], q: number): number {
  if (items.length === 0) return 0;
  items.sort((a, b) => a.v - b.v);
  const total = items.reduce((s, item) => s + item.w, 0);
  let acc = 0;
  for (const item of items) {
    acc += item.w;
    if (acc >= q * total) return item.v;
  }
  return items[items.length - 1].v;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The sales a fit may use around a point, nearest first (ties by id, so the caller's order does not matter), with the
 * index's anchor at the latest of them: none of the point's own parcel, none on or after the valuation date or more
 * than WINDOW_MONTHS before it.
 */
function candidatesAround(
  point: { latitude: number; longitude: number; parcelId?: string | null },
  sales: readonly Sale[],
  options: ValuationOptions,
): { pool: Candidate[]; gap: number; span: number } {
  const valuationDay = assertDate(options.valuationDate);
  const fromDate = monthsBefore(options.valuationDate, WINDOW_MONTHS);
  const cosLat = Math.cos((point.latitude * Math.PI) / 180);
  const pool: Candidate[] = [];
  for (const sale of sales) {
    if (point.parcelId && sale.parcelId === point.parcelId) continue;
    if (!(sale.saleDate < options.valuationDate) || sale.saleDate < fromDate) continue;
    if (!(sale.price > 0) || !Number.isFinite(sale.latitude) || !Number.isFinite(sale.longitude)) continue;
    const day = dayNumber(sale.saleDate);
    if (Number.isNaN(day)) continue;
    const x = new Float64Array(F);
    for (let j = 0; j < F; j++) x[j] = FACT_COLUMNS[j].value(sale) ?? Number.NaN;
    const gx = (sale.longitude - point.longitude) * cosLat * MILES_PER_DEGREE;
    const gy = (sale.latitude - point.latitude) * MILES_PER_DEGREE;
    pool.push({
      sale,
      day,
      daysBefore: valuationDay - day,
      sinceLast: 0,
      distance: distanceMiles(point, sale),
      y: Math.log(sale.price),
      season: seasonalFactor(day),
      x,
      gx,
      gy,
    });
  }
  pool.sort((a, b) => a.distance - b.distance || compareText(a.sale.id, b.sale.id));
  // The index is anchored at the latest candidate sale and carried from there to the valuation date.
  const gap = pool.reduce((min, c) => Math.min(min, c.daysBefore), Infinity);
  const span = pool.reduce((max, c) => Math.max(max, c.daysBefore), 0) - gap;
  for (const c of pool) c.sinceLast = c.daysBefore - gap;
  return { pool, gap, span };
}

/**
 * The fit over all candidates' prior and penalties: generic hedonic rates and a flat index, or a regional model's
 * rates and index weighing like `TUNING.regionalWeight` sales among `n`.
 */
function globalPriorOf(n: number, regional: RegionalModel | null): { prior: Float64Array; penalty: Float64Array } {
  const prior = new Float64Array(K);
  const penalty = new Float64Array(K);
  const shrink = regional ? TUNING.regionalWeight / n : 0;
  for (let j = 0; j < F; j++) {
    prior[j] = regional ? regional.rates[j] : FACT_COLUMNS[j].prior;
    penalty[j] = Math.max(TUNING.globalPenalty, shrink);
  }
  for (let j = F; j < TS; j++) penalty[j] = TUNING.globalGeoPenalty;
  for (let j = TS; j < K; j++) {
    prior[j] = regional ? regional.rates[F + j - TS] : 0;
    penalty[j] = Math.max(TUNING.timePenalty, shrink);
  }
  return { prior, penalty };
}

/**
 * A region cell's model (README Decision 66): the fit over all candidates, made over `sales` (those of
 * `regionWindow(cell, options)`) around the cell's centre, with generic priors; null when fewer than REGION_MIN_SALES
 * of them can be used.
 */
export function regionalModel(cell: RegionCell, sales: readonly Sale[], options: ValuationOptions): RegionalModel | null {
  const { pool } = candidatesAround(regionCentre(cell), sales, options);
  if (pool.length < REGION_MIN_SALES) return null;
  const { prior, penalty } = globalPriorOf(pool.length, null);
  const fit = fitModel(pool, new Float64Array(pool.length).fill(1), prior, penalty);
  return { asOf: options.valuationDate, sales: pool.length, rates: [...fit.beta.subarray(0, F), ...fit.beta.subarray(TS, K)] };
}

// ---------------------------------------------------------------------------------------------------------------
// Market trees (README Decision 69)

/**
 * The market trees' features: the fact columns, latitude, longitude, the nearest sales' ln price per sq ft, the days
 * before the anchor, then stories, the year renovated and the ZIP code as a number (nearby ZIP codes are mostly
 * numbered together, so a tree can split a range of them off).
 */
const MARKET_WIDTH = F + 7;

/** ln price per square foot of a sale, or NaN when its living area is unknown. */
function levelOf(c: Candidate): number {
  return positive(c.sale.squareFeet) ? c.y - Math.log(c.sale.squareFeet) : Number.NaN;
}

/**
 * The mean ln price per square foot of each sale's nearest `TUNING.marketNeighbours` other sales of the pool (those
 * with a known living area; NaN when none): the pool sorted by latitude, each search widened from its own latitude
 * until no nearer sale can lie further out.
 */
function neighbourLevels(pool: readonly Candidate[]): Float64Array {
  const k = TUNING.marketNeighbours;
  const known = pool
    .map((c, i) => ({ i, lat: c.sale.latitude, lon: c.sale.longitude, level: levelOf(c) }))
    .filter((p) => !Number.isNaN(p.level));
  known.sort((a, b) => a.lat - b.lat || a.i - b.i);
  const out = new Float64Array(pool.length).fill(Number.NaN);
  const bestD = new Float64Array(k);
  const bestL = new Float64Array(k);
  for (let q = 0; q < pool.length; q++) {
    const lat = pool[q].sale.latitude;
    const lon = pool[q].sale.longitude;
    const cos = Math.cos((lat * Math.PI) / 180);
    let found = 0;
    const offer = (p: (typeof known)[number]) => {
      if (p.i === q) return;
      const d = (p.lat - lat) ** 2 + ((p.lon - lon) * cos) ** 2;
      if (found === k && d >= bestD[k - 1]) return;
      let at = found < k ? found++ : k - 1;
      while (at > 0 && bestD[at - 1] > d) {
        bestD[at] = bestD[at - 1];
        bestL[at] = bestL[at - 1];
        at--;
      }
      bestD[at] = d;
      bestL[at] = p.level;
    };
    let lo = 0;
    let hi = known.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (known[mid].lat < lat) lo = mid + 1;
      else hi = mid;
    }
    for (let down = lo - 1, up = lo; down >= 0 || up < known.length;) {
      const dDown = down >= 0 ? (lat - known[down].lat) ** 2 : Infinity;
      const dUp = up < known.length ? (known[up].lat - lat) ** 2 : Infinity;
      if (found === k && Math.min(dDown, dUp) >= bestD[k - 1]) break;
      if (dDown <= dUp) offer(known[down--]);
      else offer(known[up++]);
    }
    if (found > 0) {
      let s = 0;
      for (let j = 0; j < found; j++) s += bestL[j];
      out[q] = s / found;
    }
  }
  return out;
}

/** A home's market-trees row: its facts, position, neighbours' level and days before the trees' anchor. */
function marketRow(
  x: Float64Array,
  home: HomeFacts & { latitude: number; longitude: number },
  level: number,
  sinceAnchor: number,
): Float64Array {
  const row = new Float64Array(MARKET_WIDTH);
  row.set(x);
  row[F] = home.latitude;
  row[F + 1] = home.longitude;
  row[F + 2] = level;
  row[F + 3] = sinceAnchor;
  row[F + 4] = known(home.stories) ? home.stories : Number.NaN;
  row[F + 5] = known(home.yearRenovated) ? home.yearRenovated : Number.NaN;
  row[F + 6] = home.zip && /^\d{5}$/.test(home.zip) ? Number(home.zip) : Number.NaN;
  return row;
}

/**
 * A market cell's trees (README Decision 69), fitted on `sales` (those of `marketWindow(cell, options)`); null when
 * fewer than MARKET_MIN_SALES of them can be used. A thin place's own few hundred sales cannot teach the interactions
 * a wider market shows (a size rate that changes with grade and place); these trees see up to MARKET_LIMIT sales.
 */
export function marketModel(cell: RegionCell, sales: readonly Sale[], options: ValuationOptions): MarketModel | null {
  const { pool, gap } = candidatesAround(marketCentre(cell), sales, options);
  if (pool.length < MARKET_MIN_SALES) return null;
  const n = pool.length;
  const levels = neighbourLevels(pool);
  // Each price is first brought to the anchor by the market's own index (the fit over all its sales), so the trees
  // price homes, not months: trees cannot run a trend on to its end, and would set the anchor's level at the mean
  // of their latest months.
  const { prior, penalty } = globalPriorOf(n, null);
  const index = fitModel(pool, new Float64Array(n).fill(1), prior, penalty).beta;
  const rows = new Float64Array(n * MARKET_WIDTH);
  const target = new Float64Array(n);
  let base = 0;
  for (let i = 0; i < n; i++) {
    const c = pool[i];
    rows.set(marketRow(c.x, c.sale, levels[i], c.sinceLast), i * MARKET_WIDTH);
    target[i] = c.y - c.season + indexChange(index, c.sinceLast);
    base += target[i] / n;
  }
  for (let i = 0; i < n; i++) target[i] -= base;
  const trees = fitBooster(rows, MARKET_WIDTH, target, TUNING.marketTrees).data();
  const anchor = pool.find((c) => c.daysBefore === gap)!.sale.saleDate;
  return { asOf: options.valuationDate, anchor, sales: n, base, trees };
}

const marketPredictors = new WeakMap<object, ((row: ArrayLike<number>) => number) | null>();

/** The options' market trees when they may be used (fitted for this date or a little earlier, of this layout). */
function usableMarket(options: ValuationOptions): { predict: (row: ArrayLike<number>) => number; base: number; anchorDay: number } | null {
  const market = options.market;
  if (!market || typeof market.trees !== "object" || market.trees === null || !Number.isFinite(market.base)) return null;
  const valuationDay = dayNumber(options.valuationDate);
  const age = valuationDay - dayNumber(market.asOf);
  const anchorDay = dayNumber(market.anchor);
  if (!(age >= 0 && age <= REGIONAL_MODEL_MAX_AGE_DAYS) || !(anchorDay < valuationDay)) return null;
  let predict = marketPredictors.get(market.trees);
  if (predict === undefined) {
    predict = boostedTrees(market.trees);
    if (predict && (market.trees as { features: number }).features !== MARKET_WIDTH) predict = null;
    marketPredictors.set(market.trees, predict);
  }
  return predict ? { predict, base: market.base, anchorDay } : null;
}

/** The options' regional model when it may be used: fitted for this valuation date or a little earlier, of this layout. */
function usableRegional(options: ValuationOptions): RegionalModel | null {
  const regional = options.regional;
  if (!regional || regional.rates.length !== F + T || !regional.rates.every(Number.isFinite)) return null;
  const age = dayNumber(options.valuationDate) - dayNumber(regional.asOf);
  return age >= 0 && age <= REGIONAL_MODEL_MAX_AGE_DAYS ? regional : null;
}

export function valueSubject(subject: ValuationSubject, candidates: readonly Sale[], options: ValuationOptions): ValuationOutcome {
  const valuationDay = assertDate(options.valuationDate);
  const subjectX = new Float64Array(F);
  for (let j = 0; j < F; j++) subjectX[j] = FACT_COLUMNS[j].value(subject) ?? Number.NaN;
  const { pool, gap, span } = candidatesAround(subject, candidates, options);
  if (pool.length === 0) return refuse();

  // The market model: all candidates first (from the region's model when one is kept), then a distance kernel around
  // the subject shrunk toward that fit.
  const n = pool.length;
  const ones = new Float64Array(n).fill(1);
  const { prior: globalPrior, penalty: globalPenalty } = globalPriorOf(n, usableRegional(options));
  const global = fitModel(pool, ones, globalPrior, globalPenalty);
  const localPenalty = new Float64Array(K).fill(TUNING.localPenalty);
  for (let j = F; j < TS; j++) localPenalty[j] = TUNING.localGeoPenalty;
  for (let j = TS; j < K; j++) localPenalty[j] = TUNING.localTimePenalty;
  const px = pool.map((c) => c.gx);
  const py = pool.map((c) => c.gy);

  /** A fit's ln value of the subject's facts (unknown facts at the fit's imputed value), at the anchor, position 0. */
  const factValue = (model: Model): number => {
    let value = model.intercept;
    for (let j = 0; j < F; j++) value += model.beta[j] * (Number.isNaN(subjectX[j]) ? model.fill[j] : subjectX[j]);
    return value;
  };

  /**
   * One local fit: a Gaussian kernel over the `neighbours` nearest sales (cut at 3 bandwidths, so it reads only the
   * sales that count), its sales weighted also by how alike their living area, year built and grade are to the
   * subject's when `alike`; shrunk toward the fit over all candidates, keeping its price index. With its location
   * factor and the subject's ln value by it (season and carry aside).
   */
  const localFit = (neighbours: number, alike: boolean) => {
    const bandwidth = Math.max(TUNING.minKernelMiles, pool[Math.min(n - 1, neighbours - 1)].distance);
    // Exponents taken from the smallest one, so a subject unlike every sale still weighs its likest (no underflow to
    // zero weights); the fit does not depend on the weights' scale.
    const exponent = new Float64Array(n).fill(Infinity);
    let least = Infinity;
    for (let i = 0; i < n; i++) {
      if (pool[i].distance > 3 * bandwidth) continue;
      exponent[i] = 0.5 * ((pool[i].distance / bandwidth) ** 2 + (alike ? unlikeness(subject, pool[i].sale, FIT_LIKENESS) : 0));
      least = Math.min(least, exponent[i]);
    }
    const kernel = exponent.map((e) => Math.exp(least - e));
    const model = fitModel(pool, kernel, global.beta, localPenalty);
    const locationAt = locationFactor(model.residual, model.residualScale);
    const subjectLocation = locationAt(0, 0, -1, subject);
    return { model, locationAt, subjectLocation, value: factValue(model) + subjectLocation };
  };

  // Location factor: the shrunk kernel mean of a fit's residuals around a point (local projection in miles), the
  // neighbours weighted also by how close their year built and quality grade are to the home's at that point (homes
  // of one subdivision share an era and a grade, and sell above or below the model together). Each residual is clipped
  // at `TUNING.locationClip` robust deviations of the fit (README Decision 68): a teardown or a family sale next door
  // says little about the street, and unclipped it would move the subject's factor by its whole discount.
  const reach = (3 * TUNING.locationMiles) ** 2;
  const locationFactor = (residual: Float64Array, scale: number) => {
    const bound = TUNING.locationClip * scale;
    const clipped = residual.map((r) => Math.max(-bound, Math.min(bound, r)));
    return (x0: number, y0: number, self: number, home: HomeFacts): number => {
      let s = 0;
      let sw = 0;
      for (let i = 0; i < n; i++) {
        if (i === self) continue;
        const d2 = (px[i] - x0) ** 2 + (py[i] - y0) ** 2;
        if (d2 > reach) continue;
        const wi = Math.exp(-0.5 * (d2 / TUNING.locationMiles ** 2 + unlikeness(home, pool[i].sale, LOCATION_LIKENESS)));
        s += wi * clipped[i];
        sw += wi;
      }
      return s / (sw + TUNING.locationShrink);
    };
  };

  /**
   * The boosted fit (README Decision 64): the fit over all candidates plus regression trees fitted to its residuals
   * (clipped), which read every fact, the position and the days before the anchor, so they find what a linear rate
   * misses (a size rate that changes with grade, a street that sells above its neighbours), with its location factor
   * from what the trees leave.
   */
  const boostedFit = () => {
    const width = F + 3;
    const rows = new Float64Array(n * width);
    const target = new Float64Array(n);
    const clip = TUNING.boostClip * global.residualScale;
    for (let i = 0; i < n; i++) {
      const c = pool[i];
      rows.set(c.x, i * width);
      rows[i * width + F] = c.gx;
      rows[i * width + F + 1] = c.gy;
      rows[i * width + F + 2] = c.sinceLast;
      target[i] = Math.max(-clip, Math.min(clip, global.residual[i]));
    }
    const booster = fitBooster(rows, width, target, TUNING.boost);
    const leftover = new Float64Array(n);
    for (let i = 0; i < n; i++) leftover[i] = global.residual[i] - (target[i] - booster.residual[i]);
    const subjectRow = new Float64Array(width);
    subjectRow.set(subjectX);
    return factValue(global) + booster.predict(subjectRow) + locationFactor(leftover, global.residualScale)(0, 0, -1, subject);
  };

  // The local model (README Decisions 63, 64): the nearest sales' fit gives the comps' adjustment rates and location;
  // its prediction is averaged with a narrower fit's, a wider fit's over homes like the subject's and the boosted
  // fit's, which err apart.
  const main = localFit(TUNING.kernelNeighbours, false);
  const fits = [main, localFit(TUNING.narrowKernelNeighbours, false), localFit(TUNING.alikeKernelNeighbours, true)].map((fit) => fit.value);
  fits.push(boostedFit());
  const local = main.model;
  const { locationAt, subjectLocation } = main;
  const subjectSeason = seasonalFactor(valuationDay);
  const carried = extrapolatedTrend((days) => indexChange(local.beta, days), gap, span);

  /**
   * The market trees' value of the subject (README Decision 69), or null without usable trees: their level at their
   * anchor, brought to the valuation date by the local index (from their anchor to the candidates' latest sale) and
   * its carry, plus the date's seasonal factor. The neighbours' level is read from the nearest candidates.
   */
  function marketValue(): number | null {
    const market = usableMarket(options);
    if (!market) return null;
    let level = 0;
    let counted = 0;
    for (let i = 0; i < n && counted < TUNING.marketNeighbours; i++) {
      const v = levelOf(pool[i]);
      if (Number.isNaN(v)) continue;
      level += v;
      counted++;
    }
    const row = marketRow(subjectX, subject, counted > 0 ? level / counted : Number.NaN, 0);
    const marketGap = valuationDay - market.anchorDay;
    const time =
      marketGap > gap
        ? indexChange(local.beta, marketGap - gap) + carried
        : extrapolatedTrend((days) => indexChange(local.beta, days), marketGap, span);
    return market.base + market.predict(row) + time + subjectSeason;
  }

  // Each candidate's fact adjustments (ln price) toward the subject, summed per kind (year built and its square are
  // one "age" adjustment); the similarity reads their size, so no allocation per candidate here.
  const kindOf = FACT_COLUMNS.map((column) => FACT_KINDS.indexOf(column.kind));
  const perKind = new Float64Array(FACT_KINDS.length);
  const factLogs = (c: Candidate, out: Float64Array): void => {
    out.fill(0);
    for (let j = 0; j < F; j++) {
      const s = subjectX[j];
      const v = c.x[j];
      if (Number.isNaN(s) || Number.isNaN(v)) continue;
      out[kindOf[j]] += local.beta[j] * (s - v);
    }
  };
  const assessed = pool.map((c, index) => {
    factLogs(c, perKind);
    let factTotal = 0;
    let factAbs = 0;
    for (let k = 0; k < perKind.length; k++) {
      factTotal += perKind[k];
      factAbs += Math.abs(perKind[k]);
    }
    const time = indexChange(local.beta, c.sinceLast) + carried + subjectSeason - c.season;
    const similarity = Math.exp(
      -0.5 *
        ((c.distance / TUNING.similarityMiles) ** 2 + (factAbs / TUNING.similarityLog) ** 2 + (c.daysBefore / TUNING.similarityDays) ** 2),
    );
    return { c, index, time, factTotal, location: 0, adjustedLog: 0, similarity };
  });

  // Selection: the first step with MIN_COMPS qualifying comps (the widest with at least one).
  let stepIndex = 0;
  let chosen: typeof assessed = [];
  for (; stepIndex < SELECTION_STEPS.length; stepIndex++) {
    const step = SELECTION_STEPS[stepIndex];
    const qualifying = assessed.filter((a) => qualifies(subject, a.c, step));
    const last = stepIndex === SELECTION_STEPS.length - 1;
    if (qualifying.length >= TUNING.minComps || (last && qualifying.length > 0)) {
      chosen = qualifying.sort((a, b) => b.similarity - a.similarity || compareText(a.c.sale.id, b.c.sale.id)).slice(0, TUNING.maxComps);
      break;
    }
  }
  if (chosen.length === 0) return refuse();
  for (const a of chosen) {
    a.location =
      subjectLocation -
      locationAt(px[a.index], py[a.index], a.index, a.c.sale) -
      local.beta[F] * px[a.index] -
      local.beta[F + 1] * py[a.index];
    a.adjustedLog = a.c.y + a.time + a.factTotal + a.location;
  }

  // Robust weighted mean of the adjusted ln prices: comps beyond 2.5 robust deviations of the weighted median are dropped.
  const weights = chosen.map((a) => Math.max(a.similarity, 1e-6));
  const median = weightedQuantile(
    chosen.map((a, i) => ({ v: a.adjustedLog, w: weights[i] })),
    0.5,
  );
  const mad = weightedQuantile(
    chosen.map((a, i) => ({ v: Math.abs(a.adjustedLog - median), w: weights[i] })),
    0.5,
  );
  const cut = Math.max(2.5 * 1.4826 * mad, 0.1);
  const kept = chosen.map((a, i) => ({ a, w: Math.abs(a.adjustedLog - median) <= cut ? weights[i] : 0 }));
  const sw = kept.reduce((s, k) => s + k.w, 0);
  const compsLog = kept.reduce((s, k) => s + k.w * k.a.adjustedLog, 0) / sw;
  const fitsLog = fits.reduce((sum, value) => sum + value, 0) / fits.length + subjectSeason + carried;
  const marketLog = marketValue();
  const modelLog = marketLog === null ? fitsLog : (1 - TUNING.marketShare) * fitsLog + TUNING.marketShare * marketLog;
  const modelShare = stepIndex === 0 ? TUNING.modelBlend : TUNING.widenedModelBlend;
  const estimateLog = (1 - modelShare) * compsLog + modelShare * modelLog;
  const used = kept.filter((k) => k.w > 0);
  const spread = Math.sqrt(used.reduce((s, k) => s + k.w * (k.a.adjustedLog - estimateLog) ** 2, 0) / sw);
  const nEff = sw ** 2 / used.reduce((s, k) => s + k.w * k.w, 0);
  const meanSimilarity = used.reduce((s, k) => s + k.w * k.a.similarity, 0) / sw;

  const arv = roundTo(Math.exp(estimateLog), 100);
  const halfWidth = Math.max(0.05, spread);
  const comps: ValuedComp[] = used.map((k) => toValuedComp(k.a, k.w / sw, subject));
  const confidence = clamp01((1 - Math.exp(-nEff / 3)) * Math.sqrt(meanSimilarity) * Math.exp(-spread / 0.2) * (1 - 0.1 * stepIndex));
  const step = SELECTION_STEPS[stepIndex];
  const result: ValuationResult = {
    arv,
    range_low: roundTo(Math.exp(estimateLog - halfWidth), 100),
    range_high: roundTo(Math.exp(estimateLog + halfWidth), 100),
    confidence: Math.round(confidence * 100) / 100,
    method: "Comparable sales, adjusted by a local market model",
    rationale: rationaleOf(
      comps,
      step,
      options.valuationDate,
      // The index over the months the candidates cover (never extrapolated before the oldest sale), carried to the date.
      indexChange(local.beta, span) + carried,
      arv,
      span + gap,
      { comps: roundTo(Math.exp(compsLog), 100), model: roundTo(Math.exp(modelLog), 100), modelShare },
    ),
    assumptions: assumptionsOf(subject),
    comps,
    selectionStep: stepIndex,
  };
  return { ok: true, result };

  function toValuedComp(a: (typeof assessed)[number], weight: number, home: HomeFacts): ValuedComp {
    const price = a.c.sale.price;
    const logs: { kind: AdjustmentKind; log: number; note: (amount: string) => string }[] = [];
    if (a.time !== 0) {
      logs.push({
        kind: "market_time",
        log: a.time,
        note: (amount) =>
          `${amount}: sold ${formatDate(a.c.sale.saleDate)}, brought to ${formatDate(options.valuationDate)} by the local price index (${signedPercent(a.time)})`,
      });
    }
    const kinds = new Float64Array(FACT_KINDS.length);
    factLogs(a.c, kinds);
    FACT_KINDS.forEach((kind, k) => {
      if (kinds[k] === 0) return;
      const adj = { kind, subject: home, comp: a.c.sale };
      logs.push({ kind, log: kinds[k], note: (amount) => factNote(amount, adj) });
    });
    if (a.location !== 0) {
      logs.push({
        kind: "location",
        log: a.location,
        note: (amount) =>
          `${amount}: nearby sales of homes like the subject (age and grade) sell ${signedPercent(a.location)} against those like this comp around it`,
      });
    }
    let running = price;
    const adjustments: Adjustment[] = [];
    for (const entry of logs) {
      const next = running * Math.exp(entry.log);
      const amount = Math.round(next) - Math.round(running);
      running = next;
      if (amount === 0) continue;
      adjustments.push({ kind: entry.kind, amount, note: entry.note(signedMoney(amount)) });
    }
    return {
      sale: a.c.sale,
      distanceMiles: Math.round(a.c.distance * 100) / 100,
      similarity: Math.round(a.similarity * 1000) / 1000,
      adjustedPrice: Math.round(running),
      adjustments,
      weight: Math.round(weight * 10000) / 10000,
    };
  }
}

/** Likeness scales (one standard deviation of a kernel): ln living area, years built, quality grades; null = not weighed. */
interface Likeness {
  logSize: number | null;
  years: number;
  grades: number;
}
const FIT_LIKENESS: Likeness = { logSize: TUNING.alikeLogSize, years: TUNING.alikeYears, grades: TUNING.alikeGrades };
const LOCATION_LIKENESS: Likeness = { logSize: null, years: TUNING.locationYears, grades: TUNING.locationGrades };

/** How unlike a sale is to a home (a squared distance in likeness scales), by the facts both know. */
function unlikeness(home: HomeFacts, sale: HomeFacts, scales: Likeness): number {
  let e = 0;
  if (scales.logSize !== null && positive(home.squareFeet) && positive(sale.squareFeet))
    e += (Math.log(home.squareFeet / sale.squareFeet) / scales.logSize) ** 2;
  if (positive(home.yearBuilt) && positive(sale.yearBuilt)) e += ((home.yearBuilt - sale.yearBuilt) / scales.years) ** 2;
  if (known(home.qualityGrade) && known(sale.qualityGrade)) e += ((home.qualityGrade - sale.qualityGrade) / scales.grades) ** 2;
  return e;
}

function qualifies(subject: HomeFacts, c: Candidate, step: SelectionStep): boolean {
  const sale = c.sale;
  if (subject.propertyType && sale.propertyType && subject.propertyType !== sale.propertyType) return false;
  if (c.distance > step.miles) return false;
  if (c.daysBefore > step.months * 30.44) return false;
  if (known(subject.bedrooms) && known(sale.bedrooms) && Math.abs(subject.bedrooms - sale.bedrooms) > step.bedrooms) return false;
  if (positive(subject.squareFeet) && positive(sale.squareFeet) && Math.abs(sale.squareFeet / subject.squareFeet - 1) > step.sqftShare) {
    return false;
  }
  if (positive(subject.yearBuilt) && positive(sale.yearBuilt) && Math.abs(subject.yearBuilt - sale.yearBuilt) > step.yearsBuilt)
    return false;
  return true;
}

function factNote(amount: string, adj: { kind: AdjustmentKind; subject: HomeFacts; comp: HomeFacts }): string {
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

function rationaleOf(
  comps: ValuedComp[],
  step: SelectionStep,
  valuationDate: string,
  trend: number,
  arv: number,
  spanDays: number,
  blend: { comps: number; model: number; modelShare: number },
): string {
  const distances = comps.map((c) => c.distanceMiles).sort((a, b) => a - b);
  const dates = comps.map((c) => c.sale.saleDate).sort();
  const months = Math.max(1, Math.round(Math.min(spanDays, 366) / 30.44));
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

function assumptionsOf(subject: ValuationSubject): string[] {
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

function refuse(): ValuationOutcome {
  return { ok: false, refusal: { reason: "no_comps", message: NO_COMPS_MESSAGE } };
}

function assertDate(date: string): number {
  const day = dayNumber(date);
  if (Number.isNaN(day)) throw new RangeError(`valuationDate must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  return day;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}

function signedPercent(log: number): string {
  const pct = (Math.exp(log) - 1) * 100;
  return `${pct >= 0 ? "+" : "−"}${Math.abs(pct).toFixed(1)} %`;
}

function signedMoney(amount: number): string {
  return `${amount >= 0 ? "+" : "−"}${formatMoney(Math.abs(amount))}`;
}

/** A share as a whole percentage, "70 %". */
function percentOf(share: number): string {
  return `${Math.round(share * 100)} %`;
}

function formatDistance(miles: number): string {
  return `${miles.toFixed(miles < 10 ? 2 : 1)} mi`;
}
