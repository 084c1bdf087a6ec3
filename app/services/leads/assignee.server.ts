/**
 * Assigning leads to members: a lead's reassignment (one statement that writes only a
 * current member of the lead's workspace) and a member's Today filter as SQL.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";

import { properties, workspaceMembers } from "#db/schema.ts";
import { ASSIGNEE_LEAD_NOT_FOUND, ASSIGNEE_NOT_MEMBER } from "#app/domain/leads/assignee.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** `userId` is a current member of `workspaceId`, as SQL: the guard of every write of an assignee. */
export const isMemberOf = (workspaceId: UserRef, userId: UserRef): SQL =>
  sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.userId} = ${userId})`;

type Reassigned = { ok: true } | { ok: false; status: 400 | 404; field?: "assignedTo"; message: string };

/**
 * Gives the workspace's lead to `assignedTo`, only while they are a member of the workspace (checked by the statement
 * that writes it, so a member removed meanwhile is never written). A lead of another workspace is not found.
 */
export async function reassignLead(
  context: ServiceContext<"db" | "now">,
  input: { workspaceId: string; propertyId: string; assignedTo: string },
): Promise<Reassigned> {
  const { db } = context;
  const [changed] = await db
    .update(properties)
    .set({ assignedTo: input.assignedTo, updatedAt: context.now() })
    .where(
      and(eq(properties.id, input.propertyId), eq(properties.userId, input.workspaceId), isMemberOf(input.workspaceId, input.assignedTo)),
    )
    .returning({ id: properties.id });
  if (changed) return { ok: true };
  const lead = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, input.propertyId), eq(properties.userId, input.workspaceId)))
    .get();
  return lead
    ? { ok: false, status: 400, field: "assignedTo", message: ASSIGNEE_NOT_MEMBER }
    : { ok: false, status: 404, message: ASSIGNEE_LEAD_NOT_FOUND };
}

/**
 * A removed member's leads go to `to` (the owner who removed them, or another owner when they left), in the batch
 * that removes them: the statement runs once their membership is gone, so a refused removal hands nothing over.
 */
export function handOverLeads(context: ServiceContext<"db">, input: { workspaceId: string; userId: string; to: SQL | string }) {
  const { db } = context;
  return db
    .update(properties)
    .set({ assignedTo: sql`${input.to}` })
    .where(
      and(
        eq(properties.userId, input.workspaceId),
        eq(properties.assignedTo, input.userId),
        sql`not ${isMemberOf(input.workspaceId, input.userId)}`,
      ),
    );
}
