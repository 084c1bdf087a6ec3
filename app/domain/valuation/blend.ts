/**
 * The ARV (docs/decisions/067-valuation-comps-model-blend.md): a robust similarity-weighted mean of the comps' adjusted ln prices, blended with the
 * model value (the four local fits' mean, and the market trees' value when kept); then the range and the confidence
 * from the comps' count, similarity and dispersion.
 */
import type { Assessed } from "./adjustments.ts";
import type { MarketTime } from "./price-index.ts";
import { MEDIAN, weightedQuantile } from "./stats.ts";
import { MAD_TO_SIGMA, MIN_COMP_WEIGHT, MONEY_STEP, TUNING } from "./tuning.ts";

/** A chosen comp with its weight in the mean (0 = dropped as an outlier). */
export interface WeightedComp {
  a: Assessed;
  w: number;
}

/** The comps' robust mean (ln price), the comps it kept and their total weight. */
export interface CompsMean {
  used: WeightedComp[];
  sw: number;
  compsLog: number;
}

/** Robust weighted mean of the adjusted ln prices: comps beyond the outlier cut around the weighted median are dropped. */
export function compsMean(chosen: readonly Assessed[]): CompsMean {
  const weights = chosen.map((a) => Math.max(a.similarity, MIN_COMP_WEIGHT));
  const median = weightedQuantile(
    chosen.map((a, i) => ({ v: a.adjustedLog, w: weights[i] })),
    MEDIAN,
  );
  const mad = weightedQuantile(
    chosen.map((a, i) => ({ v: Math.abs(a.adjustedLog - median), w: weights[i] })),
    MEDIAN,
  );
  const cut = Math.max(TUNING.compOutlierDeviations * MAD_TO_SIGMA * mad, TUNING.minCompOutlierCut);
  const kept = chosen.map((a, i) => ({ a, w: Math.abs(a.adjustedLog - median) <= cut ? weights[i] : 0 }));
  const sw = kept.reduce((s, k) => s + k.w, 0);
  const compsLog = kept.reduce((s, k) => s + k.w * k.a.adjustedLog, 0) / sw;
  return { used: kept.filter((k) => k.w > 0), sw, compsLog };
}

/**
 * The model value (ln price at the valuation date): the local fits' mean with the date's season and the carried
 * index, and `TUNING.marketShare` of the market trees' value when there is one.
 */
export function modelValue(fitValues: readonly number[], time: MarketTime, marketLog: number | null): number {
  const fitsLog = fitValues.reduce((sum, value) => sum + value, 0) / fitValues.length + time.season + time.carried;
  return marketLog === null ? fitsLog : (1 - TUNING.marketShare) * fitsLog + TUNING.marketShare * marketLog;
}

/** The model's share of the ARV: more once selection had to widen past the FAQ criteria (the comps are less alike). */
export function modelShareOf(stepIndex: number): number {
  return stepIndex === 0 ? TUNING.modelBlend : TUNING.widenedModelBlend;
}

/** The ARV's range and confidence. */
export interface Estimate {
  estimateLog: number;
  arv: number;
  rangeLow: number;
  rangeHigh: number;
  /** 0–1, unrounded. */
  confidence: number;
}

/**
 * The estimate blended from the comps' mean and the model value; the range is the comps' weighted spread around it
 * (at least `TUNING.minRangeHalfWidth`), and the confidence grows with the comps' effective count and similarity,
 * shrinks with their spread and with each widened step.
 */
export function estimateOf(mean: CompsMean, modelLog: number, modelShare: number, stepIndex: number): Estimate {
  const { used, sw, compsLog } = mean;
  const estimateLog = (1 - modelShare) * compsLog + modelShare * modelLog;
  const spread = Math.sqrt(used.reduce((s, k) => s + k.w * (k.a.adjustedLog - estimateLog) ** 2, 0) / sw);
  const nEff = sw ** 2 / used.reduce((s, k) => s + k.w * k.w, 0);
  const meanSimilarity = used.reduce((s, k) => s + k.w * k.a.similarity, 0) / sw;
  const halfWidth = Math.max(TUNING.minRangeHalfWidth, spread);
  const confidence = clamp01(
    (1 - Math.exp(-nEff / TUNING.confidenceComps)) *
      Math.sqrt(meanSimilarity) *
      Math.exp(-spread / TUNING.confidenceSpread) *
      (1 - TUNING.confidencePerStep * stepIndex),
  );
  return {
    estimateLog,
    arv: roundMoney(Math.exp(estimateLog)),
    rangeLow: roundMoney(Math.exp(estimateLog - halfWidth)),
    rangeHigh: roundMoney(Math.exp(estimateLog + halfWidth)),
    confidence,
  };
}

/** Dollars to the nearest MONEY_STEP. */
export function roundMoney(value: number): number {
  return Math.round(value / MONEY_STEP) * MONEY_STEP;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));
}
