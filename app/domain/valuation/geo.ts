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

/** Day numbers count whole UTC days, which have no leap seconds in JavaScript time. */
const MS_PER_DAY = 86_400_000;
/** Character codes of "0", "9" and "-": a date is read from its characters, not matched by a pattern. */
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const DASH = 45;
/** Where the dashes of `YYYY-MM-DD` stand, and its length. */
const FIRST_DASH = 4;
const SECOND_DASH = 7;
const DATE_LENGTH = 10;

/** The number in `date`'s characters [from, to), or NaN unless they are all digits. */
function digitsAt(date: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) {
    const code = date.charCodeAt(i);
    if (code < DIGIT_0 || code > DIGIT_9) return Number.NaN;
    value = value * 10 + (code - DIGIT_0);
  }
  return value;
}

/**
 * Days since 1970-01-01 of a `YYYY-MM-DD` date (NaN when it is not one, as 2015-02-30). Read from the characters
 * with no allocation, so the hot loops that date every candidate need no cache.
 */
export function dayNumber(date: string): number {
  if (date.length !== DATE_LENGTH || date.charCodeAt(FIRST_DASH) !== DASH || date.charCodeAt(SECOND_DASH) !== DASH) return Number.NaN;
  const year = digitsAt(date, 0, 4);
  const month = digitsAt(date, 5, 7);
  const dom = digitsAt(date, 8, 10);
  if (!(month >= 1 && month <= 12 && dom >= 1)) return Number.NaN;
  const first = Date.UTC(year, month - 1, 1);
  const daysInMonth = (Date.UTC(year, month, 1) - first) / MS_PER_DAY;
  return dom <= daysInMonth ? first / MS_PER_DAY + dom - 1 : Number.NaN;
}

/** `YYYY-MM-DD` of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The date `months` calendar months before `date` (day clamped to the month's end). */
export function monthsBefore(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 - months;
  const day = Number(date.slice(8, 10));
  const first = new Date(Date.UTC(year, month, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return dateOfDay(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, lastDay)) / MS_PER_DAY);
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
