/**
 * The time zones a user can choose on the Profile (a select, ADR 096): UTC first, then the runtime's IANA names
 * (`Intl.supportedValuesOf("timeZone")`, which leaves UTC out). The form's zod schema checks a choice against the same
 * list, so what the select offers and what the server accepts cannot drift apart.
 */
import { DEFAULT_TIME_ZONE } from "./time-zone.ts";

let listed: { names: readonly string[]; set: ReadonlySet<string> } | undefined;

function list() {
  if (!listed) {
    const names = [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE)];
    listed = { names, set: new Set(names) };
  }
  return listed;
}

/** UTC, then every IANA zone name the runtime knows, in its (alphabetical) order. */
export function timeZoneNames(): readonly string[] {
  return list().names;
}

/** Whether `value` is one of timeZoneNames(). */
export function isListedTimeZone(value: unknown): value is string {
  return typeof value === "string" && list().set.has(value);
}

/**
 * The listed name of a stored or browser zone: itself, else the runtime's canonical name for it (an alias such as
 * Asia/Kolkata is listed as Asia/Calcutta, Etc/UTC as UTC), else UTC. The Profile's select starts on it.
 */
export function listedZone(zone: string): string {
  if (isListedTimeZone(zone)) return zone;
  try {
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    return isListedTimeZone(canonical) ? canonical : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
