/**
 * Today's ranking in SQL (ADR 096): the order of `compareTasks` as ORDER BY keys, so the page reads only its own
 * tasks in full. The user's calendar day of a step is its instant plus the zone's offset, exact wherever the zone kept
 * today's offset (`steadyOffset`); before that, a step within MIDNIGHT_MARGIN_MS of a local midnight might belong to
 * the day beside it, so it is not ranked here but read as a candidate for the exact ranking in the Worker.
 */
import { and, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";

import { DAY_MS } from "#app/domain/sequences/plan.ts";
import { MAX_DAYS_SINCE_CONTACT, SELLER_TYPE_HEAT, STATUS_HEAT } from "#app/domain/today/tasks.ts";

/** Beyond the largest change of offset daylight saving makes (2 hours, Antarctica/Troll). */
export const MIDNIGHT_MARGIN_MS = 3 * 60 * 60 * 1000;

/** What the ranking needs of the user's zone: its offset now and since when it has had it (`steadyOffset`). */
export type ZoneOffset = { offsetMs: number; since: Date };

/** The ranking's facts of a due task, as columns of the statement (due-tasks.server.ts: its CTE). */
export type RankingFacts = Record<"id" | "scheduledFor" | "status" | "equityPercentage" | "leadType" | "lastActionAt", SQLWrapper>;

/** An integer of our own, written into the statement: D1 binds at most 100 values, and these are not user input. */
function integer(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a safe integer: ${value}`);
  return String(value);
}
const literal = (value: number): SQL => sql.raw(integer(value));

/** x mod d in [0, d) for any sign of x (SQLite's % keeps the sign of x). */
function floorMod(x: SQL, d: number): SQL {
  return sql`((((${x}) % ${literal(d)}) + ${literal(d)}) % ${literal(d)})`;
}

/** ⌊x / d⌋ for any sign of x (SQLite's integer division truncates toward zero). */
function floorDiv(x: SQL, d: number): SQL {
  return sql`((${x}) - ${floorMod(x, d)}) / ${literal(d)}`;
}

/** `heat[column]`, else 0 (the keys are our constants, checked before they are written into the statement). */
function heatOf(column: SQL, heat: Record<string, number>): SQL {
  const cases = Object.entries(heat).map(([key, value]) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`not a plain key: ${key}`);
    return sql.raw(`when '${key}' then ${integer(value)}`);
  });
  return sql`(case ${column} ${sql.join(cases, sql` `)} else 0 end)`;
}

/** The step's time of day in the zone at its offset now, in milliseconds since local midnight. */
function timeOfDay(zone: ZoneOffset, scheduled: SQL): SQL {
  return floorMod(sql`${scheduled} + ${literal(zone.offsetMs)}`, DAY_MS);
}

/**
 * A step (scheduled at `scheduled`) whose day the zone's offset now may not tell: before the offset held, and near a
 * local midnight.
 */
export function nearMidnight(zone: ZoneOffset, scheduled: SQL): SQL {
  const near = or(
    lt(timeOfDay(zone, scheduled), literal(MIDNIGHT_MARGIN_MS)),
    sql`${timeOfDay(zone, scheduled)} >= ${literal(DAY_MS - MIDNIGHT_MARGIN_MS)}`,
  );
  return and(sql`${scheduled} < ${literal(zone.since.getTime())}`, near) as SQL;
}

/**
 * compareTasks' keys: the user's day (the oldest first), status, equity, days since the last contact (never counts as
 * MAX_DAYS_SINCE_CONTACT), seller type, then the instant and the step's id.
 */
export function rankingOrder(now: Date, zone: ZoneOffset, facts: RankingFacts): SQL[] {
  const scheduled = sql`${facts.scheduledFor}`;
  const day = floorDiv(sql`${scheduled} + ${literal(zone.offsetMs)}`, DAY_MS);
  // The clock is a bound value, so the statement's text stays the same from request to request (and D1 can keep it
  // prepared); floorDiv repeats it, three values of D1's 100.
  const sinceContact = floorDiv(sql`${now.getTime()} - ${facts.lastActionAt}`, DAY_MS);
  const cap = literal(MAX_DAYS_SINCE_CONTACT);
  return [
    sql`${day} asc`,
    sql`${heatOf(sql`${facts.status}`, STATUS_HEAT)} desc`,
    sql`coalesce(${facts.equityPercentage}, 0) desc`,
    sql`min(coalesce(${sinceContact}, ${cap}), ${cap}) desc`,
    sql`${heatOf(sql`${facts.leadType}`, SELLER_TYPE_HEAT)} desc`,
    sql`${scheduled} asc`,
    sql`${facts.id} asc`,
  ];
}
