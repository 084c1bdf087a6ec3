/**
 * The usage ledger: one row per metered event, written in the same D1 batch as the action it meters
 * (docs/decisions/080-usage-ledger-and-caps.md), and this month's totals for the Usage tab and GET /api/usage.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";

import { usageBudgets, usageEvents } from "#db/schema.ts";
import { USAGE_KINDS } from "#app/domain/usage/kinds.ts";
import type { UsageReport } from "#app/domain/usage/report.ts";
import { microcentsToCents } from "#app/domain/usage/usage-money.ts";
import { usagePeriod } from "#app/domain/usage/windows.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";

import { monthlyCapCents, type Reservation } from "./caps.server.ts";
import { policyOf } from "./policy.server.ts";

/**
 * The ledger row for `quantity` units of a reservation (what was actually used; at most what was reserved), as a
 * statement to put in the action's own batch.
 */
export function usageEntry(
  context: ServiceContext<"db" | "now">,
  reservation: Reservation,
  quantity: number,
  providerRequestId?: string | null,
) {
  return context.db.insert(usageEvents).values(usageEventRow(context, reservation, quantity, providerRequestId));
}

/** `usageEntry` written only while `condition` holds (the action's claim is still its own as the batch runs). */
export function usageEntryWhen(
  context: ServiceContext<"db" | "now">,
  entry: { reservation: Reservation; quantity: number; providerRequestId: string | null; condition: SQL },
) {
  const row = usageEventRow(context, entry.reservation, entry.quantity, entry.providerRequestId);
  return insertWhen(context, usageEvents, row, entry.condition);
}

function usageEventRow(
  context: ServiceContext<"now">,
  reservation: Reservation,
  quantity: number,
  providerRequestId?: string | null,
): typeof usageEvents.$inferInsert {
  const now = context.now();
  return {
    userId: reservation.userId,
    // A Durable Object's job queued before reservations named their member charges the workspace's founder.
    actorId: (reservation.memberId as string | undefined) ?? reservation.userId,
    kind: reservation.kind,
    quantity,
    unitCostMicrocents: reservation.unitCostMicrocents,
    costMicrocents: reservation.unitCostMicrocents * quantity,
    provider: reservation.provider,
    providerRequestId: providerRequestId ?? null,
    period: usagePeriod(now),
    createdAt: now,
  };
}

export type { UsageReport };

/** This month's counts and costs of every kind (0 for the unused ones), the caps and the spend cap. */
export async function readUsage(context: ServiceContext<"db" | "config" | "providers" | "now">, userId: string): Promise<UsageReport> {
  const now = context.now();
  const period = usagePeriod(now);
  const [rows, capCents] = await Promise.all([
    context.db
      .select({
        kind: usageEvents.kind,
        count: sql<number>`sum(${usageEvents.quantity})`,
        cost: sql<number>`sum(${usageEvents.costMicrocents})`,
      })
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.period, period)))
      .groupBy(usageEvents.kind),
    monthlyCapCents(context, userId),
  ]);
  const policy = policyOf(context);
  const items = USAGE_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return { kind, count: Number(row?.count ?? 0), costCents: roundCents(microcentsToCents(Number(row?.cost ?? 0))) };
  });
  const usedCents = roundCents(items.reduce((sum, item) => sum + item.costCents, 0));
  return { period, items, limits: policy.limits, unitCostCents: policy.unitCostCents, spend: { usedCents, capCents } };
}

/** Sets the user's own monthly spend cap. */
export async function setMonthlyCap(context: ServiceContext<"db" | "now">, userId: string, capCents: number) {
  const now = context.now();
  await context.db
    .insert(usageBudgets)
    .values({ userId, monthlyCapCents: capCents, updatedAt: now })
    .onConflictDoUpdate({ target: usageBudgets.userId, set: { monthlyCapCents: capCents, updatedAt: now } });
}

function roundCents(cents: number): number {
  return Math.round(cents * 100) / 100;
}
