/**
 * Caps on metered actions, enforced atomically (docs/decisions/080-usage-ledger-and-caps.md): a reservation adds the
 * units (and their cost) to every window's counter in ONE statement and reads the new totals back; past a cap it
 * takes them back and refuses. Two parallel requests at the last unit get totals n and n+1, so only one passes.
 * The action then runs; on success its ledger entry is written with it (ledger.server.ts), on failure the
 * reservation is released.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { usageBudgets, usageCounters, usageMemberBudgets, usageMemberLimits } from "#db/schema.ts";
import { limitMessage, memberLimitMessage, memberSpendMessage, spendMessage } from "#app/domain/usage/cap-messages.ts";
import type { KindLimits, UsageKind } from "#app/domain/usage/kinds.ts";
import { MEMBER_LIMIT_KINDS } from "#app/domain/usage/member-limits.ts";
import type { Reservation } from "#app/domain/usage/reservation.ts";
import { microcentsToCents, toMicrocents } from "#app/domain/usage/usage-money.ts";
import { secondsUntilWindowEnds, USAGE_WINDOWS, windowStart, type UsageWindow } from "#app/domain/usage/windows.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { actingMember, type Spender } from "./acting-member.server.ts";
import { policyOf } from "./policy.server.ts";

const SPEND_METER = "spend";
/** One member's spend this month in a workspace, counted beside the workspace's own in the same statement. */
const memberSpendMeter = (memberId: string) => `${SPEND_METER}:${memberId}`;
/** One member's units of a kind, counted beside the workspace's in the same statement (their own limits). */
const memberKindMeter = (kind: UsageKind, memberId: string) => `${kind}:${memberId}`;
const MEMBER_SPANS = ["day", "month"] as const;
const MEMBER_LIMIT_KEY = { day: "perDay", month: "perMonth" } as const;
const memberLimited = (kind: UsageKind) => (MEMBER_LIMIT_KINDS as readonly UsageKind[]).includes(kind);
const LIMIT_KEY: Record<UsageWindow, keyof KindLimits> = { minute: "perMinute", day: "perDay", month: "perMonth" };

export type { Reservation };

export type CapRefusal = { ok: false; status: 402 | 429; message: string; retryAfterSeconds: number };

/** A request's context also carries its session lookup, which names the member spending (`actingMember`). */
type UsageContext = ServiceContext<"db" | "config" | "providers"> & Partial<ServiceContext<"sessionLookups">>;

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
 * Counts `quantity` units of `kind` for the workspace `userId` against every cap, or refuses (429 past a rate cap, 402
 * past the workspace's or the acting member's monthly spend cap) having counted nothing. A quantity of 0 always passes.
 */
export async function reserveUsage(
  context: UsageContext & ServiceContext<"now">,
  userId: string,
  kind: UsageKind,
  quantity: number,
  mode: "reserve" | "count" = "reserve",
): Promise<{ ok: true; reservation: Reservation } | CapRefusal> {
  const reserved = await reserveUsages(context, userId, [{ kind, quantity }], mode);
  return reserved.ok ? { ok: true, reservation: reserved.reservations[0]! } : reserved;
}

/**
 * Several kinds at once (a lead search's records and skip traces), counted in ONE batch and checked together: a
 * refusal of any takes every one back. The member spending is the request's signed-in person (`actingMember`).
 */
export async function reserveUsages(
  context: UsageContext & ServiceContext<"now">,
  userId: string,
  items: readonly { kind: UsageKind; quantity: number }[],
  mode: "reserve" | "count" = "reserve",
): Promise<{ ok: true; reservations: Reservation[] } | CapRefusal> {
  const spender = { workspaceId: userId, memberId: await actingMember(context, userId) };
  return reserveFor(context, { spender, items, mode });
}

/**
 * `reserveUsage` for a named member: work done for them with no session of theirs in the request (the sweep finishing
 * their dead request), counted against their own cap and limits as their request's would be.
 */
export async function reserveUsageBy(
  context: UsageContext & ServiceContext<"now">,
  input: { spender: Spender; kind: UsageKind; quantity: number },
): Promise<{ ok: true; reservation: Reservation } | CapRefusal> {
  const { spender, kind, quantity } = input;
  const reserved = await reserveFor(context, { spender, items: [{ kind, quantity }], mode: "reserve" });
  return reserved.ok ? { ok: true, reservation: reserved.reservations[0]! } : reserved;
}

/** `reserveUsages` for a named member (a saved search's daily run charges the member who saved it). */
export function reserveUsagesBy(
  context: UsageContext & ServiceContext<"now">,
  input: { spender: Spender; items: readonly { kind: UsageKind; quantity: number }[] },
): Promise<{ ok: true; reservations: Reservation[] } | CapRefusal> {
  return reserveFor(context, { ...input, mode: "reserve" });
}

/** Counts units for `spender` (their workspace, their own spend and their own limits) against every cap, in one batch. */
async function reserveFor(
  context: UsageContext & ServiceContext<"now">,
  input: { spender: Spender; items: readonly { kind: UsageKind; quantity: number }[]; mode: "reserve" | "count" },
): Promise<{ ok: true; reservations: Reservation[] } | CapRefusal> {
  const { spender, items, mode } = input;
  const now = context.now();
  const policy = policyOf(context);
  const template = (kind: UsageKind) => usageTemplate({ ...context, now: () => now }, spender.workspaceId, kind, spender.memberId);
  const reservations = items.map(({ kind, quantity }) => ({ ...template(kind), quantity }));
  const counted = reservations.filter((reservation) => reservation.quantity > 0);
  if (counted.length === 0) return { ok: true, reservations };
  const [budget, memberBudget, memberLimits, ...totalsByKind] = await context.db.batch([
    context.db.select({ cap: usageBudgets.monthlyCapCents }).from(usageBudgets).where(eq(usageBudgets.userId, spender.workspaceId)),
    memberBudgetQuery(context, spender),
    memberLimitsQuery(context, spender),
    ...counted.map((reservation) =>
      countStatement(context, reservation).returning({
        meter: usageCounters.meter,
        span: usageCounters.span,
        amount: usageCounters.amount,
      }),
    ),
  ]);
  if (mode === "count") return { ok: true, reservations };
  const refuse = async (refusal: CapRefusal) => {
    await Promise.all(counted.map((reservation) => releaseUsage(context, reservation)));
    return refusal;
  };
  for (const [i, { kind }] of counted.entries()) {
    const own = memberLimits.find((limit) => limit.kind === kind);
    const refusal = rateRefusal({ kind, limits: policy.limits[kind], own, memberId: spender.memberId, totals: totalsByKind[i]!, now });
    if (refusal) return refuse(refusal);
  }
  const capCents = budget[0]?.cap ?? policy.defaultMonthlySpendCapCents;
  // The last count's spend rows hold every kind's cost of this batch, the workspace's and the member's.
  const spentOn = (meter: string) => totalsByKind.at(-1)!.find((row) => row.meter === meter)?.amount ?? 0;
  const spent = spentOn(SPEND_METER);
  const memberSpent = spentOn(memberSpendMeter(spender.memberId));
  const cost = counted.reduce((sum, reservation) => sum + reservation.unitCostMicrocents * reservation.quantity, 0);
  const paid = cost > 0 || counted.some((reservation) => policy.provider[reservation.kind] !== "local");
  const past = (message: string): CapRefusal => ({
    ok: false,
    status: 402,
    message,
    retryAfterSeconds: secondsUntilWindowEnds("month", now),
  });
  if (paid && microcentsToCents(spent) > capCents) return refuse(past(spendMessage(capCents, microcentsToCents(spent - cost))));
  const memberCap = memberBudget[0]?.cap;
  if (paid && memberCap !== undefined && microcentsToCents(memberSpent) > memberCap)
    return refuse(past(memberSpendMessage(memberCap, microcentsToCents(memberSpent - cost))));
  return { ok: true, reservations };
}

function memberBudgetQuery(context: ServiceContext<"db">, spender: Spender) {
  return context.db
    .select({ cap: usageMemberBudgets.monthlyCapCents })
    .from(usageMemberBudgets)
    .where(and(eq(usageMemberBudgets.userId, spender.workspaceId), eq(usageMemberBudgets.memberId, spender.memberId)));
}

/**
 * The refusal (429) when the new totals of `kind` pass a workspace's rate limit or the member's own, else null. The
 * workspace's is named first: it is what an owner would have to raise for everyone.
 */
function rateRefusal(input: {
  kind: UsageKind;
  limits: KindLimits;
  own: { perDay: number | null; perMonth: number | null } | undefined;
  memberId: string;
  totals: readonly { meter: string; span: string; amount: number }[];
  now: Date;
}): CapRefusal | null {
  const { kind, limits, own, memberId, totals, now } = input;
  const total = (meter: string, span: UsageWindow) => totals.find((row) => row.meter === meter && row.span === span)?.amount ?? 0;
  const refusal = (message: string, span: UsageWindow): CapRefusal => ({
    ok: false,
    status: 429,
    message,
    retryAfterSeconds: secondsUntilWindowEnds(span, now),
  });
  for (const span of USAGE_WINDOWS) {
    const max = limits[LIMIT_KEY[span]];
    if (max !== null && total(kind, span) > max) return refusal(limitMessage(kind, max, span, now), span);
  }
  for (const span of own ? MEMBER_SPANS : []) {
    const max = own?.[MEMBER_LIMIT_KEY[span]] ?? null;
    if (max !== null && total(memberKindMeter(kind, memberId), span) > max) return refusal(memberLimitMessage(kind, max, span, now), span);
  }
  return null;
}

function memberLimitsQuery(context: ServiceContext<"db">, spender: Spender) {
  return context.db
    .select({ kind: usageMemberLimits.kind, perDay: usageMemberLimits.perDay, perMonth: usageMemberLimits.perMonth })
    .from(usageMemberLimits)
    .where(and(eq(usageMemberLimits.userId, spender.workspaceId), eq(usageMemberLimits.memberId, spender.memberId)));
}

/**
 * What `kind` costs the workspace now and at which provider, with no units yet: plain data a Durable Object can carry
 * and count units against later (`countStatement`), when it has no configuration of its own. `memberId` is who
 * spends (default: the workspace's founder).
 */
export function usageTemplate(
  context: UsageContext & ServiceContext<"now">,
  userId: string,
  kind: UsageKind,
  memberId: string = userId,
): Reservation {
  const now = context.now();
  const policy = policyOf(context);
  return {
    userId,
    memberId,
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
  // The spend rows are read back even when this unit is free (an AI call is paid by its tokens, counted after it).
  const cost = reservation.unitCostMicrocents * quantity;
  rows.push({ userId, meter: SPEND_METER, span: "month", windowStart: starts.month, amount: cost });
  rows.push({ userId, meter: memberSpendMeter(reservation.memberId), span: "month", windowStart: starts.month, amount: cost });
  if (memberLimited(kind))
    for (const span of MEMBER_SPANS)
      rows.push({ userId, meter: memberKindMeter(kind, reservation.memberId), span, windowStart: starts[span], amount: quantity });
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
export async function countUsage(
  context: UsageContext & ServiceContext<"now">,
  input: { spender: Spender; kind: UsageKind; quantity: number },
) {
  const now = context.now();
  const { spender, kind, quantity } = input;
  const counted = await reserveFor({ ...context, now: () => now }, { spender, items: [{ kind, quantity }], mode: "count" });
  if (!counted.ok) throw new Error("counting usage never refuses");
  return counted.reservations[0]!;
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
  const spend = [take(SPEND_METER, "month", cost), take(memberSpendMeter(reservation.memberId), "month", cost)] as const;
  const own = memberLimited(kind) ? MEMBER_SPANS.map((span) => take(memberKindMeter(kind, reservation.memberId), span, units)) : [];
  await context.db.batch(cost > 0 ? [minute, day, month, ...own, ...spend] : [minute, day, month, ...own]);
}

function startsOf(now: Date): Reservation["starts"] {
  return { minute: windowStart("minute", now), day: windowStart("day", now), month: windowStart("month", now) };
}

/**
 * Why `spender` has no unit of `kind` left (some window of the workspace or of their own is full, or the workspace's
 * or their monthly spend cap is spent), or null: a read, counting nothing, for a job that would rather pass them over
 * than be refused (the daily saved-search run).
 */
export async function capReached(context: UsageContext & ServiceContext<"now">, spender: Spender, kind: UsageKind): Promise<string | null> {
  const now = context.now();
  const policy = policyOf(context);
  const starts = startsOf(now);
  const userId = spender.workspaceId;
  const memberMeter = memberSpendMeter(spender.memberId);
  const ownMeter = memberKindMeter(kind, spender.memberId);
  const [budget, memberBudget, memberLimits, rows] = await context.db.batch([
    context.db.select({ cap: usageBudgets.monthlyCapCents }).from(usageBudgets).where(eq(usageBudgets.userId, userId)),
    memberBudgetQuery(context, spender),
    memberLimitsQuery(context, spender),
    context.db
      .select({
        meter: usageCounters.meter,
        span: usageCounters.span,
        windowStart: usageCounters.windowStart,
        amount: usageCounters.amount,
      })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), inArray(usageCounters.meter, [kind, SPEND_METER, memberMeter, ownMeter]))),
  ]);
  const current = (meter: string, span: UsageWindow) =>
    rows.find((row) => row.meter === meter && row.span === span && row.windowStart === starts[span])?.amount ?? 0;
  const limits = policy.limits[kind];
  for (const span of USAGE_WINDOWS) {
    const max = limits[LIMIT_KEY[span]];
    if (max !== null && current(kind, span) >= max) return limitMessage(kind, max, span, now);
  }
  const own = memberLimits.find((limit) => limit.kind === kind);
  for (const span of own ? MEMBER_SPANS : []) {
    const max = own?.[MEMBER_LIMIT_KEY[span]] ?? null;
    if (max !== null && current(ownMeter, span) >= max) return memberLimitMessage(kind, max, span, now);
  }
  const capCents = budget[0]?.cap ?? policy.defaultMonthlySpendCapCents;
  const spentCents = microcentsToCents(current(SPEND_METER, "month"));
  if (policy.unitCostCents[kind] <= 0) return null;
  if (spentCents >= capCents) return spendMessage(capCents, spentCents);
  const memberCap = memberBudget[0]?.cap;
  const memberSpentCents = microcentsToCents(current(memberMeter, "month"));
  return memberCap !== undefined && memberSpentCents >= memberCap ? memberSpendMessage(memberCap, memberSpentCents) : null;
}
