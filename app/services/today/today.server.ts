/**
 * The Today queue: the signed-in user's follow-ups due today or overdue, ranked, what is coming up and the
 * paused sequences, read in one batch (the session lookup's, so the page costs the lookup's round trip only). A phone
 * flagged DNC after its rows were written is shown blocked, never as a target, because each contact is checked
 * against the property's phones as they are now.
 *
 * "Today" is the user's calendar day in their time zone (ADR 096). A read that knows the zone (the page, after the
 * session) asks for exactly its day; one sent beside the session lookup, before the user's row is read (the API),
 * asks for the widest day any zone can have and drops the rest once the zone is known — no extra round trip.
 */
import { and, asc, eq, gte, isNull, lt, not, sql } from "drizzle-orm";

import { followUpActivities, followUpSteps, leads, properties } from "#db/schema.ts";
import { DAY_MS, endOfDay, pausesSequence } from "#app/domain/sequences/plan.ts";
import type { ActivityType } from "#app/domain/sequences/steps.ts";
import { addLocalDays, localDate, nextDayBounds, steadyOffset } from "#app/domain/shared/time-zone.ts";
import { TODAY_LIMIT, UPCOMING_DAYS, UPCOMING_LIMIT } from "#app/domain/today/tasks.ts";
import type { SendBatch, UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { deadlineDealRows } from "#app/services/dispo/deadlines.server.ts";
import { newOfferRows } from "#app/services/dispo/offer-tasks.server.ts";
import {
  CRM_LEAD_VENDOR,
  noReplySinceLastMove,
  noReplySinceLastMoveOf,
  notPausedStatus,
  repliedPropertyIds,
} from "#app/services/sequences/rows.server.ts";

import { assignedWhere, dueTaskRows, type TodayScope } from "./due-tasks.server.ts";

export { rankedTasks, todayTasks } from "./today-tasks.server.ts";

/** Where the reads cut "today" from "coming up": the user's exact day, or (zone unknown) the widest bounds. */
type DayCut = { dueBefore: Date; upcomingFrom: Date; upcomingTo: Date; upcomingLimit: number };

function dayCut(now: Date, zone: string | null, upcomingLimit = UPCOMING_LIMIT): DayCut {
  if (zone) {
    const tomorrow = endOfDay(now, zone);
    return { dueBefore: tomorrow, upcomingFrom: tomorrow, upcomingTo: addLocalDays(tomorrow, UPCOMING_DAYS, zone), upcomingLimit };
  }
  const { earliest, latest } = nextDayBounds(now);
  // Steps due later today in the user's zone may come first in the wide read: room for a day's worth of them.
  return {
    dueBefore: latest,
    upcomingFrom: earliest,
    upcomingTo: new Date(latest.getTime() + UPCOMING_DAYS * DAY_MS),
    upcomingLimit: UPCOMING_LIMIT + TODAY_LIMIT,
  };
}

/** The steps of running sequences due after today and within UPCOMING_DAYS, soonest first. */
function upcomingRows(context: ServiceContext<"db">, scope: TodayScope, cut: DayCut) {
  const { db } = context;
  return db
    .select({
      id: followUpActivities.id,
      propertyId: sql<string>`${properties.id}`.as("property_id"),
      address: properties.address,
      activityType: followUpActivities.activityType,
      plannedType: followUpSteps.plannedType,
      dayNumber: followUpActivities.dayNumber,
      scheduledFor: followUpActivities.scheduledFor,
      reason: followUpSteps.reason,
    })
    .from(followUpActivities)
    .innerJoin(leads, eq(leads.id, followUpActivities.leadId))
    .innerJoin(properties, and(eq(properties.id, leads.propertyId), eq(properties.userId, followUpActivities.userId)))
    .innerJoin(followUpSteps, eq(followUpSteps.activityId, followUpActivities.id))
    .where(and(upcomingWhere(scope.userId, cut), assignedWhere(scope)))
    .orderBy(asc(followUpActivities.scheduledFor))
    .limit(cut.upcomingLimit);
}

function upcomingWhere(userId: UserRef, cut: DayCut) {
  return and(
    eq(followUpActivities.userId, userId),
    isNull(followUpActivities.completedAt),
    gte(followUpActivities.scheduledFor, cut.upcomingFrom),
    lt(followUpActivities.scheduledFor, cut.upcomingTo),
    eq(leads.sequenceStatus, "active"),
    notPausedStatus(),
    noReplySinceLastMoveOf(userId),
  );
}

/** The most paused sequences Today lists (with Resume). */
export const PAUSED_LIMIT = 50;

/** A CRM sequence's lead row, written so the partial index of CRM sequence rows (leads_crm_user_sequence_idx) can serve it. */
const crmLead = sql`${leads.vendor} = ${sql.raw(`'${CRM_LEAD_VENDOR}'`)}`;

/**
 * The user's paused sequences: paused by them or by a status, or (still active) holding a reply since they last moved.
 * Two branches, each by index (ADR 096), not a walk of every lead: the user's paused CRM sequence rows
 * (leads_crm_user_sequence_idx), and the running ones on the few properties the seller ever replied about.
 */
function pausedRows(context: ServiceContext<"db">, scope: TodayScope) {
  const { db } = context;
  const { userId } = scope;
  const fields = (replied: 0 | 1) => ({
    propertyId: sql<string>`${properties.id}`.as("property_id"),
    address: properties.address,
    propertyStatus: properties.status,
    sequenceStatus: leads.sequenceStatus,
    replied: sql<number>`${replied}`.as("replied"),
  });
  const paused = db
    .select(fields(0))
    .from(leads)
    .innerJoin(properties, and(eq(properties.id, leads.vendorLeadId), eq(properties.userId, userId)))
    .where(and(crmLead, eq(leads.userId, userId), eq(leads.sequenceStatus, "paused"), assignedWhere(scope)));
  const replied = db
    .select(fields(1))
    .from(leads)
    .innerJoin(properties, and(eq(properties.id, leads.vendorLeadId), eq(properties.userId, userId)))
    .where(
      and(
        crmLead,
        eq(leads.sequenceStatus, "active"),
        sql`${leads.vendorLeadId} in ${repliedPropertyIds(userId)}`,
        not(noReplySinceLastMove()),
        assignedWhere(scope),
      ),
    );
  return paused.unionAll(replied).limit(PAUSED_LIMIT);
}

export type TodayReads = {
  rows: Awaited<ReturnType<typeof dueTaskRows>>;
  /** How many tasks are due (up to TODAY_LIMIT) when the page read only its own; null when every due task was read. */
  total: number | null;
  /** The coming-up steps read (none when the page did not ask for them). */
  upcoming: Awaited<ReturnType<typeof upcomingRows>>;
  paused: Awaited<ReturnType<typeof pausedRows>>;
  /** Deals under contract with an inspection deadline or closing near (app/domain/dispo/deadlines.ts makes the tasks). */
  deadlines: Awaited<ReturnType<typeof deadlineDealRows>>;
  /** Buyers' offers not yet answered on deals still being marketed (app/domain/dispo/offer-tasks.ts makes the tasks). */
  newOffers: Awaited<ReturnType<typeof newOfferRows>>;
};

/**
 * The reads, sent with `batch` (by default on their own; the API joins the session lookup's). `zone` is the user's
 * time zone when known; without it the reads take the widest day and `todayTasks`/`upcomingSteps` cut it, in full.
 * With a zone (the page): the first `tasksShown` tasks by the ranking in SQL with the count of all (ADR 096), and
 * `upcomingLimit` (at most UPCOMING_LIMIT) coming-up steps; 0 reads none (the page asks for them on
 * `?upcoming=all` only, ADR 096). The page also reads the contract deadlines of deals under contract and the buyers'
 * unanswered offers; the API, which answers the tasks alone, does not. `assignee` keeps the tasks, coming-up steps and
 * paused sequences of the leads assigned to that member (null: everyone's); deals and buyers' offers are the
 * workspace's.
 */
export async function readToday(
  context: ServiceContext<"db" | "now">,
  userId: UserRef,
  {
    batch = (queries) => context.db.batch(queries),
    zone = null,
    tasksShown = TODAY_LIMIT,
    upcomingLimit = UPCOMING_LIMIT,
    assignee = null,
  }: { batch?: SendBatch; zone?: string | null; tasksShown?: number; upcomingLimit?: number; assignee?: UserRef | null } = {},
): Promise<TodayReads> {
  const now = context.now();
  const scope: TodayScope = { userId, assignee };
  const cut = dayCut(now, zone, Math.min(upcomingLimit, UPCOMING_LIMIT));
  if (!zone) {
    const [rows, upcoming, paused] = await batch([
      dueTaskRows(context, scope, cut.dueBefore),
      upcomingRows(context, scope, cut),
      pausedRows(context, scope),
    ]);
    return { rows, total: null, upcoming, paused, deadlines: [], newOffers: [] };
  }
  const ranking = tasksShown < TODAY_LIMIT ? { shown: tasksShown, zone: steadyOffset(cut.dueBefore, zone), now } : undefined;
  const due = dueTaskRows(context, scope, cut.dueBefore, ranking);
  const paused = pausedRows(context, scope);
  const near = deadlineDealRows(context, userId);
  const offers = newOfferRows(context, userId);
  const [rows, pausedRead, deadlines, newOffers, upcoming] =
    cut.upcomingLimit > 0
      ? await batch([due, paused, near, offers, upcomingRows(context, scope, cut)])
      : [...(await batch([due, paused, near, offers])), []];
  // Every row carries the count of all due tasks; none is due when there is no row.
  return { rows, total: ranking ? Number(rows[0]?.dueCount ?? 0) : null, upcoming, paused: pausedRead, deadlines, newOffers };
}

/** A paused sequence and why it is paused. */
export type PausedSequence = { propertyId: string; address: string; reason: string };

export function pausedSequences({ paused }: TodayReads): PausedSequence[] {
  return paused.map((row) => ({
    propertyId: row.propertyId,
    address: row.address,
    reason: pausesSequence(row.propertyStatus)
      ? "The lead is under contract, closed or dead"
      : row.sequenceStatus === "active" && Number(row.replied) === 1
        ? "The seller replied in Messages"
        : "Paused by you",
  }));
}

/** A step coming up: its type (a DNC fallback says why), its day and its lead. */
export type UpcomingStep = {
  id: string;
  propertyId: string;
  address: string;
  activityType: ActivityType;
  plannedType: ActivityType;
  dayNumber: number;
  scheduledFor: string;
  /** The user's calendar day, "YYYY-MM-DD" in their time zone. */
  scheduledDate: string;
  reason: string | null;
};

/** The first `shown` steps read that fall after the user's today and within UPCOMING_DAYS of their days, soonest first. */
export function upcomingSteps({ upcoming }: TodayReads, now: Date, zone: string, shown = UPCOMING_LIMIT): UpcomingStep[] {
  const cut = dayCut(now, zone);
  const inDays = upcoming.filter((row) => row.scheduledFor && row.scheduledFor >= cut.upcomingFrom && row.scheduledFor < cut.upcomingTo);
  return inDays.slice(0, Math.min(shown, UPCOMING_LIMIT)).map((row) => {
    const scheduled = row.scheduledFor ?? new Date(0);
    return { ...row, scheduledFor: scheduled.toISOString(), scheduledDate: localDate(scheduled, zone) };
  });
}
