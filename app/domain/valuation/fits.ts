/**
 * The market model's fit (docs/decisions/050-valuation-engine.md): a robust weighted ridge regression of ln(price), less the seasonal
 * factor, on the fact columns, the position and the price index, shrunk toward a prior by per-column penalties.
 */
import type { Candidate } from "./candidates.ts";
import { F, FACT_COLUMNS, K, TS } from "./features.ts";
import { timeBasis } from "./price-index.ts";
import { weightedRidge } from "./regression.ts";
import { weightedMedianAbs } from "./stats.ts";
import { BISQUARE_C, FALLBACK_RESIDUAL_SCALE, MAD_TO_SIGMA, TUNING } from "./tuning.ts";
import type { RegionalModel } from "./types.ts";

export interface Model {
  intercept: number;
  beta: Float64Array;
  /** Imputed value of each fact column (weighted mean of the known ones). */
  fill: Float64Array;
  residual: Float64Array;
  residualScale: number;
}

export function fitModel(
  candidates: readonly Candidate[],
  weights: Float64Array,
  prior: ArrayLike<number>,
  penalty: ArrayLike<number>,
): Model {
  const n = candidates.length;
  const fill = imputedFacts(candidates, weights);
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
    scale = MAD_TO_SIGMA * weightedMedianAbs(residual, weights) || FALLBACK_RESIDUAL_SCALE;
    const c = BISQUARE_C * scale;
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

/** Each fact column's weighted mean over the candidates that know it (0 when none does): what an unknown fact is taken as. */
function imputedFacts(candidates: readonly Candidate[], weights: Float64Array): Float64Array {
  const fill = new Float64Array(F);
  for (let j = 0; j < F; j++) {
    let s = 0;
    let sw = 0;
    for (let i = 0; i < candidates.length; i++) {
      const v = candidates[i].x[j];
      if (!Number.isNaN(v)) {
        s += weights[i] * v;
        sw += weights[i];
      }
    }
    fill[j] = sw > 0 ? s / sw : 0;
  }
  return fill;
}

function predictRow(intercept: number, beta: Float64Array, rows: Float64Array, offset: number): number {
  let s = intercept;
  for (let j = 0; j < K; j++) s += beta[j] * rows[offset + j];
  return s;
}

/** A fit's ln value of a home's facts (unknown facts at the fit's imputed value), at the anchor, position 0. */
export function factValue(model: Model, x: Float64Array): number {
  let value = model.intercept;
  for (let j = 0; j < F; j++) value += model.beta[j] * (Number.isNaN(x[j]) ? model.fill[j] : x[j]);
  return value;
}

/**
 * The fit over all candidates' prior and penalties: generic hedonic rates and a flat index, or a regional model's
 * rates and index weighing like `TUNING.regionalWeight` sales among `n`.
 */
export function globalPriorOf(n: number, regional: RegionalModel | null): { prior: Float64Array; penalty: Float64Array } {
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

/** The local fits' penalties toward the fit over all candidates: its price index is kept (a kernel cannot place one). */
export function localPenaltyOf(): Float64Array {
  const penalty = new Float64Array(K).fill(TUNING.localPenalty);
  for (let j = F; j < TS; j++) penalty[j] = TUNING.localGeoPenalty;
  for (let j = TS; j < K; j++) penalty[j] = TUNING.localTimePenalty;
  return penalty;
}

/** The fit over all `pool` with equal weights from a prior (generic, or a region's). */
export function fitOverAll(pool: readonly Candidate[], regional: RegionalModel | null): Model {
  const { prior, penalty } = globalPriorOf(pool.length, regional);
  return fitModel(pool, new Float64Array(pool.length).fill(1), prior, penalty);
}
