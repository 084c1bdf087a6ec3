/**
 * Money per member of a workspace: each member's own monthly spend cap, set by the workspace's owners, and what each
 * member spent this month, read from the ledger's `actor_id` (docs/decisions/115-money-per-member.md). The caps are
 * checked where every charge is counted (caps.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";

import { usageEvents, usageMemberBudgets, users, workspaceMembers } from "#db/schema.ts";
import { USAGE_KINDS, type UsageKind } from "#app/domain/usage/kinds.ts";
import type { MemberSpend } from "#app/domain/usage/report.ts";
import { microcentsToCents } from "#app/domain/usage/usage-money.ts";
import { usagePeriod } from "#app/domain/usage/windows.ts";
import { MEMBER_NOT_FOUND } from "#app/domain/workspaces/members.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";
import { membersWithNames } from "#app/services/workspaces/roster.server.ts";

export type { MemberSpend };

/** Each member's own monthly cap in cents (members without one are absent). */
export async function memberCaps(context: ServiceContext<"db">, workspaceId: string): Promise<Record<string, number>> {
  const rows = await context.db
    .select({ memberId: usageMemberBudgets.memberId, cap: usageMemberBudgets.monthlyCapCents })
    .from(usageMemberBudgets)
    .where(eq(usageMemberBudgets.userId, workspaceId));
  return Object.fromEntries(rows.map((row) => [row.memberId, row.cap]));
}

/**
 * Sets a member's monthly cap (null removes it). Written only while they are a member of the workspace, in the
 * statement itself; anyone else is a 404.
 */
export async function setMemberCap(
  context: ServiceContext<"db" | "now">,
  input: { workspaceId: string; memberId: string; capCents: number | null },
): Promise<{ ok: true } | { ok: false; status: 404; message: string }> {
  const { db } = context;
  const now = context.now();
  const { workspaceId, memberId, capCents } = input;
  const isMember = sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.userId} = ${memberId})`;
  if (capCents === null) {
    const [member] = await db.batch([
      db
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId))),
      db.delete(usageMemberBudgets).where(and(eq(usageMemberBudgets.userId, workspaceId), eq(usageMemberBudgets.memberId, memberId))),
    ]);
    return member.length > 0 ? { ok: true } : { ok: false, status: 404, message: MEMBER_NOT_FOUND };
  }
  const written = await insertWhen(
    context,
    usageMemberBudgets,
    { userId: workspaceId, memberId, monthlyCapCents: capCents, updatedAt: now },
    isMember,
  )
    .onConflictDoUpdate({
      target: [usageMemberBudgets.userId, usageMemberBudgets.memberId],
      set: { monthlyCapCents: capCents, updatedAt: now },
    })
    .returning({ memberId: usageMemberBudgets.memberId });
  return written.length > 0 ? { ok: true } : { ok: false, status: 404, message: MEMBER_NOT_FOUND };
}

/**
 * This month's spend of every member (and of anyone no longer a member who spent this month), with their caps: one
 * D1 batch.
 */
export async function readMemberSpend(context: ServiceContext<"db" | "now">, workspaceId: string): Promise<MemberSpend[]> {
  const { db } = context;
  const period = usagePeriod(context.now());
  const [members, spent, caps] = await db.batch([
    membersWithNames(context, workspaceId),
    db
      .select({
        memberId: usageEvents.actorId,
        fullName: users.fullName,
        email: users.email,
        kind: usageEvents.kind,
        count: sql<number>`sum(${usageEvents.quantity})`,
        cost: sql<number>`sum(${usageEvents.costMicrocents})`,
      })
      .from(usageEvents)
      .leftJoin(users, eq(users.id, usageEvents.actorId))
      .where(and(eq(usageEvents.userId, workspaceId), eq(usageEvents.period, period)))
      .groupBy(usageEvents.actorId, usageEvents.kind),
    db
      .select({ memberId: usageMemberBudgets.memberId, cap: usageMemberBudgets.monthlyCapCents })
      .from(usageMemberBudgets)
      .where(eq(usageMemberBudgets.userId, workspaceId)),
  ]);
  // The members, then anyone no longer one who spent this month (by the name the ledger's join still finds).
  const people: { memberId: string; name: string | null }[] = members.map((m) => ({ memberId: m.userId, name: m.name }));
  for (const row of spent) {
    if (!people.some((person) => person.memberId === row.memberId))
      people.push({ memberId: row.memberId, name: row.fullName ?? row.email });
  }
  return people.map((person) => {
    const own = spent.filter((row) => row.memberId === person.memberId);
    const counts = Object.fromEntries(
      USAGE_KINDS.map((kind) => [kind, Number(own.find((row) => row.kind === kind)?.count ?? 0)]),
    ) as Record<UsageKind, number>;
    const microcents = own.reduce((sum, row) => sum + Number(row.cost), 0);
    return {
      memberId: person.memberId,
      name: person.name ?? "A former member",
      counts,
      usedCents: Math.round(microcentsToCents(microcents) * 100) / 100,
      capCents: caps.find((cap) => cap.memberId === person.memberId)?.cap ?? null,
    };
  });
}
