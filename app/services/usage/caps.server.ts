/**
 * Caps on metered actions, enforced atomically (docs/decisions/080-usage-ledger-and-caps.md): a reservation adds the
 * units (and their cost) to every window's counter in ONE statement and reads the new totals back; past a cap it
 * takes them back and refuses. Two parallel requests at the last unit get totals n and n+1, so only one passes.
 * The action then runs; on success its ledger entry is written with it (ledger.server.ts), on failure the
 * reservation is released.
 */
import { and, eq, sql } from "drizzle-orm";

import { usageBudgets, usageCounters } from "#db/schema.ts";
import { USAGE_KIND_LABELS, type KindLimits, type UsageKind } from "#app/domain/usage/kinds.ts";
import { retryWords } from "#app/domain/usage/refusal-toast.ts";
import type { Reservation } from "#app/domain/usage/reservation.ts";
import { formatCostCents, microcentsToCents, toMicrocents } from "#app/domain/usage/usage-money.ts";
import { secondsUntilWindowEnds, USAGE_WINDOWS, windowStart, type UsageWindow } from "#app/domain/usage/windows.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { policyOf } from "./policy.server.ts";

const SPEND_METER = "spend";
const LIMIT_KEY: Record<UsageWindow, keyof KindLimits> = { minute: "perMinute", day: "perDay", month: "perMonth" };
const WINDOW_WORDS: Record<UsageWindow, string> = { minute: "a minute", day: "a day", month: "a month" };

export type { Reservation };

export type CapRefusal = { ok: false; status: 402 | 429; message: string; retryAfterSeconds: number };

type UsageContext = ServiceContext<"db" | "config" | "providers">;

/** The user's monthly spend cap in cents: their own, else the deployment's. */
export async function monthlyCapCents(context: UsageContext, userId: string): Promise<number> {
  const row = await context.db
    .select({ cap: usageBudgets.monthlyCapCents })
    .from(usageBudgets)
    .where(eq(usageBudgets.userId, userId))
    .get();
  return row?.cap ?? policyOf(context).defaultMonthlySpendCapCents;
}

/**
 * Counts `quantity` units of `kind` for the user against every cap, or refuses (429 past a rate cap, 402 past the
 * monthly spend cap) having counted nothing. A quantity of 0 always passes.
 */
export async function reserveUsage(
  context: UsageContext & ServiceContext<"now">,
  userId: string,
  kind: UsageKind,
  quantity: number,
  mode: "reserve" | "count" = "reserve",
): Promise<{ ok: true; reservation: Reservation } | CapRefusal> {
  const now = context.now();
  const policy = policyOf(context);
  const reservation = { ...usageTemplate({ ...context, now: () => now }, userId, kind), quantity };
  if (quantity <= 0) return { ok: true, reservation };
  const cost = reservation.unitCostMicrocents * quantity;
  const [budget, totals] = await context.db.batch([
    context.db.select({ cap: usageBudgets.monthlyCapCents }).from(usageBudgets).where(eq(usageBudgets.userId, userId)),
    countStatement(context, reservation).returning({
      meter: usageCounters.meter,
      span: usageCounters.span,
      amount: usageCounters.amount,
    }),
  ]);
  if (mode === "count") return { ok: true, reservation };
  const limits = policy.limits[kind];
  const label = USAGE_KIND_LABELS[kind];
  for (const span of USAGE_WINDOWS) {
    const max = limits[LIMIT_KEY[span]];
    const total = totals.find((row) => row.meter === kind && row.span === span)?.amount ?? 0;
    if (max !== null && total > max) {
      await releaseUsage(context, reservation);
      const retryAfterSeconds = secondsUntilWindowEnds(span, now);
      return {
        ok: false,
        status: 429,
        message: `You have reached your limit of ${max} ${max === 1 ? label.one : label.many} ${WINDOW_WORDS[span]}. Try again in ${retryWords(retryAfterSeconds)}.`,
        retryAfterSeconds,
      };
    }
  }
  const capCents = budget[0]?.cap ?? policy.defaultMonthlySpendCapCents;
  const spent = totals.find((row) => row.meter === SPEND_METER)?.amount ?? 0;
  if ((cost > 0 || policy.provider[kind] !== "local") && microcentsToCents(spent) > capCents) {
    await releaseUsage(context, reservation);
    const used = formatCostCents(microcentsToCents(spent - cost));
    return {
      ok: false,
      status: 402,
      message: `This would pass your monthly spending cap of ${formatCostCents(capCents)} (${used} used this month). Raise the cap in Profile → Usage to continue.`,
      retryAfterSeconds: secondsUntilWindowEnds("month", now),
    };
  }
  return { ok: true, reservation };
}

/**
 * What `kind` costs the user now and at which provider, with no units yet: plain data a Durable Object can carry and
 * count units against later (`countStatement`), when it has no configuration of its own.
 */
export function usageTemplate(context: UsageContext & ServiceContext<"now">, userId: string, kind: UsageKind): Reservation {
  const now = context.now();
  const policy = policyOf(context);
  return {
    userId,
    kind,
    quantity: 0,
    unitCostMicrocents: toMicrocents(policy.unitCostCents[kind]),
    provider: policy.provider[kind],
    starts: startsOf(now),
  };
}

/** A reservation moved to the windows of `now` (units counted later than they were priced). */
export function atWindowsOf(reservation: Reservation, quantity: number, now: Date): Reservation {
  return { ...reservation, quantity, starts: startsOf(now) };
}

/**
 * The one statement that adds a reservation's units (and their cost) to every window's counter and the month's
 * spend, as a statement: `reserveUsage` reads its totals back, an action that counts units it already used puts it in
 * its own batch (the deal analysis's tokens, written with its result).
 */
export function countStatement(context: ServiceContext<"db">, reservation: Reservation) {
  const { db } = context;
  const { userId, kind, quantity, starts } = reservation;
  const rows = USAGE_WINDOWS.map((span) => ({ userId, meter: kind as string, span, windowStart: starts[span], amount: quantity }));
  // The spend row is read back even when this unit is free (an AI call is paid by its tokens, counted after it).
  rows.push({ userId, meter: SPEND_METER, span: "month", windowStart: starts.month, amount: reservation.unitCostMicrocents * quantity });
  return db
    .insert(usageCounters)
    .values(rows)
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.meter, usageCounters.span],
      set: {
        amount: sql`case when ${usageCounters.windowStart} = excluded.window_start then ${usageCounters.amount} + excluded.amount else excluded.amount end`,
        windowStart: sql`excluded.window_start`,
      },
    });
}

/**
 * Counts units already used (an AI call's tokens, known only after it): added to the windows and the spend without
 * refusing, so the next call past a cap is the one refused.
 */
export async function countUsage(context: UsageContext & ServiceContext<"now">, userId: string, kind: UsageKind, quantity: number) {
  const now = context.now();
  const counted = await reserveUsage({ ...context, now: () => now }, userId, kind, quantity, "count");
  if (!counted.ok) throw new Error("counting usage never refuses");
  return counted.reservation;
}

/** Takes back `quantity` (default: all) of a reservation's units, from the windows it counted them in. */
export async function releaseUsage(context: ServiceContext<"db">, reservation: Reservation, quantity = reservation.quantity) {
  const units = Math.min(quantity, reservation.quantity);
  if (units <= 0) return;
  const { userId, kind, starts } = reservation;
  const cost = reservation.unitCostMicrocents * units;
  const take = (meter: string, span: UsageWindow, amount: number) =>
    context.db
      .update(usageCounters)
      .set({ amount: sql`max(${usageCounters.amount} - ${amount}, 0)` })
      .where(
        and(
          eq(usageCounters.userId, userId),
          eq(usageCounters.meter, meter),
          eq(usageCounters.span, span),
          eq(usageCounters.windowStart, starts[span]),
        ),
      );
  const [minute, day, month] = USAGE_WINDOWS.map((span) => take(kind, span, units));
  await context.db.batch(cost > 0 ? [minute, day, month, take(SPEND_METER, "month", cost)] : [minute, day, month]);
}

function startsOf(now: Date): Reservation["starts"] {
  return { minute: windowStart("minute", now), day: windowStart("day", now), month: windowStart("month", now) };
}
