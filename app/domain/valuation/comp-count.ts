/**
 * How the comps are counted and weighed where they are shown (the workbench, the property card, the comp lists, the
 * comp report): one count that means one thing, and each comp's weight as the valuation engine stored it, with why it
 * is low when it is. Pure; nothing here weighs a comp again.
 */
import type { PinnedCompView, StoredCompDetail } from "./comparables.ts";

/** The comps the last valuation used, the user's excluded ones, and both together: the sales found for it. */
export type CompCount = { used: number; excluded: number; found: number };

export function compCount(comps: readonly unknown[], choices: readonly Pick<PinnedCompView, "choice">[]): CompCount {
  const excluded = choices.filter((choice) => choice.choice === "excluded").length;
  return { used: comps.length, excluded, found: comps.length + excluded };
}

/** "5 comps used of 7 found; 2 excluded" — the one way a comp count is said. */
export function compCountWords({ used, excluded, found }: CompCount): string {
  return `${used} ${used === 1 ? "comp" : "comps"} used of ${found} found; ${excluded === 0 ? "none" : excluded} excluded`;
}

/** A weight under this share of an even split is low, and says why. */
export const LOW_WEIGHT_SHARE = 0.5;
/** The engine's similarity (0 … 1) under which a comp is said to be unlike the subject. */
export const UNLIKE_SIMILARITY = 0.5;

/** "12 %", "0.4 %", "under 0.1 %": a share small enough to round to 0 is never shown as 0. */
export function weightPercent(weight: number): string {
  const pct = weight * 100;
  if (pct >= 1) return `${Math.round(pct)} %`;
  if (pct >= 0.1) return `${pct.toFixed(1)} %`;
  return "under 0.1 %";
}

/**
 * Why a comp's stored weight is low (under half an even share), from what the engine stored with it: its similarity
 * score, its distance, and the reasons it stands out from the other comps; null when the weight is not low.
 */
export function lowWeightReason(
  comp: Pick<StoredCompDetail, "weight" | "similarityScore" | "distance">,
  comps: number,
  outliers: readonly string[] = [],
): string | null {
  if (comp.weight === null || comps <= 1 || comp.weight >= LOW_WEIGHT_SHARE / comps) return null;
  const why: string[] = [];
  if (comp.similarityScore !== null && comp.similarityScore < UNLIKE_SIMILARITY)
    why.push(`it is less alike the subject than the other comps (similarity ${comp.similarityScore.toFixed(2)} of 1)`);
  why.push(...outliers.map((reason) => reason.charAt(0).toLowerCase() + reason.slice(1)));
  if (why.length === 0) why.push("the other comps are more alike the subject");
  return `Low weight: ${why.join("; ")}.`;
}
