/**
 * Why a comp stands out from the others (docs/decisions/091-comps-the-user-can-defend.md), from what the engine
 * already answers for each comp: its price per square foot and its adjusted price against the comps' medians, its
 * distance against the FAQ's mile, and its sale date against the newest comp's. Pure; the card, the workbench and the
 * comp report say the same.
 */
import { DAYS_PER_MONTH } from "./tuning.ts";

/** $/sq ft more than this share from the comps' median. */
export const PPSF_OUTLIER_SHARE = 0.25;
/** An adjusted price more than this share from the comps' median. */
export const ADJUSTED_OUTLIER_SHARE = 0.15;
/** Farther than the FAQ's mile. */
export const FAR_MILES = 1;
/** Sold this many months before the newest comp or more. */
export const OLD_SALE_MONTHS = 9;

const MS_PER_DAY = 86_400_000;

export type FlaggableComp = {
  id: string;
  soldDate: string;
  pricePerSqft: number | null;
  distance: number | null;
  adjustedPrice?: number | null;
};

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const pct = (share: number) => `${Math.round(Math.abs(share) * 100)} %`;
const side = (share: number) => (share > 0 ? "above" : "below");

/** Said of the whole set when every comp is farther than the FAQ's mile: the market is thin here, no comp stands out. */
export const FEW_CLOSE_SALES = `Few close sales: every comp is more than ${FAR_MILES} mile away, so distance does not single one out.`;

function isFar(comp: FlaggableComp): boolean {
  return comp.distance !== null && comp.distance > FAR_MILES;
}

/** The note about the set as a whole (every comp far), or null. */
export function compSetNote(comps: readonly FlaggableComp[]): string | null {
  return comps.length > 0 && comps.every(isFar) ? FEW_CLOSE_SALES : null;
}

/**
 * Each comp's reasons to be looked at (none = not an outlier), by comp id. Only a comp that differs from the others
 * is flagged: distance is a reason only when some comps are within the mile (else `compSetNote` says so once), and
 * when every comp would still be flagged, only those whose price differs from the comps' medians keep their flag.
 */
export function outlierReasons(comps: readonly FlaggableComp[]): Map<string, string[]> {
  const reasons = rawReasons(comps, comps.every(isFar));
  const flagged = [...reasons.values()].filter((why) => why.length > 0).length;
  if (comps.length > 1 && flagged === comps.length) {
    for (const [id, why] of reasons)
      reasons.set(
        id,
        why.filter((reason) => reason.includes("the comps' median")),
      );
  }
  return reasons;
}

function rawReasons(comps: readonly FlaggableComp[], allFar: boolean): Map<string, string[]> {
  const ppsf = median(comps.flatMap((c) => (c.pricePerSqft && c.pricePerSqft > 0 ? [c.pricePerSqft] : [])));
  const adjusted = median(comps.flatMap((c) => (c.adjustedPrice && c.adjustedPrice > 0 ? [c.adjustedPrice] : [])));
  const newest = comps.reduce((max, c) => (c.soldDate > max ? c.soldDate : max), "");
  const reasons = new Map<string, string[]>();
  for (const comp of comps) {
    const why: string[] = [];
    if (ppsf && comp.pricePerSqft && comps.length > 2) {
      const share = comp.pricePerSqft / ppsf - 1;
      if (Math.abs(share) > PPSF_OUTLIER_SHARE) why.push(`$/sq ft ${pct(share)} ${side(share)} the comps' median`);
    }
    if (adjusted && comp.adjustedPrice && comps.length > 2) {
      const share = comp.adjustedPrice / adjusted - 1;
      if (Math.abs(share) > ADJUSTED_OUTLIER_SHARE) why.push(`adjusted price ${pct(share)} ${side(share)} the comps' median`);
    }
    if (!allFar && isFar(comp) && comp.distance !== null) why.push(`${comp.distance.toFixed(2)} mi away (over ${FAR_MILES} mile)`);
    const months = Math.floor((Date.parse(newest) - Date.parse(comp.soldDate)) / MS_PER_DAY / DAYS_PER_MONTH);
    if (months >= OLD_SALE_MONTHS) why.push(`sold ${months} months before the newest comp`);
    reasons.set(comp.id, why);
  }
  return reasons;
}
