/**
 * The ARV (docs/decisions/050-valuation-engine.md): a robust similarity-weighted mean of the comps' adjusted ln prices, blended with the
 * model value (the four local fits' mean, and the market trees' value when kept), with the evidence its 80 % range is
 * predicted from (`./interval.ts`).
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

/** Robust weighted mean of the adjusted ln prices: comps beyond the outlier cut around the weighted median are dropped, unless pinned. */
export function compsMean(chosen: readonly Assessed[], pinned: ReadonlySet<string> = new Set()): CompsMean {
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
  // A comp the user pinned stays whatever its distance from the others (it is flagged instead: ./outliers.ts).
  const kept = chosen.map((a, i) => ({ a, w: Math.abs(a.adjustedLog - median) <= cut || pinned.has(a.c.sale.id) ? weights[i] : 0 }));
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

/** The blended estimate and the comps' evidence for its range (`./interval.ts`). */
export interface Estimate {
  estimateLog: number;
  arv: number;
  /** The comps' weighted standard deviation (ln price) around the estimate. */
  spread: number;
  /** |ln(comps' mean / model value)|. */
  disagreement: number;
  /** The comps' effective count (Σw)² / Σw². */
  effectiveComps: number;
}

/** The estimate blended from the comps' mean and the model value, with the comps' spread around it and their count. */
export function estimateOf(mean: CompsMean, modelLog: number, modelShare: number): Estimate {
  const { used, sw, compsLog } = mean;
  const estimateLog = (1 - modelShare) * compsLog + modelShare * modelLog;
  const spread = Math.sqrt(used.reduce((s, k) => s + k.w * (k.a.adjustedLog - estimateLog) ** 2, 0) / sw);
  const effectiveComps = sw ** 2 / used.reduce((s, k) => s + k.w * k.w, 0);
  return { estimateLog, arv: roundMoney(Math.exp(estimateLog)), spread, disagreement: Math.abs(compsLog - modelLog), effectiveComps };
}

/** Dollars to the nearest MONEY_STEP. */
export function roundMoney(value: number): number {
  return Math.round(value / MONEY_STEP) * MONEY_STEP;
}
