/**
 * Calendar days in the user's IANA time zone (ADR 096): "due today" and a sequence's day N are the user's days, not
 * UTC's. Pure Intl arithmetic (no tz database of our own): a zone's offset at an instant is read from
 * Intl.DateTimeFormat, so daylight-saving changes come out right.
 */

export const DEFAULT_TIME_ZONE = "UTC";
/** The cookie the inline script in root.tsx sets from the browser's Intl zone; read when the user has none stored. */
export const TIME_ZONE_COOKIE = "breeze_tz";
export const TIME_ZONE_INVALID = "Choose a time zone from the list";
/** IANA names are short ASCII ("America/Argentina/ComodRivadavia" is among the longest). */
const MAX_ZONE_LENGTH = 64;
const DAY_MS = 24 * 60 * 60 * 1000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(zone, format);
  }
  return format;
}

/** Whether `value` names a time zone this runtime knows (an IANA name such as "Pacific/Auckland", or "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_ZONE_LENGTH) return false;
  try {
    formatOf(value);
    return true;
  } catch {
    return false;
  }
}

/** The user's zone: the one stored in their preferences, else the browser's (the cookie), else UTC. */
export function zoneOf(preferences: Record<string, unknown> | null | undefined, browserZone?: string | null): string {
  const stored = preferences?.timeZone;
  if (isTimeZone(stored)) return stored;
  return isTimeZone(browserZone) ? browserZone : DEFAULT_TIME_ZONE;
}

/** The wall-clock time in `zone` at `instant`, as if it were UTC (milliseconds). */
function wallMs(instant: Date, zone: string): number {
  // UTC's wall clock is the instant itself: no formatter (the default zone, and Today's per-row dates, ask often).
  if (zone === DEFAULT_TIME_ZONE) return instant.getTime();
  const parts: Record<string, number> = {};
  for (const part of formatOf(zone).formatToParts(instant)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, instant.getUTCMilliseconds());
}

/** How far back steadyOffset looks for the zone's last change of offset, by the day. */
export const STEADY_OFFSET_DAYS = 60;
/** The most steadyOffset answers it keeps (one per zone and end of day in use). */
const STEADY_OFFSETS_KEPT = 256;
const steadyOffsets = new Map<string, { offsetMs: number; since: Date }>();

/** The zone's UTC offset at `instant`, in milliseconds (its wall clock minus the instant). */
export function offsetMs(instant: Date, zone: string): number {
  return wallMs(instant, zone) - instant.getTime();
}

/**
 * The offset `zone` has at `until` and the earliest instant it has had it since (within STEADY_OFFSET_DAYS; the
 * horizon when it never changed in that time): every instant in [since, until] is `offsetMs` from its wall clock, so
 * a query can count the zone's calendar days with one addition there. Probed by the day (no zone changes its offset
 * twice in a day), then to the millisecond; kept per zone and `until` (a user's end of today, the same all day).
 */
export function steadyOffset(until: Date, zone: string): { offsetMs: number; since: Date } {
  if (zone === DEFAULT_TIME_ZONE) return { offsetMs: 0, since: new Date(-8.64e15) };
  const key = `${zone} ${until.getTime()}`;
  const kept = steadyOffsets.get(key);
  if (kept) return kept;
  const offset = offsetMs(until, zone);
  let since = new Date(until.getTime() - STEADY_OFFSET_DAYS * DAY_MS);
  for (let day = 1; day <= STEADY_OFFSET_DAYS; day++) {
    const probe = until.getTime() - day * DAY_MS;
    if (offsetMs(new Date(probe), zone) === offset) continue;
    // The change is in (probe, probe + a day]: halve it down to the first millisecond with today's offset.
    let [changed, steady] = [probe, probe + DAY_MS];
    while (steady - changed > 1) {
      const mid = Math.floor((changed + steady) / 2);
      if (offsetMs(new Date(mid), zone) === offset) steady = mid;
      else changed = mid;
    }
    since = new Date(steady);
    break;
  }
  if (steadyOffsets.size >= STEADY_OFFSETS_KEPT) steadyOffsets.clear();
  const answer = { offsetMs: offset, since };
  steadyOffsets.set(key, answer);
  return answer;
}

/** The instant the wall clock in `zone` reads `wall` (a gap's time lands just after it; an overlap's, on the first). */
function instantOfWall(wall: number, zone: string): Date {
  let guess = wall - (wallMs(new Date(wall), zone) - wall);
  // Twice: the offset at the first guess can differ from the offset at the answer across a DST change.
  for (let i = 0; i < 2; i++) guess = wall - (wallMs(new Date(guess), zone) - guess);
  return new Date(guess);
}

/** The user's calendar day of `instant` as a day count since 1970-01-01 (comparable, subtractable). */
export function localDayNumber(instant: Date, zone: string): number {
  return Math.floor(wallMs(instant, zone) / DAY_MS);
}

/** The user's calendar day of `instant`, "YYYY-MM-DD". */
export function localDate(instant: Date, zone: string): string {
  return dayNumberDate(localDayNumber(instant, zone));
}

/** A calendar day counted since 1970-01-01 (localDayNumber's), "YYYY-MM-DD". */
export function dayNumberDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The instant the user's day after `now` begins: a task is due today when it is scheduled before it. */
export function startOfNextLocalDay(now: Date, zone: string): Date {
  return instantOfWall((localDayNumber(now, zone) + 1) * DAY_MS, zone);
}

/** `days` calendar days after `instant` in the user's zone, at the same wall-clock time (a DST day is 23 or 25 hours). */
export function addLocalDays(instant: Date, days: number, zone: string): Date {
  return instantOfWall(wallMs(instant, zone) + days * DAY_MS, zone);
}

/**
 * The earliest and latest instants a user's "tomorrow" can begin at `now`, whatever their zone (UTC−12 … UTC+14, a
 * 25-hour day): what a read made before the user's zone is known asks for, and filters once it is.
 */
export function nextDayBounds(now: Date): { earliest: Date; latest: Date } {
  return { earliest: now, latest: new Date(now.getTime() + DAY_MS + 60 * 60 * 1000) };
}
