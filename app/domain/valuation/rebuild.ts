/**
 * The ARV rebuilt from what the comps list shows: each comp's adjusted price and weight among the comps, and the
 * market model's value and share (blend.ts: the ARV is the comps' weighted mean and the model value blended on a log
 * scale). Pure; the workbench, the property card and the comp report say the same.
 */
import { formatMoney } from "#app/domain/shared/format.ts";

import { weightPercent } from "./comp-count.ts";

export type RebuildComp = { adjustedPrice: number | null; weight: number | null };
export type ModelPart = { value: number; share: number };

export type ArvRebuild = {
  /** The comps' weighted (geometric) value. */
  compsValue: number;
  compsShare: number;
  model: ModelPart;
  /** compsValue^(1 − share) × model^share, whole dollars. */
  arv: number;
};

/** Null when a comp lacks its adjusted price or weight (stored before either was kept), or there is no model part. */
export function rebuildArv(comps: readonly RebuildComp[], model: ModelPart | null | undefined): ArvRebuild | null {
  if (!model || !(model.value > 0) || !(model.share >= 0 && model.share <= 1) || comps.length === 0) return null;
  let weights = 0;
  let logs = 0;
  for (const comp of comps) {
    if (comp.adjustedPrice === null || comp.weight === null || !(comp.adjustedPrice > 0) || !(comp.weight >= 0)) return null;
    weights += comp.weight;
    logs += comp.weight * Math.log(comp.adjustedPrice);
  }
  if (!(weights > 0)) return null;
  const compsValue = Math.exp(logs / weights);
  const arv = Math.exp((1 - model.share) * Math.log(compsValue) + model.share * Math.log(model.value));
  return { compsValue: Math.round(compsValue), compsShare: 1 - model.share, model, arv: Math.round(arv) };
}

/** A comp's share of the ARV: its weight among the comps times the comps' share. */
export function arvShareOf(weight: number, model: ModelPart): number {
  return weight * (1 - model.share);
}

/** A comp's weight as the list and the report say it: among the comps, and its share of the ARV when the model part is known. */
export function compWeightWords(weight: number, model: ModelPart | null | undefined): string {
  const ofArv = model ? ` (${weightPercent(arvShareOf(weight, model))} of the ARV)` : "";
  return `${weightPercent(weight)} of the comps${ofArv}`;
}

/**
 * The blend in words: the comps' weighted value and the market model's, each with its share of the ARV. Without the
 * log-scale formula, which the comps list adds on screen (a PDF's standard fonts cannot print "≈").
 */
export function arvBlendWords(rebuilt: ArvRebuild): string {
  const compsPct = Math.round(rebuilt.compsShare * 100);
  return (
    `The ARV blends the comps' weighted value, ${formatMoney(rebuilt.compsValue)} (${compsPct} % of the ARV), ` +
    `with the market model's value, ${formatMoney(rebuilt.model.value)} (${100 - compsPct} % of the ARV)`
  );
}
