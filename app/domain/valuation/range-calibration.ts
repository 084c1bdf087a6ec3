/**
 * The 80 % range calibrated per market (docs/decisions/076-valuation-80-percent-range.md): split-conformal.
 * The global `errorScale` predicts a valuation's half-width from its evidence; a region's recent sales, each valued as of
 * its own date from the sales before it, say how far their errors run against that prediction. The region's scale is
 * the conformal 80 % quantile of |ln(price / ARV)| / errorScale over them, so the range holds 80 % of such sales there,
 * and its median ratio is what the confidence words' typical error is read from.
 */
import { candidateWindow, REGION_MILES, regionCentre } from "./cells.ts";
import { monthsBefore } from "./geo.ts";
import type { CandidateWindow, RangeCalibration, RegionCell, ValuationOptions } from "./types.ts";

export type { RangeCalibration };

/** The coverage the per-market scale is chosen for. */
export const CALIBRATION_COVERAGE = 0.8;
/** Fewer valued recent sales than this and a region keeps no scale of its own: the global one, said as Low confidence. */
export const CALIBRATION_MIN_SALES = 100;
/** The months of recent sales a region's scale is learnt from (the scheduled refresh's and the bench's default). */
export const CALIBRATION_MONTHS = 2;
/** The nearest this many recent sales of a region are valued for its scale (bounding the refresh's work). */
export const CALIBRATION_LIMIT = 400;
/** A region's scale stays within these multiples of the global one, so a freak sample cannot collapse or blow up the range. */
const MIN_SCALE = 0.4;
const MAX_SCALE = 2.5;

/** One recent sale valued as of its date: the global half-width its evidence predicted and its actual ln error. */
export interface CalibrationSample {
  halfWidth: number;
  logError: number;
}

/**
 * The region's scale from its valued recent sales, or null when fewer than CALIBRATION_MIN_SALES (or none usable).
 * Split-conformal: with n ratios r = |ln error| / half-width sorted, the scale is the ⌈(n + 1) · 80 %⌉-th, so a new
 * sale exchangeable with them lies inside scale × half-width with probability at least 80 %.
 */
export function calibrateRange(samples: readonly CalibrationSample[], asOf: string): RangeCalibration | null {
  const ratios = samples
    .filter((s) => s.halfWidth > 0 && Number.isFinite(s.halfWidth) && Number.isFinite(s.logError))
    .map((s) => Math.abs(s.logError) / s.halfWidth)
    .sort((a, b) => a - b);
  const n = ratios.length;
  if (n < CALIBRATION_MIN_SALES) return null;
  const rank = Math.min(n, Math.ceil((n + 1) * CALIBRATION_COVERAGE));
  const scale = Math.min(MAX_SCALE, Math.max(MIN_SCALE, ratios[rank - 1]));
  const mid = n >> 1;
  const median = n % 2 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2;
  return { asOf, sales: n, scale: round4(scale), medianRatio: round4(median / scale) };
}

/**
 * The recent sales a region cell's scale is learnt from: those of the `months` before the date within REGION_MILES of
 * the cell's centre (the region its model is fitted on), the nearest CALIBRATION_LIMIT.
 */
export function calibrationWindow(cell: RegionCell, options: ValuationOptions, months = CALIBRATION_MONTHS): CandidateWindow {
  return {
    ...candidateWindow(regionCentre(cell), options, REGION_MILES),
    fromDate: monthsBefore(options.valuationDate, months),
    limit: CALIBRATION_LIMIT,
  };
}

/** The calibration when it may be used: finite, positive, and fitted for this date or at most `maxAgeDays` before. */
export function usableCalibration(
  calibration: RangeCalibration | null | undefined,
  valuationDay: number,
  dayOf: (date: string) => number,
  maxAgeDays: number,
): RangeCalibration | null | undefined {
  if (calibration === undefined || calibration === null) return calibration;
  const age = valuationDay - dayOf(calibration.asOf);
  const sane = [calibration.scale, calibration.medianRatio].every((v) => Number.isFinite(v) && v > 0);
  return sane && age >= 0 && age <= maxAgeDays ? calibration : undefined;
}

/** A region's calibration as the refresh keeps it: a null scale says its recent sales were too few. */
export type KeptCalibration = { asOf: string; sales: number; scale: number | null; medianRatio: number | null };

/** What the refresh keeps for a region: its calibration, or the record that it had too few recent sales. */
export function toKept(calibration: RangeCalibration | null, asOf: string, sales: number): KeptCalibration {
  return calibration ?? { asOf, sales, scale: null, medianRatio: null };
}

/**
 * The kept calibration as the engine takes it: undefined when none was learnt or it is older than `maxAgeDays` (the
 * global calibration alone), null when the region had too few recent sales (the global scale, said as Low).
 */
export function fromKept(
  kept: KeptCalibration | null | undefined,
  valuationDay: number,
  dayOf: (date: string) => number,
  maxAgeDays: number,
): RangeCalibration | null | undefined {
  if (!kept || typeof kept !== "object" || typeof kept.asOf !== "string") return undefined;
  const age = valuationDay - dayOf(kept.asOf);
  if (!(age >= 0 && age <= maxAgeDays)) return undefined;
  if (kept.scale === null || kept.medianRatio === null) return null;
  return { asOf: kept.asOf, sales: kept.sales, scale: kept.scale, medianRatio: kept.medianRatio };
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
