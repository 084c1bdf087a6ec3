/**
 * The ARV rebuilt from what the comps list shows: each comp's adjusted price and weight among the comps, and the
 * market model's value and share (blend.ts: the ARV is the comps' weighted mean and the model value blended on a log
 * scale). Pure; the workbench and the property card say the same.
 */

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
