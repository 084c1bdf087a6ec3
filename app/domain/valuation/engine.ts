/**
 * The valuation engine (issue 12; spec 02 §3 "ARV (valuation) result" and "Comparable"; spec 01 FAQ comps criteria).
 * Pure: no bindings, no I/O, deterministic. The API and `npm run bench:valuation` both call it.
 *
 * 1. Candidates. `candidateWindow` asks for every sale within ±WINDOW_MILES of the subject, sold in the WINDOW_MONTHS
 *    before the valuation date, the nearest WINDOW_LIMIT of them. `valueSubject` drops any sale of the subject's own
 *    parcel and any sale dated on or after the valuation date whatever it is handed.
 * 2. Market model. A robust weighted ridge regression of ln(price) on the homes' facts and a piecewise-linear price
 *    index in time (slopes over the last 60 days, 60–150, 150–240 and before; 0 at the valuation date), fitted on all
 *    candidates, then again with a distance kernel around the subject shrunk toward that first fit. Its coefficients are
 *    the adjustment rates (size, lot, bedrooms, bathrooms, year built, renovation, quality grade, condition, basement,
 *    waterfront, view) and the price index (market time): estimated from the sales before the valuation date only.
 *    Its residuals near a point are that point's location factor (micro-location beyond the kernel fit).
 * 3. Selection (the FAQ criteria, widened in steps until MIN_COMPS comps qualify; a criterion whose fact is unknown
 *    for the subject or the comp is skipped; a known property type must match at every step):
 *      step 0  same bedrooms, living area within 20 %, built within 10 years, sold within 9 months, within 1 mile
 *              (the FAQ's "same school district" is not in the data: one mile stands in for it)
 *      step 1  bedrooms ±1, living area within 30 %, built within 20 years, sold within 12 months, within 1.5 miles
 *      step 2  bedrooms ±2, living area within 50 %, built within 40 years, sold within 12 months, within 3 miles
 *      step 3  any sale in the candidate window
 *    At the widest step even one comp is used; none → the `no_comps` refusal, never a made-up number.
 *    The qualifying comps are ranked by similarity (distance, time and how far their facts are from the subject's,
 *    measured as the size of their adjustments) and the best MAX_COMPS used.
 * 4. Each comp's price is brought to the valuation date (market time), adjusted for each fact that differs from the
 *    subject's (both known) and for location; the ARV is the similarity-weighted mean of the adjusted ln prices after
 *    dropping outliers; the range and the confidence follow the comps' count, similarity and dispersion.
 */
import { formatDate, formatMoney, formatNumber } from "~/domain/format";

import { dayNumber, distanceMiles, MILES_PER_DEGREE, monthsBefore } from "./geo";
import { weightedRidge } from "./regression";
import type {
  Adjustment,
  AdjustmentKind,
  CandidateWindow,
  HomeFacts,
  Sale,
  ValuationOptions,
  ValuationOutcome,
  ValuationResult,
  ValuationSubject,
  ValuedComp,
} from "./types";

export const WINDOW_MILES = 3;
export const WINDOW_MONTHS = 12;
export const WINDOW_LIMIT = 2000;
export const MIN_COMPS = 5;
export const MAX_COMPS = 10;

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
export function candidateWindow(subject: HomeFacts, options: ValuationOptions): CandidateWindow {
  assertDate(options.valuationDate);
  const dLat = WINDOW_MILES / MILES_PER_DEGREE;
  const dLon = WINDOW_MILES / (MILES_PER_DEGREE * Math.max(0.05, Math.cos((subject.latitude * Math.PI) / 180)));
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

const FACT_COLUMNS: readonly Column[] = [
  { kind: "size", value: (h) => (positive(h.squareFeet) ? Math.log(h.squareFeet) : null), prior: 0.5 },
  { kind: "lot", value: (h) => (positive(h.lotSquareFeet) ? Math.log(h.lotSquareFeet) : null), prior: 0.05 },
  { kind: "bedrooms", value: (h) => (known(h.bedrooms) ? h.bedrooms : null), prior: -0.01 },
  { kind: "bathrooms", value: (h) => (known(h.bathrooms) ? h.bathrooms : null), prior: 0.02 },
  { kind: "age", value: (h) => (positive(h.yearBuilt) ? h.yearBuilt : null), prior: 0 },
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
const F = FACT_COLUMNS.length;
/** Time basis knots (days before the valuation date): the index is linear between them and 0 at the date. */
const TIME_KNOTS = [0, 60, 150, 240];
const T = TIME_KNOTS.length;
const K = F + T;

function timeBasis(daysBefore: number, out: Float64Array, offset: number): void {
  for (let j = 0; j < T; j++) out[offset + j] = -Math.max(0, daysBefore - TIME_KNOTS[j]) / 365;
}

/** ln-price change of the local index from `daysBefore` to the valuation date. */
function timeAdjustment(beta: Float64Array, daysBefore: number): number {
  let f = 0;
  for (let j = 0; j < T; j++) f += beta[F + j] * (-Math.max(0, daysBefore - TIME_KNOTS[j]) / 365);
  return -f;
}

// Tuning: relative ridge penalties (1 = the prior weighs as much as the data).
const GLOBAL_PENALTY = 0.02;
const TIME_PENALTY = 0.02;
const LOCAL_PENALTY = 0.3;
const KERNEL_NEIGHBOURS = 150;
const MIN_KERNEL_MILES = 0.3;
const LOCATION_MILES = 0.25;
const LOCATION_SHRINK = 3;

interface Candidate {
  sale: Sale;
  day: number;
  daysBefore: number;
  distance: number;
  y: number;
  /** The column values (unknown = NaN). */
  x: Float64Array;
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
    timeBasis(c.daysBefore, rows, i * K + F);
    y[i] = c.y;
  }
  let w = weights;
  let fit = weightedRidge(rows, K, y, w, prior, penalty);
  const residual = new Float64Array(n);
  let scale = 0;
  // Two robust passes: Tukey's bisquare on the residuals, so a handful of odd sales do not bend the rates.
  for (let pass = 0; pass < 2; pass++) {
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

export function valueSubject(subject: ValuationSubject, candidates: readonly Sale[], options: ValuationOptions): ValuationOutcome {
  const valuationDay = assertDate(options.valuationDate);
  const fromDate = monthsBefore(options.valuationDate, WINDOW_MONTHS);
  const subjectX = new Float64Array(F);
  for (let j = 0; j < F; j++) subjectX[j] = FACT_COLUMNS[j].value(subject) ?? Number.NaN;

  const pool: Candidate[] = [];
  for (const sale of candidates) {
    if (subject.parcelId && sale.parcelId === subject.parcelId) continue;
    if (!(sale.saleDate < options.valuationDate) || sale.saleDate < fromDate) continue;
    if (!(sale.price > 0) || !Number.isFinite(sale.latitude) || !Number.isFinite(sale.longitude)) continue;
    const day = dayNumber(sale.saleDate);
    if (Number.isNaN(day)) continue;
    const x = new Float64Array(F);
    for (let j = 0; j < F; j++) x[j] = FACT_COLUMNS[j].value(sale) ?? Number.NaN;
    pool.push({ sale, day, daysBefore: valuationDay - day, distance: distanceMiles(subject, sale), y: Math.log(sale.price), x });
  }
  // Deterministic whatever order the caller hands them in.
  pool.sort((a, b) => a.distance - b.distance || compareText(a.sale.id, b.sale.id));
  if (pool.length === 0) return refuse();

  // The market model: all candidates first, then a distance kernel around the subject shrunk toward that fit.
  const n = pool.length;
  const ones = new Float64Array(n).fill(1);
  const globalPrior = new Float64Array(K);
  const globalPenalty = new Float64Array(K);
  for (let j = 0; j < F; j++) {
    globalPrior[j] = FACT_COLUMNS[j].prior;
    globalPenalty[j] = GLOBAL_PENALTY;
  }
  for (let j = F; j < K; j++) globalPenalty[j] = TIME_PENALTY;
  const global = fitModel(pool, ones, globalPrior, globalPenalty);
  const bandwidth = Math.max(MIN_KERNEL_MILES, pool[Math.min(n - 1, KERNEL_NEIGHBOURS - 1)].distance);
  const kernel = new Float64Array(n);
  for (let i = 0; i < n; i++) kernel[i] = Math.exp(-0.5 * (pool[i].distance / bandwidth) ** 2);
  const localPenalty = new Float64Array(K).fill(LOCAL_PENALTY);
  const local = fitModel(pool, kernel, global.beta, localPenalty);

  // Location factor: the shrunk kernel mean of the model's residuals around a point (local projection in miles).
  const cosLat = Math.cos((subject.latitude * Math.PI) / 180);
  const px = new Float64Array(n);
  const py = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    px[i] = (pool[i].sale.longitude - subject.longitude) * cosLat * MILES_PER_DEGREE;
    py[i] = (pool[i].sale.latitude - subject.latitude) * MILES_PER_DEGREE;
  }
  const reach = (3 * LOCATION_MILES) ** 2;
  const locationAt = (x0: number, y0: number, self: number): number => {
    let s = 0;
    let sw = 0;
    for (let i = 0; i < n; i++) {
      if (i === self) continue;
      const d2 = (px[i] - x0) ** 2 + (py[i] - y0) ** 2;
      if (d2 > reach) continue;
      const wi = Math.exp((-0.5 * d2) / LOCATION_MILES ** 2);
      s += wi * local.residual[i];
      sw += wi;
    }
    return s / (sw + LOCATION_SHRINK);
  };
  const subjectLocation = locationAt(0, 0, -1);

  // Each candidate's adjustments (ln price) toward the subject.
  const assessed = pool.map((c, index) => {
    const adjustments: { kind: AdjustmentKind; log: number; subjectValue: number; compValue: number }[] = [];
    const time = timeAdjustment(local.beta, c.daysBefore);
    let factTotal = 0;
    let factAbs = 0;
    for (let j = 0; j < F; j++) {
      const s = subjectX[j];
      const v = c.x[j];
      if (Number.isNaN(s) || Number.isNaN(v) || s === v) continue;
      const log = local.beta[j] * (s - v);
      if (log === 0) continue;
      adjustments.push({ kind: FACT_COLUMNS[j].kind, log, subjectValue: s, compValue: v });
      factTotal += log;
      factAbs += Math.abs(log);
    }
    const similarity = Math.exp(-0.5 * ((c.distance / 1.0) ** 2 + (factAbs / 0.15) ** 2 + (c.daysBefore / 270) ** 2));
    return { c, index, time, adjustments, factTotal, location: 0, adjustedLog: 0, similarity };
  });

  // Selection: the first step with MIN_COMPS qualifying comps (the widest with at least one).
  let stepIndex = 0;
  let chosen: typeof assessed = [];
  for (; stepIndex < SELECTION_STEPS.length; stepIndex++) {
    const step = SELECTION_STEPS[stepIndex];
    const qualifying = assessed.filter((a) => qualifies(subject, a.c, step));
    const last = stepIndex === SELECTION_STEPS.length - 1;
    if (qualifying.length >= MIN_COMPS || (last && qualifying.length > 0)) {
      chosen = qualifying.sort((a, b) => b.similarity - a.similarity || compareText(a.c.sale.id, b.c.sale.id)).slice(0, MAX_COMPS);
      break;
    }
  }
  if (chosen.length === 0) return refuse();
  for (const a of chosen) {
    a.location = subjectLocation - locationAt(px[a.index], py[a.index], a.index);
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
  const estimateLog = kept.reduce((s, k) => s + k.w * k.a.adjustedLog, 0) / sw;
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
    rationale: rationaleOf(comps, step, options.valuationDate, local.beta, arv),
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
    for (const adj of a.adjustments) logs.push({ kind: adj.kind, log: adj.log, note: (amount) => factNote(amount, adj, home) });
    if (a.location !== 0) {
      logs.push({
        kind: "location",
        log: a.location,
        note: (amount) => `${amount}: nearby sales around the subject sell ${signedPercent(a.location)} against those around this comp`,
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

function factNote(amount: string, adj: { kind: AdjustmentKind; subjectValue: number; compValue: number }, home: HomeFacts): string {
  const { kind, subjectValue: s, compValue: v } = adj;
  switch (kind) {
    case "size":
      return `${amount}: living area ${formatNumber(Math.exp(s))} sq ft for the subject vs ${formatNumber(Math.exp(v))} sq ft`;
    case "lot":
      return `${amount}: lot ${formatNumber(Math.exp(s))} sq ft for the subject vs ${formatNumber(Math.exp(v))} sq ft`;
    case "bedrooms":
      return `${amount}: ${s} bedrooms for the subject vs ${v}`;
    case "bathrooms":
      return `${amount}: ${s} bathrooms for the subject vs ${v}`;
    case "age":
      return `${amount}: built ${s} for the subject vs ${v}`;
    case "renovation":
      return `${amount}: ${s ? "renovated subject" : "subject not renovated"} vs ${v ? "a renovated comp" : "a comp not renovated"}`;
    case "quality":
      return `${amount}: quality grade ${s} for the subject vs ${v}`;
    case "condition":
      return `${amount}: condition ${s} of 5 for the subject vs ${v}`;
    case "basement":
      return `${amount}: finished basement ${formatNumber(s * (home.squareFeet ?? 0))} sq ft for the subject vs ${Math.round(v * 100)} % of the comp's living area`;
    case "waterfront":
      return `${amount}: ${s ? "waterfront subject" : "subject not on the water"} vs ${v ? "a waterfront comp" : "a comp not on the water"}`;
    case "view":
      return `${amount}: view rating ${s} of 4 for the subject vs ${v}`;
    default:
      return amount;
  }
}

function rationaleOf(comps: ValuedComp[], step: SelectionStep, valuationDate: string, beta: Float64Array, arv: number): string {
  const distances = comps.map((c) => c.distanceMiles).sort((a, b) => a - b);
  const dates = comps.map((c) => c.sale.saleDate).sort();
  const trend = timeAdjustment(beta, 365);
  const count = comps.length;
  return (
    `${formatMoney(arv)} from ${count} comparable sale${count === 1 ? "" : "s"} chosen by ${step.label}, ` +
    `${formatDistance(distances[0])}–${formatDistance(distances[distances.length - 1])} away (median ${formatDistance(distances[Math.floor((count - 1) / 2)])}), ` +
    `sold ${formatDate(dates[0])}–${formatDate(dates[dates.length - 1])}. ` +
    `Each price is brought to ${formatDate(valuationDate)} by the local price index (${signedPercent(trend)} over the last 12 months), ` +
    `adjusted for the facts that differ by rates estimated from nearby sales, and weighted by similarity.`
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
    "Sales are taken as arm's-length and the subject as in the condition its facts describe (the ARV is not after repairs).",
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

function formatDistance(miles: number): string {
  return `${miles.toFixed(miles < 10 ? 2 : 1)} mi`;
}
