/**
 * The workspace's members with their names: the one query the Team page, the activity log's filter, the usage per
 * member and the assignee selects all read. It imports no other service, so the services that write members,
 * activity and leads can all use it without importing each other.
 */
import { eq } from "drizzle-orm";

import { users, workspaceMembers } from "#db/schema.ts";
import { memberName, type UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * The members of `workspaceId`, longest-standing first, each with the name to show (their full name, else their
 * email). A statement, so it can ride a batch (one that reads beside the session lookup passes the workspace as SQL).
 */
export function membersWithNames(context: ServiceContext<"db">, workspaceId: UserRef) {
  return context.db
    .select({
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      name: memberName(users).as("name"),
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(workspaceMembers.createdAt);
}

/** A member as an assignee select or a filter lists them: no more than the id and the name. */
export const memberOptionsOf = (rows: { userId: string; name: string }[]) => rows.map(({ userId, name }) => ({ userId, name }));
