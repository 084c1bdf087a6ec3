/**
 * Distances and dates for the valuation engine: pure helpers shared by the engine, the API's candidate query and the
 * benchmark's in-memory pool, so all of them measure "near" and "before" the same way.
 */
import type { CandidateWindow, HomeFacts } from "./types.ts";

const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;
/** Miles per degree of latitude (and of longitude at the equator). */
export const MILES_PER_DEGREE = EARTH_RADIUS_MILES * RADIANS;

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = (b.latitude - a.latitude) * RADIANS;
  const dLon = (b.longitude - a.longitude) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

const dayCache = new Map<string, number>();

/** Days since 1970-01-01 of a `YYYY-MM-DD` date (NaN when it is not one). */
export function dayNumber(date: string): number {
  const cached = dayCache.get(date);
  if (cached !== undefined) return cached;
  let day = Number.NaN;
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    const [year, month, dom] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
    const ms = Date.UTC(year, month - 1, dom);
    // Reject dates that roll over (2015-02-30).
    if (new Date(ms).getUTCDate() === dom && month >= 1 && month <= 12) day = ms / 86_400_000;
  }
  if (dayCache.size < 100_000) dayCache.set(date, day);
  return day;
}

/** `YYYY-MM-DD` of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The date `months` calendar months before `date` (day clamped to the month's end). */
export function monthsBefore(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - months;
  const day = Number(date.slice(8, 10));
  const first = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOfDay(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay)) / 86_400_000);
}

/** Whether a sale is one the window asks for (inside the box, on/after `fromDate`, before `beforeDate`). */
export function inWindow(sale: HomeFacts & { saleDate: string }, window: CandidateWindow): boolean {
  return (
    sale.latitude >= window.minLatitude &&
    sale.latitude <= window.maxLatitude &&
    sale.longitude >= window.minLongitude &&
    sale.longitude <= window.maxLongitude &&
    sale.saleDate >= window.fromDate &&
    sale.saleDate < window.beforeDate
  );
}

/**
 * The window's answer from sales already inside it: the `limit` nearest to the subject (ties by id), as the API's
 * `ORDER BY` distance `LIMIT` gives them. Squared equirectangular distance, the ordering SQL can compute.
 */
export function nearestFirst<S extends HomeFacts & { id: string }>(
  sales: readonly S[],
  subject: { latitude: number; longitude: number },
  limit: number,
): S[] {
  if (sales.length <= limit) return [...sales];
  const cos = Math.cos(subject.latitude * RADIANS);
  const keyed = sales.map((sale) => {
    const dy = sale.latitude - subject.latitude;
    const dx = (sale.longitude - subject.longitude) * cos;
    return { sale, key: dy * dy + dx * dx };
  });
  keyed.sort((a, b) => a.key - b.key || (a.sale.id < b.sale.id ? -1 : a.sale.id > b.sale.id ? 1 : 0));
  return keyed.slice(0, limit).map((entry) => entry.sale);
}
