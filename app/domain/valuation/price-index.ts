/**
 * Market time (docs/decisions/050-valuation-engine.md): the fits' piecewise-linear price index, how it is carried past the latest
 * sale to the valuation date, and the yearly seasonal factor prices are taken less of before a fit.
 */
import { T, TIME_KNOTS, TS } from "./features.ts";
import { DAYS_PER_SEASON_CYCLE, DAYS_PER_YEAR, TUNING } from "./tuning.ts";

/** A day in mid-June, the seasonal peak. */
const SEASON_PEAK_DAY = 166;

/** The seasonal factor (ln price) of a day: a yearly cosine peaking in mid-June, `TUNING.seasonAmplitude` either side. */
export function seasonalFactor(day: number): number {
  return TUNING.seasonAmplitude * Math.cos((2 * Math.PI * (day - SEASON_PEAK_DAY)) / DAYS_PER_SEASON_CYCLE);
}

/** The price index's columns of a sale `daysBefore` the anchor, written into `out` from `offset`. */
export function timeBasis(daysBefore: number, out: Float64Array, offset: number): void {
  for (let j = 0; j < T; j++) out[offset + j] = -Math.max(0, daysBefore - TIME_KNOTS[j]) / DAYS_PER_YEAR;
}

/** ln-price change of the fitted index from `daysBefore` days before its anchor (the latest candidate sale) to the anchor. */
export function indexChange(beta: ArrayLike<number>, daysBefore: number): number {
  let f = 0;
  for (let j = 0; j < T; j++) f += beta[TS + j] * (-Math.max(0, daysBefore - TIME_KNOTS[j]) / DAYS_PER_YEAR);
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

/** Where the local fit's price index stands for a valuation: what brings a price at any day to the valuation date. */
export interface MarketTime {
  /** The local fit's coefficients (its index from TS on). */
  beta: Float64Array;
  valuationDay: number;
  /** Days from the latest candidate sale (the index's anchor) to the valuation date. */
  gap: number;
  /** Days from the oldest candidate sale to the latest. */
  span: number;
  /** The index carried from the anchor to the valuation date (`extrapolatedTrend`). */
  carried: number;
  /** The valuation date's seasonal factor. */
  season: number;
}

/** The local fit's market time for a valuation date, given the candidates' anchor gap and span. */
export function marketTimeOf(beta: Float64Array, valuationDay: number, gap: number, span: number): MarketTime {
  const carried = extrapolatedTrend((days) => indexChange(beta, days), gap, span);
  return { beta, valuationDay, gap, span, carried, season: seasonalFactor(valuationDay) };
}
