/**
 * Comp selection (the FAQ criteria, spec 01): widened in steps until `TUNING.minComps` comps qualify; a criterion whose
 * fact is unknown for the subject or the comp is skipped; a known property type must match at every step. At the
 * widest step even one comp is used. The qualifying comps are ranked by similarity and the best `TUNING.maxComps` used.
 */
import type { Assessed } from "./adjustments.ts";
import { compareText, type Candidate } from "./candidates.ts";
import { WINDOW_MONTHS } from "./cells.ts";
import { known, positive } from "./features.ts";
import { DAYS_PER_MONTH, TUNING } from "./tuning.ts";
import type { HomeFacts, SelectionStep } from "./types.ts";

/** The FAQ's "same school district" is not in the data: one mile stands in for it at step 0. */
export const SELECTION_STEPS: readonly SelectionStep[] = [
  {
    label: "the FAQ criteria (same bedrooms, living area within 20 %, built within 10 years, sold within 9 months, within 1 mile)",
    bedrooms: 0,
    sqftShare: 0.2,
    yearsBuilt: 10,
    months: 9,
    miles: 1,
  },
  {
    label: "widened criteria (bedrooms ±1, living area within 30 %, built within 20 years, sold within 12 months, within 1.5 miles)",
    bedrooms: 1,
    sqftShare: 0.3,
    yearsBuilt: 20,
    months: 12,
    miles: 1.5,
  },
  {
    label: "wider criteria (bedrooms ±2, living area within 50 %, built within 40 years, sold within 12 months, within 3 miles)",
    bedrooms: 2,
    sqftShare: 0.5,
    yearsBuilt: 40,
    months: 12,
    miles: 3,
  },
  {
    label: "the widest criteria (any nearby sale of the last 12 months)",
    bedrooms: Infinity,
    sqftShare: Infinity,
    yearsBuilt: Infinity,
    months: WINDOW_MONTHS,
    miles: Infinity,
  },
];

/** Whether a candidate meets a step's criteria for the subject (a criterion either side does not know is skipped). */
export function qualifies(subject: HomeFacts, c: Candidate, step: SelectionStep): boolean {
  const sale = c.sale;
  if (subject.propertyType && sale.propertyType && subject.propertyType !== sale.propertyType) return false;
  if (c.distance > step.miles) return false;
  if (c.daysBefore > step.months * DAYS_PER_MONTH) return false;
  if (known(subject.bedrooms) && known(sale.bedrooms) && Math.abs(subject.bedrooms - sale.bedrooms) > step.bedrooms) return false;
  if (positive(subject.squareFeet) && positive(sale.squareFeet) && Math.abs(sale.squareFeet / subject.squareFeet - 1) > step.sqftShare) {
    return false;
  }
  if (positive(subject.yearBuilt) && positive(sale.yearBuilt) && Math.abs(subject.yearBuilt - sale.yearBuilt) > step.yearsBuilt)
    return false;
  return true;
}

/** The comps chosen and the step they came from; null when not even the widest step finds one. */
export interface Selection {
  stepIndex: number;
  chosen: Assessed[];
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The first step with `TUNING.minComps` comps (the widest with at least one), its most similar first. Pinned sales
 * (docs/decisions/091-comps-the-user-can-defend.md) are comps at every step and count toward it; the rest fill up to
 * `TUNING.maxComps`.
 */
export function selectComps(subject: HomeFacts, assessed: readonly Assessed[], pinned: ReadonlySet<string> = NONE): Selection | null {
  const kept = assessed.filter((a) => pinned.has(a.c.sale.id));
  for (let stepIndex = 0; stepIndex < SELECTION_STEPS.length; stepIndex++) {
    const step = SELECTION_STEPS[stepIndex];
    const qualifying = assessed.filter((a) => !pinned.has(a.c.sale.id) && qualifies(subject, a.c, step));
    const found = qualifying.length + kept.length;
    const last = stepIndex === SELECTION_STEPS.length - 1;
    if (found >= TUNING.minComps || (last && found > 0)) {
      const chosen = qualifying
        .sort((a, b) => b.similarity - a.similarity || compareText(a.c.sale.id, b.c.sale.id))
        .slice(0, Math.max(TUNING.maxComps - kept.length, 0));
      return { stepIndex, chosen: [...kept, ...chosen] };
    }
  }
  return null;
}
