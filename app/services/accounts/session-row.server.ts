/**
 * The session lookup's one statement: the session, its person, the workspace's company profile, the person's
 * memberships and, when a read asks for them, the workspace's members, each part named so D1's batch rows keep them apart.
 */
import { eq, getTableColumns, sql, type AnyColumn, type SQL, type Table } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import type { WorkspaceRole } from "#db/enums.ts";
import { companyProfiles, sessions, users, workspaceMembers, workspaces } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type CompanyProfile = typeof companyProfiles.$inferSelect;
/**
 * The signed-in user's row. From a session lookup it also carries the company profile (null: none yet), read in the
 * same query, so the pages' current-user answer costs no round trip of its own.
 */
export type SessionUser = Omit<typeof users.$inferSelect, "passwordHash"> & { company?: CompanyProfile | null };

/**
 * The user's columns a session lookup reads: all but the password hash, which only sign-in and re-authentication read
 * (on their own), so no request carries it in memory for nothing.
 */
const { passwordHash: _passwordHash, ...SESSION_USER_COLUMNS } = getTableColumns(users);
/** A workspace the signed-in person belongs to, and their role in it. */
export type Membership = { workspaceId: string; name: string; role: WorkspaceRole };
/**
 * The person's memberships as one JSON column: `[workspaceId, name, role, joined]` each, in no order (the lookup sorts
 * them), so the session, its person, the company and the memberships are one statement.
 */
const membershipsJson = sql<string>`(select json_group_array(json_array(${workspaceMembers.workspaceId}, ${workspaces.name}, ${workspaceMembers.role}, ${workspaceMembers.createdAt}))
  from ${workspaceMembers} join ${workspaces} on ${workspaces.id} = ${workspaceMembers.workspaceId}
  where ${workspaceMembers.userId} = ${sessions.userId})`;

/**
 * A table's columns under names of their own (`prefix` + column name): D1 answers a batch's rows as objects, so two
 * joined tables' columns of one name (`id`, `user_id`, `created_at`) would overwrite each other.
 */
function prefixedColumns<T extends Table>(table: T, prefix: string) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${column}`.mapWith(column).as(`${prefix}${column.name}`)]),
  ) as { [K in keyof T["_"]["columns"]]: SQL.Aliased<T["_"]["columns"][K]["_"]["data"]> };
}

/** A member's name as the workspace's pickers list it: their full name, else their email. */
export const memberName = (member: { fullName: AnyColumn; email: AnyColumn }) =>
  sql<string>`coalesce(nullif(trim(${member.fullName}), ''), ${member.email})`;

/** A member of the session's workspace, as its pickers list them. */
export type WorkspaceMember = { userId: string; name: string };

const member = alias(users, "member");
/** The session's workspace's members as one JSON column: `[userId, name, joined]` each, in no order. */
const membersJson = sql<string>`(select json_group_array(json_array(${member.id}, ${memberName(member)}, ${workspaceMembers.createdAt}))
  from ${workspaceMembers} join ${users} ${member} on ${member.id} = ${workspaceMembers.userId}
  where ${workspaceMembers.workspaceId} = ${sessions.workspaceId})`;

/** What the session's one statement selects, with or without the workspace's members: built once, as it never changes. */
const SESSION_ROW = {
  session: prefixedColumns(sessions, "session_"),
  user: SESSION_USER_COLUMNS,
  company: prefixedColumns(companyProfiles, "company_"),
  memberships: membershipsJson.as("memberships"),
  members: sql<string | null>`null`.as("members"),
};
const SESSION_ROW_WITH_MEMBERS = { ...SESSION_ROW, members: sql<string | null>`${membersJson}`.as("members") };

/**
 * The session with its person, the workspace's company profile and the person's memberships (their role in the
 * session's workspace among them), and the workspace's members when a read asked for them: one statement, joined.
 */
export function sessionQuery(context: ServiceContext<"db">, sid: string, withMembers: boolean) {
  return context.db
    .select(withMembers ? SESSION_ROW_WITH_MEMBERS : SESSION_ROW)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, sessions.workspaceId))
    .where(eq(sessions.sid, sid));
}

export type SessionRow = Awaited<ReturnType<typeof sessionQuery>>[number];

/** The memberships column read back, by when the person joined, then by the workspace's name. */
export function membershipsOf(json: string): Membership[] {
  const rows = JSON.parse(json) as [string, string, WorkspaceRole, number][];
  rows.sort(([, nameA, , joinedA], [, nameB, , joinedB]) => joinedA - joinedB || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0));
  return rows.map(([workspaceId, name, role]) => ({ workspaceId, name, role }));
}

/** The members column read back, in the order they joined. */
export function membersOf(json: string): WorkspaceMember[] {
  const rows = JSON.parse(json) as [string, string, number][];
  rows.sort(([, , joinedA], [, , joinedB]) => joinedA - joinedB);
  return rows.map(([userId, name]) => ({ userId, name }));
}
