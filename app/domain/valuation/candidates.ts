/**
 * The sales a fit may use around a point (docs/decisions/050-valuation-engine.md): the candidate window's sales less the point's own
 * parcel and anything on or after the valuation date, each with its fact columns, position and market time.
 */
import { assertDate, WINDOW_MONTHS } from "./cells.ts";
import { factValues } from "./features.ts";
import { dayNumber, distanceMiles, MILES_PER_DEGREE, monthsBefore } from "./geo.ts";
import { seasonalFactor } from "./price-index.ts";
import type { Sale, ValuationOptions } from "./types.ts";

export interface Candidate {
  sale: Sale;
  day: number;
  daysBefore: number;
  /** Days before the latest candidate sale (the index's anchor). */
  sinceLast: number;
  distance: number;
  y: number;
  /** The seasonal factor (ln price) of the sale's day of the year. */
  season: number;
  /** The fact column values (unknown = NaN). */
  x: Float64Array;
  /** Miles east and north of the subject. */
  gx: number;
  gy: number;
}

/** The candidates around a point, nearest first, with where the index is anchored and how far back they go. */
export interface CandidatePool {
  pool: Candidate[];
  /** Days from the latest candidate sale (the index's anchor) to the valuation date. */
  gap: number;
  /** Days from the oldest candidate sale to the latest. */
  span: number;
}

/**
 * The sales a fit may use around a point, nearest first (ties by id, so the caller's order does not matter), with the
 * index's anchor at the latest of them: none of the point's own parcel, none on or after the valuation date or more
 * than WINDOW_MONTHS before it.
 */
export function candidatesAround(
  point: { latitude: number; longitude: number; parcelId?: string | null },
  sales: readonly Sale[],
  options: ValuationOptions,
): CandidatePool {
  const valuationDay = assertDate(options.valuationDate);
  const fromDate = monthsBefore(options.valuationDate, WINDOW_MONTHS);
  const cosLat = Math.cos((point.latitude * Math.PI) / 180);
  const pool: Candidate[] = [];
  for (const sale of sales) {
    if (point.parcelId && sale.parcelId === point.parcelId) continue;
    if (!(sale.saleDate < options.valuationDate) || sale.saleDate < fromDate) continue;
    if (!(sale.price > 0) || !Number.isFinite(sale.latitude) || !Number.isFinite(sale.longitude)) continue;
    const day = dayNumber(sale.saleDate);
    if (Number.isNaN(day)) continue;
    pool.push({
      sale,
      day,
      daysBefore: valuationDay - day,
      sinceLast: 0,
      distance: distanceMiles(point, sale),
      y: Math.log(sale.price),
      season: seasonalFactor(day),
      x: factValues(sale),
      gx: (sale.longitude - point.longitude) * cosLat * MILES_PER_DEGREE,
      gy: (sale.latitude - point.latitude) * MILES_PER_DEGREE,
    });
  }
  pool.sort((a, b) => a.distance - b.distance || compareText(a.sale.id, b.sale.id));
  // The index is anchored at the latest candidate sale and carried from there to the valuation date.
  const gap = pool.reduce((min, c) => Math.min(min, c.daysBefore), Infinity);
  const span = pool.reduce((max, c) => Math.max(max, c.daysBefore), 0) - gap;
  for (const c of pool) c.sinceLast = c.daysBefore - gap;
  return { pool, gap, span };
}

/** Code-unit order of two strings (not the locale's), so ties break the same everywhere. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
