/**
 * Display formats of spec 01 §9, shared by every section: money in whole US dollars, numbers en-US without
 * decimals, dates MM/DD/YYYY, missing numbers "N/A", relative times.
 */
const MONEY = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export const NOT_AVAILABLE = "N/A";

export function formatMoney(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : MONEY.format(value);
}

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : NUMBER.format(value);
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
 * Spec 01 §9: under 1 hour "just now"; under 24 hours in whole hours ("1 hour ago", "5 hours ago"); beyond that in
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
