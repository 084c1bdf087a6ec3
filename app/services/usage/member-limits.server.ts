/**
 * Each member's own rate limits in a workspace, set by its owners (docs/decisions/115-money-per-member.md). The
 * limits are checked where every charge is counted (caps.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";

import { usageMemberLimits, workspaceMembers } from "#db/schema.ts";
import type { MemberLimits } from "#app/domain/usage/member-limits.ts";
import { MEMBER_NOT_FOUND } from "#app/domain/workspaces/members.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";

export type { MemberLimits };

/** Every member's limits in the workspace, by member (members without any are absent). */
export async function memberLimits(context: ServiceContext<"db">, workspaceId: string): Promise<Record<string, MemberLimits>> {
  const rows = await context.db
    .select({
      memberId: usageMemberLimits.memberId,
      kind: usageMemberLimits.kind,
      perDay: usageMemberLimits.perDay,
      perMonth: usageMemberLimits.perMonth,
    })
    .from(usageMemberLimits)
    .where(eq(usageMemberLimits.userId, workspaceId));
  const byMember: Record<string, MemberLimits> = {};
  for (const row of rows) (byMember[row.memberId] ??= {})[row.kind] = { perDay: row.perDay, perMonth: row.perMonth };
  return byMember;
}

/**
 * Replaces a member's limits with `limits` (an empty set removes them all), in one batch whose every write holds only
 * while they are a member of the workspace; anyone else is a 404 and nothing is written.
 */
export async function setMemberLimits(
  context: ServiceContext<"db" | "now">,
  input: { workspaceId: string; memberId: string; limits: MemberLimits },
): Promise<{ ok: true } | { ok: false; status: 404; message: string }> {
  const { db } = context;
  const now = context.now();
  const { workspaceId, memberId, limits } = input;
  const isMember = sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.userId} = ${memberId})`;
  const writes = Object.entries(limits).map(([kind, limit]) =>
    insertWhen(
      context,
      usageMemberLimits,
      { userId: workspaceId, memberId, kind: kind as keyof MemberLimits, perDay: limit.perDay, perMonth: limit.perMonth, updatedAt: now },
      isMember,
    ),
  );
  const [member] = await db.batch([
    db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId))),
    db.delete(usageMemberLimits).where(and(eq(usageMemberLimits.userId, workspaceId), eq(usageMemberLimits.memberId, memberId), isMember)),
    ...writes,
  ]);
  return member.length > 0 ? { ok: true } : { ok: false, status: 404, message: MEMBER_NOT_FOUND };
}
