/**
 * Display formats of the spec, shared by every section: money in whole US dollars, numbers en-US without
 * decimals, dates MM/DD/YYYY, missing numbers "N/A", relative times.
 *
 * Money and numbers are grouped here rather than by Intl.NumberFormat (docs/decisions/062-number-formatting-without-intl.md): a page's first NumberFormat costs
 * 30–90 ms of ICU set-up in Chromium on every page load, and every signed-in page formats money while it hydrates.
 * The output is Intl.NumberFormat's for en-US (tests/unit/format.test.ts compares the two over many values).
 */
export const NOT_AVAILABLE = "N/A";

/**
 * A value (an Intl formatter) made at its first use rather than when its module loads: a page's first Intl formatter
 * costs tens of milliseconds to set up, too much to pay for a module a page merely imports.
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** Digits of |value| rounded half away from zero (Intl's default "halfExpand"), grouped in threes: "1,234,567". */
function wholeDigits(value: number): string {
  const whole = Math.round(Math.abs(value));
  return expandExponent(String(whole)).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** From 1e21 on, String() answers "1.2345e+21"; Intl spells out the same shortest digits, then zeros. */
function expandExponent(text: string): string {
  const match = /^(\d)(?:\.(\d+))?e\+(\d+)$/.exec(text);
  if (!match) return text;
  const digits = match[1] + (match[2] ?? "");
  return digits.padEnd(Number(match[3]) + 1, "0");
}

/** Intl's sign for en-US: a minus for every negative value, -0 and what rounds to 0 included ("-$0"). */
function isNegative(value: number): boolean {
  return value < 0 || Object.is(value, -0);
}

export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return `${isNegative(value) ? "-" : ""}$${wholeDigits(value)}`;
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  return `${isNegative(value) ? "-" : ""}${wholeDigits(value)}`;
}

/** Bathrooms with up to two decimals, as vendors count them: 2.25 → "2.25", 2.5 → "2.5", 2 → "2"; missing → "N/A". */
export function formatBaths(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return NOT_AVAILABLE;
  return String(Math.round(value * 100) / 100);
}

/** MM/DD/YYYY in UTC (dates are stored as instants or YYYY-MM-DD; UTC keeps the server and browser renders equal). */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const date = typeof value === "string" ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
  const dd = String(date.getUTCDate()).padStart(2, "0");
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Under 1 hour "just now"; under 24 hours in whole hours ("1 hour ago", "5 hours ago"); beyond that in
 * whole days ("1 day ago" for 24 to 47 hours). A time in the future counts as "just now".
 */
export function relativeTime(date: Date | string, now: Date): string {
  const then = typeof date === "string" ? new Date(date) : date;
  const elapsed = now.getTime() - then.getTime();
  if (!(elapsed >= HOUR_MS)) return "just now";
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return `${hours} ${hours === 1 ? "hour" : "hours"} ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return `${days} ${days === 1 ? "day" : "days"} ago`;
}
