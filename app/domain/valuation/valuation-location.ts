/**
 * Likeness and location (docs/decisions/050-valuation-engine.md): how unlike two homes are by size, age and grade, and a point's
 * location factor — the shrunk kernel mean of a fit's residuals around it.
 */
import type { Candidate } from "./candidates.ts";
import { known, positive } from "./features.ts";
import { KERNEL_REACH, TUNING } from "./tuning.ts";
import type { HomeFacts, ValuationSubject } from "./types.ts";

/** Likeness scales (one standard deviation of a kernel): ln living area, years built, quality grades; null = not weighed. */
interface Likeness {
  logSize: number | null;
  years: number;
  grades: number;
}
/** The alike local fit weighs its sales by all three. */
export const FIT_LIKENESS: Likeness = { logSize: TUNING.alikeLogSize, years: TUNING.alikeYears, grades: TUNING.alikeGrades };
/** A location factor's neighbours by era and grade only (a subdivision shares them, not its homes' sizes). */
export const LOCATION_LIKENESS: Likeness = { logSize: null, years: TUNING.locationYears, grades: TUNING.locationGrades };

/** How unlike a sale is to a home (a squared distance in likeness scales), by the facts both know. */
export function unlikeness(home: HomeFacts, sale: HomeFacts, scales: Likeness): number {
  let e = 0;
  if (scales.logSize !== null && positive(home.squareFeet) && positive(sale.squareFeet))
    e += (Math.log(home.squareFeet / sale.squareFeet) / scales.logSize) ** 2;
  if (positive(home.yearBuilt) && positive(sale.yearBuilt)) e += ((home.yearBuilt - sale.yearBuilt) / scales.years) ** 2;
  if (known(home.qualityGrade) && known(sale.qualityGrade)) e += ((home.qualityGrade - sale.qualityGrade) / scales.grades) ** 2;
  return e;
}

/** The subject and its candidates, nearest first, with their positions (miles east and north of the subject). */
export interface Neighbourhood {
  subject: ValuationSubject;
  /** The subject's fact columns (unknown = NaN). */
  subjectX: Float64Array;
  pool: readonly Candidate[];
  px: readonly number[];
  py: readonly number[];
}

export function neighbourhoodOf(subject: ValuationSubject, subjectX: Float64Array, pool: readonly Candidate[]): Neighbourhood {
  return { subject, subjectX, pool, px: pool.map((c) => c.gx), py: pool.map((c) => c.gy) };
}

/** A location factor at a point (miles from the subject), leaving out candidate `self` (−1: none), for `home`'s kind. */
export type LocationAt = (x0: number, y0: number, self: number, home: HomeFacts) => number;

/** Squared miles beyond which a neighbour's weight is not read. */
const LOCATION_REACH_SQUARED = (KERNEL_REACH * TUNING.locationMiles) ** 2;

/**
 * Location factor: the shrunk kernel mean of a fit's residuals around a point (local projection in miles), the
 * neighbours weighted also by how close their year built and quality grade are to the home's at that point (homes
 * of one subdivision share an era and a grade, and sell above or below the model together). Each residual is clipped
 * at `TUNING.locationClip` robust deviations of the fit (docs/decisions/050-valuation-engine.md): a teardown or a family sale next door
 * says little about the street, and unclipped it would move the subject's factor by its whole discount.
 */
export function locationFactor(hood: Neighbourhood, residual: Float64Array, scale: number): LocationAt {
  const { pool, px, py } = hood;
  const n = pool.length;
  const bound = TUNING.locationClip * scale;
  const clipped = residual.map((r) => Math.max(-bound, Math.min(bound, r)));
  return (x0, y0, self, home) => {
    let s = 0;
    let sw = 0;
    for (let i = 0; i < n; i++) {
      if (i === self) continue;
      const d2 = (px[i] - x0) ** 2 + (py[i] - y0) ** 2;
      if (d2 > LOCATION_REACH_SQUARED) continue;
      const wi = Math.exp(-0.5 * (d2 / TUNING.locationMiles ** 2 + unlikeness(home, pool[i].sale, LOCATION_LIKENESS)));
      s += wi * clipped[i];
      sw += wi;
    }
    return s / (sw + TUNING.locationShrink);
  };
}
