/**
 * `npm run bench:valuation -- --fit-interval`: re-fits the 80 % range's calibration (app/domain/valuation/interval.ts,
 * docs/decisions/076-valuation-80-percent-range.md) from the valued subjects — least squares of ln|ln(price / ARV)| on
 * the interval's features, then the intercept moved so that the 80 % quantile of |ln(price / ARV)| / scale is 1 for
 * the valuations with most facts known, and the unknown-facts weight so that it is 1 for those with most unknown. Pure.
 */
import { errorScale, INTERVAL_CALIBRATION, scaleFeatures } from "#app/domain/valuation/interval.ts";
import { weightedRidge } from "#app/domain/valuation/regression.ts";
import type { IntervalEvidence } from "#app/domain/valuation/types.ts";

import { quantile } from "./metrics.ts";

/** A valued subject's evidence and its error, ln(price / ARV). */
export interface ErrorSample {
  evidence: IntervalEvidence;
  logError: number;
}

export interface IntervalFit {
  coefficients: number[];
  medianRatio: number;
  /** How many samples the fit used. */
  samples: number;
}

/** Valuations whose subject lacks more than this share of its facts count as a market without the optional columns. */
const MOSTLY_UNKNOWN = 0.5;
/** Valuations made more than this many days after the latest sale count as valued long after it. */
const RECENT_GAP_DAYS = 7;
/** The unknown share's place in `scaleFeatures`' row. */
const UNKNOWN_COLUMN = 7;
const CALIBRATION_PASSES = 4;

/** |ln error| is floored here before its log is taken: a valuation that hit the price to the dollar says little. */
const MIN_ABS_LOG_ERROR = 0.005;

export function fitInterval(samples: readonly ErrorSample[], level: number = INTERVAL_CALIBRATION.level): IntervalFit {
  const features = samples.map((s) => scaleFeatures(s.evidence).slice(1));
  const k = features[0]?.length ?? 0;
  const rows = Float64Array.from(features.flat());
  const y = Float64Array.from(samples.map((s) => Math.log(Math.max(Math.abs(s.logError), MIN_ABS_LOG_ERROR))));
  const fit = weightedRidge(rows, k, y, new Float64Array(samples.length).fill(1), new Float64Array(k), new Float64Array(k));
  const coefficients = [fit.intercept, ...fit.coefficients];
  // Each kind of valuation holds the level on its own, not only their mix: the intercept is set on those with most
  // facts known valued right after the latest sale (as the API values), the unknown-facts weight on those with most
  // facts unknown. A few passes, as each move shifts the other's quantile a little (and the scale's floor and ceiling
  // move them too).
  const known = samples.filter((s) => s.evidence.unknownShare <= MOSTLY_UNKNOWN);
  const base = known.filter((s) => s.evidence.gapDays <= RECENT_GAP_DAYS);
  const unknown = samples.filter((s) => s.evidence.unknownShare > MOSTLY_UNKNOWN);
  const unknownStep = meanFeature(unknown, UNKNOWN_COLUMN) - meanFeature(known, UNKNOWN_COLUMN);
  for (let pass = 0; pass < CALIBRATION_PASSES; pass++) {
    coefficients[0] += shiftFor(base.length > 0 ? base : samples, coefficients, level);
    if (unknown.length > 0 && known.length > 0 && unknownStep > 0) {
      coefficients[UNKNOWN_COLUMN] += shiftFor(unknown, coefficients, level) / unknownStep;
    }
  }
  return { coefficients, medianRatio: quantile(ratios(samples, coefficients), 0.5), samples: samples.length };
}

/** |ln error| / scale of each sample. */
function ratios(samples: readonly ErrorSample[], coefficients: readonly number[]): number[] {
  return samples.map((s) => Math.abs(s.logError) / errorScale(s.evidence, coefficients));
}

/** The ln move of the intercept that makes the 80 % quantile of |ln error| / scale over `samples` 1. */
function shiftFor(samples: readonly ErrorSample[], coefficients: readonly number[], level: number): number {
  return Math.log(quantile(ratios(samples, coefficients), level));
}

/** The mean of one column of `scaleFeatures` over the samples. */
function meanFeature(samples: readonly ErrorSample[], column: number): number {
  return samples.length === 0 ? 0 : samples.reduce((sum, s) => sum + scaleFeatures(s.evidence)[column], 0) / samples.length;
}
