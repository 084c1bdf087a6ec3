/**
 * `npm run bench:valuation -- --fit-interval`: re-fits the 80 % range's calibration (app/domain/valuation/interval.ts,
 * docs/decisions/076-valuation-80-percent-range.md) from the valued subjects — least squares of ln|ln(price / ARV)| on
 * the interval's features, then the intercept moved so that the 80 % quantile of |ln(price / ARV)| / scale is 1. Pure.
 */
import { errorScale, RANGE_COVERAGE, scaleFeatures } from "#app/domain/valuation/interval.ts";
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

/** |ln error| is floored here before its log is taken: a valuation that hit the price to the dollar says little. */
const MIN_ABS_LOG_ERROR = 0.005;

export function fitInterval(samples: readonly ErrorSample[]): IntervalFit {
  const features = samples.map((s) => scaleFeatures(s.evidence).slice(1));
  const k = features[0]?.length ?? 0;
  const rows = Float64Array.from(features.flat());
  const y = Float64Array.from(samples.map((s) => Math.log(Math.max(Math.abs(s.logError), MIN_ABS_LOG_ERROR))));
  const fit = weightedRidge(rows, k, y, new Float64Array(samples.length).fill(1), new Float64Array(k), new Float64Array(k));
  const raw = [fit.intercept, ...fit.coefficients];
  const ratios = (coefficients: number[]) => samples.map((s) => Math.abs(s.logError) / errorScale(s.evidence, coefficients));
  // Twice: the scale's floor and ceiling move the quantile a little once the intercept has moved.
  let coefficients = raw;
  for (let pass = 0; pass < 2; pass++) {
    const shift = Math.log(quantile(ratios(coefficients), RANGE_COVERAGE));
    coefficients = [coefficients[0] + shift, ...coefficients.slice(1)];
  }
  return { coefficients, medianRatio: quantile(ratios(coefficients), 0.5), samples: samples.length };
}
