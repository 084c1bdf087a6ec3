/**
 * Today's ranking in SQL (ADR 096): the order of `compareTasks` as ORDER BY keys, so the page reads only its own
 * tasks in full. The user's calendar day of a step is its instant plus the zone's offset, exact wherever the zone kept
 * today's offset (`steadyOffset`); before that, a step within MIDNIGHT_MARGIN_MS of a local midnight might belong to
 * the day beside it, so it is not ranked here but read as a candidate for the exact ranking in the Worker.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

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

/** ⌊x / d⌋ for any sign of x (SQLite's integer division truncates toward zero). */
function floorDiv(x: SQL, d: number): SQL {
  const mod = sql`((((${x}) % ${literal(d)}) + ${literal(d)}) % ${literal(d)})`;
  return sql`((${x}) - ${mod}) / ${literal(d)}`;
}

/**
 * `heat[column]`, else 0. The cases are written once, as one piece of text: the keys are our constants, checked before
 * they are written into the statement.
 */
function heatCases(heat: Record<string, number>): SQL {
  const cases = Object.entries(heat).map(([key, value]) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`not a plain key: ${key}`);
    return `when '${key}' then ${integer(value)}`;
  });
  return sql.raw(`${cases.join(" ")} else 0 end)`);
}
const STATUS_CASES = heatCases(STATUS_HEAT);
const SELLER_TYPE_CASES = heatCases(SELLER_TYPE_HEAT);

/**
 * The step's instant on the zone's wall clock at its offset now, in milliseconds. Every stored step is an instant
 * long after 1970, so this is positive and SQLite's integer `/` and `%` floor it as the Worker's ranking does.
 */
function wallClock(zone: ZoneOffset, scheduled: SQL): SQL {
  return sql`(${scheduled} + ${literal(zone.offsetMs)})`;
}

/** The earliest instant a Date holds: a zone steady "since" then has always had its offset (UTC). */
const ALWAYS = -8.64e15;

/**
 * A step (scheduled at `scheduled`) whose day the zone's offset now may not tell: before the offset held, and near a
 * local midnight. Undefined when there can be none: the zone has always had its offset.
 */
export function nearMidnight(zone: ZoneOffset, scheduled: SQL): SQL | undefined {
  if (zone.since.getTime() <= ALWAYS) return undefined;
  const awayFromMidnight = sql.raw(`not between ${integer(MIDNIGHT_MARGIN_MS)} and ${integer(DAY_MS - MIDNIGHT_MARGIN_MS - 1)}`);
  return sql`(${scheduled} < ${literal(zone.since.getTime())} and ${wallClock(zone, scheduled)} % ${literal(DAY_MS)} ${awayFromMidnight})`;
}

/**
 * compareTasks' keys: the user's day (the oldest first), status, equity, days since the last contact (never counts as
 * MAX_DAYS_SINCE_CONTACT), seller type, then the instant and the step's id.
 */
export function rankingOrder(now: Date, zone: ZoneOffset, facts: RankingFacts): SQL[] {
  const scheduled = sql`${facts.scheduledFor}`;
  const day = sql`${wallClock(zone, scheduled)} / ${literal(DAY_MS)}`;
  // The clock is a bound value, so the statement's text stays the same from request to request (and D1 can keep it
  // prepared); floorDiv repeats it, three values of D1's 100.
  const sinceContact = floorDiv(sql`${now.getTime()} - ${facts.lastActionAt}`, DAY_MS);
  const cap = literal(MAX_DAYS_SINCE_CONTACT);
  return [
    sql`${day} asc`,
    sql`(case ${facts.status} ${STATUS_CASES} desc`,
    sql`coalesce(${facts.equityPercentage}, 0) desc`,
    sql`min(coalesce(${sinceContact}, ${cap}), ${cap}) desc`,
    sql`(case ${facts.leadType} ${SELLER_TYPE_CASES} desc`,
    sql`${scheduled} asc`,
    sql`${facts.id} asc`,
  ];
}
