/**
 * The workspace's activity log: each action hands `activityEntry` (or `activityEntryWhen`, under the guard its other
 * writes carry) into its own D1 batch, so an entry lands exactly when the action does; the owner's page reads it
 * newest first with filters; the hourly sweep prunes what is older than the retention.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import type { ActivityKind } from "#db/enums.ts";
import { activityLog, properties, users, type ActivityDetail } from "#db/schema.ts";
import { ACTIVITY_KEPT_MONTHS, ACTIVITY_PAGE_SIZE, monthsBefore, type ActivityFilters } from "#app/domain/activity/activity.ts";
import { offsetMs } from "#app/domain/shared/time-zone.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";
import { memberOptionsOf, membersWithNames } from "#app/services/workspaces/roster.server.ts";

/** Who did what to which record: the workspace, the acting member and what the words need. */
export type ActivityRecord = {
  workspaceId: string;
  actorId: string;
  kind: ActivityKind;
  memberId?: string | null;
  /** A value, or an expression read as the batch runs (a record the same batch writes). */
  propertyId?: string | SQL | null;
  dealId?: string | null;
  place?: string | SQL | null;
  detail?: ActivityDetail;
};

function rowOf(context: ServiceContext<"now">, record: ActivityRecord) {
  return {
    id: crypto.randomUUID(),
    userId: record.workspaceId,
    actorId: record.actorId,
    kind: record.kind,
    memberId: record.memberId ?? null,
    propertyId: record.propertyId ?? null,
    dealId: record.dealId ?? null,
    place: record.place ?? null,
    detail: record.detail ?? {},
    createdAt: context.now(),
  };
}

/** The entry as a statement for the action's own batch (an action whose batch lands whole, or not at all). */
export function activityEntry(context: ServiceContext<"db" | "now">, record: ActivityRecord) {
  return context.db.insert(activityLog).values(rowOf(context, record) as typeof activityLog.$inferInsert);
}

/** The entry written only while `condition` holds: the guard of the action's claimed write, in the same batch. */
export function activityEntryWhen(context: ServiceContext<"db" | "now">, record: ActivityRecord, condition: SQL) {
  return insertWhen(context, activityLog, rowOf(context, record), condition);
}

/** The entries' deletion the sweep runs: older than the retention. */
export function pruneActivityStatement(context: ServiceContext<"db" | "now">) {
  return context.db.delete(activityLog).where(lt(activityLog.createdAt, monthsBefore(context.now(), ACTIVITY_KEPT_MONTHS)));
}

/** The instant a calendar day ("YYYY-MM-DD") begins in `zone`. */
function dayStart(date: string, zone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let guess = wall - offsetMs(new Date(wall), zone);
  guess = wall - offsetMs(new Date(guess), zone);
  return new Date(guess);
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The calendar day after "YYYY-MM-DD": the last day of a range ends where it begins. */
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * One page of the workspace's entries, newest first, with the members to filter by, in one batch. A member filter
 * naming someone who is not a member of this workspace is null (the page answers 404).
 */
export async function readActivity(
  context: ServiceContext<"db">,
  request: { workspaceId: string; filters: ActivityFilters; zone: string },
) {
  const { db } = context;
  const { workspaceId, filters, zone } = request;
  const member = alias(users, "member");
  const conditions = [
    eq(activityLog.userId, workspaceId),
    filters.member ? eq(activityLog.actorId, filters.member) : undefined,
    filters.kind ? eq(activityLog.kind, filters.kind) : undefined,
    filters.from ? gte(activityLog.createdAt, dayStart(filters.from, zone)) : undefined,
    filters.to ? lt(activityLog.createdAt, dayStart(dayAfter(filters.to), zone)) : undefined,
  ];
  const [members, rows] = await db.batch([
    membersWithNames(context, workspaceId),
    db
      .select({
        id: activityLog.id,
        kind: activityLog.kind,
        createdAt: activityLog.createdAt,
        place: activityLog.place,
        detail: activityLog.detail,
        // Aliased: D1's batch answers rows keyed by column name, and both people have a full_name and an email.
        actorName: sql<string | null>`${users.fullName}`.as("actor_name"),
        actorEmail: sql<string | null>`${users.email}`.as("actor_email"),
        memberName: sql<string | null>`${member.fullName}`.as("member_name"),
        memberEmail: sql<string | null>`${member.email}`.as("member_email"),
      })
      .from(activityLog)
      .leftJoin(users, eq(users.id, activityLog.actorId))
      .leftJoin(member, eq(member.id, activityLog.memberId))
      .where(and(...conditions))
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(ACTIVITY_PAGE_SIZE + 1)
      .offset((filters.page - 1) * ACTIVITY_PAGE_SIZE),
  ]);
  if (filters.member && !members.some((m) => m.userId === filters.member)) return null;
  const entries = rows.slice(0, ACTIVITY_PAGE_SIZE).map((row) => ({
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt,
    place: row.place,
    detail: row.detail,
    actorName: row.actorName || row.actorEmail || "A former member",
    memberName: row.memberName || row.memberEmail || null,
  }));
  return {
    members: memberOptionsOf(members),
    entries,
    hasMore: rows.length > ACTIVITY_PAGE_SIZE,
  };
}

/** A property's address as an entry keeps it (placeOf's "123 Main St, Phoenix, AZ"), read in SQL from `properties`. */
export function placeSql(): SQL {
  return sql`${properties.address} || coalesce(', ' || nullif(${properties.city}, ''), '') || coalesce(', ' || nullif(${properties.state}, ''), '')`;
}
