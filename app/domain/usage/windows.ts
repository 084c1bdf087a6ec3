/**
 * The fixed windows usage is counted in, aligned to UTC (a minute, a day, a calendar month), so every request
 * computes the same window start and a counter whose stored start differs belongs to a window that has passed.
 */
export const USAGE_WINDOWS = ["minute", "day", "month"] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function windowStart(window: UsageWindow, now: Date): number {
  const ms = now.getTime();
  if (window === "minute") return ms - (ms % MINUTE_MS);
  if (window === "day") return ms - (ms % DAY_MS);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

export function windowEnd(window: UsageWindow, now: Date): number {
  if (window === "minute") return windowStart(window, now) + MINUTE_MS;
  if (window === "day") return windowStart(window, now) + DAY_MS;
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
}

/** Whole seconds until the window ends (at least 1): the Retry-After of a refusal. */
export function secondsUntilWindowEnds(window: UsageWindow, now: Date): number {
  return Math.max(1, Math.ceil((windowEnd(window, now) - now.getTime()) / 1000));
}

/** "2026-11": the month a charge is reported under. */
export function usagePeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}
