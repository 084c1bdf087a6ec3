/**
 * Today's due tasks: the steps due before the end of the user's today on running sequences, each with its
 * lead's property and its contact rows (one JSON column, not a row each). The API reads them all and ranks them in the
 * Worker; the page ranks them in SQL and reads only its own in full, with their count (ADR 096).
 */
import { and, asc, eq, inArray, isNull, lt, not, or, sql } from "drizzle-orm";

import { followUpActivities, followUpActivityContacts, followUpSteps, leadNotes, leads, properties, userLeads } from "#db/schema.ts";
import { TODAY_LIMIT } from "#app/domain/today/tasks.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { noReplySinceLastMoveOf, notPausedStatus, PROPERTY_FIELDS } from "#app/services/sequences/rows.server.ts";

import { nearMidnight, rankingOrder, type ZoneOffset } from "./today-ranking.server.ts";

/**
 * What a task needs of its property: its phones (checked for DNC as they are now), the message's values and the
 * ranking's facts — not the reachability fields a sequence plans with (ADR 096: every column is paid for per row).
 */
const {
  city: _city,
  state: _state,
  zipCode: _zipCode,
  ownerEmail: _ownerEmail,
  ownerEmails: _ownerEmails,
  ownerMailingAddress: _ownerMailingAddress,
  ...TASK_PROPERTY_FIELDS
} = PROPERTY_FIELDS;

/** A step's contact rows as one JSON array of [recipientType, recipientValue, dncStatus, status]. */
const contactsJson = sql<string>`(select json_group_array(json_array(${followUpActivityContacts.recipientType}, ${followUpActivityContacts.recipientValue}, ${followUpActivityContacts.dncStatus}, ${followUpActivityContacts.status})) from ${followUpActivityContacts} where ${followUpActivityContacts.activityId} = ${followUpActivities.id})`;

/** When the user last contacted the step's lead (user_leads), for the ranking's days since the last contact. */
const lastContact = sql<number | null>`(select ${userLeads.lastActionAt} from ${userLeads}
  where ${userLeads.userId} = ${followUpActivities.userId} and ${userLeads.leadId} = ${leads.id})`;

/** The lead's newest note (the card's last touch). */
const lastNote = sql<string | null>`(select ${leadNotes.body} from ${leadNotes}
  where ${leadNotes.propertyId} = ${properties.id} and ${leadNotes.userId} = ${properties.userId}
  order by ${leadNotes.createdAt} desc limit 1)`;

/**
 * The TODAY_LIMIT most overdue due tasks — open steps scheduled before `dueBefore`, on leads whose sequence runs, is
 * not paused by the property's status and is not held by a seller's reply — with the ranking's facts.
 */
function dueFacts(context: ServiceContext<"db">, scope: TodayScope, dueBefore: Date) {
  const { db } = context;
  const { userId } = scope;
  return db
    .select({
      id: followUpActivities.id,
      scheduledFor: followUpActivities.scheduledFor,
      status: properties.status,
      equityPercentage: properties.equityPercentage,
      leadType: properties.leadType,
      lastActionAt: lastContact.as("last_action_at"),
    })
    .from(followUpActivities)
    .innerJoin(leads, eq(leads.id, followUpActivities.leadId))
    .innerJoin(properties, and(eq(properties.id, leads.propertyId), eq(properties.userId, followUpActivities.userId)))
    .where(
      and(
        eq(followUpActivities.userId, userId),
        isNull(followUpActivities.completedAt),
        lt(followUpActivities.scheduledFor, dueBefore),
        eq(leads.sequenceStatus, "active"),
        notPausedStatus(),
        noReplySinceLastMoveOf(userId),
        assignedWhere(scope),
      ),
    )
    .orderBy(asc(followUpActivities.scheduledFor))
    .limit(TODAY_LIMIT);
}

/**
 * Whose Today: the workspace's (`userId`), and of it the tasks of the leads assigned to `assignee`, a member (their
 * id, or the session's person as SQL), or everyone's when null.
 */
export type TodayScope = { userId: UserRef; assignee: UserRef | null };

/** The lead's assignee is the scope's member (a lead's tasks follow it); nothing when the scope is everyone's. */
export const assignedWhere = ({ assignee }: TodayScope) => (assignee === null ? undefined : eq(properties.assignedTo, assignee));

/** How the page picks its tasks in SQL: the first `shown` by the ranking, the user's zone and the clock. */
export type PageRanking = { shown: number; zone: ZoneOffset; now: Date };

/**
 * The due tasks in full. With `ranking`, only the page's candidates: the first `shown` of those whose day the zone's
 * offset tells exactly, and every one it may not (near a local midnight before the offset held) — the exact ranking
 * of the candidates in the Worker then gives the page's first `shown` (ADR 096).
 */
export function dueTaskRows(context: ServiceContext<"db">, scope: TodayScope, dueBefore: Date, ranking?: PageRanking) {
  const { db } = context;
  // Once per statement (SQLite materializes a CTE the statement reads twice): the tasks, their count, the ranking.
  const due = db.$with("due").as(dueFacts(context, scope, dueBefore));
  const rows = db
    .with(due)
    .select({
      id: followUpActivities.id,
      leadId: followUpActivities.leadId,
      activityType: followUpActivities.activityType,
      dayNumber: followUpActivities.dayNumber,
      scheduledFor: followUpActivities.scheduledFor,
      template: followUpSteps.template,
      plannedType: followUpSteps.plannedType,
      lastActionAt: userLeads.lastActionAt,
      contacts: contactsJson,
      dueCount: sql<number>`(select count(*) from ${due})`.as("due_count"),
      lastNote: lastNote.as("last_note"),
      // The card's deal numbers, as the CRM's row reads them (headlineNumbersOf): never recomputed here.
      arv: properties.arv,
      ruleMaxOffer: properties.ruleMaxOffer,
      repairEstimate: properties.repairEstimate,
      assignmentFee: properties.assignmentFee,
      assignedTo: properties.assignedTo,
      ...TASK_PROPERTY_FIELDS,
    })
    // From the CTE's rows (at most TODAY_LIMIT), so SQLite walks the due steps once, not again for a list of ids.
    .from(due)
    .innerJoin(followUpActivities, eq(followUpActivities.id, due.id))
    .innerJoin(leads, eq(leads.id, followUpActivities.leadId))
    .innerJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(followUpSteps, eq(followUpSteps.activityId, followUpActivities.id))
    .leftJoin(userLeads, and(eq(userLeads.userId, followUpActivities.userId), eq(userLeads.leadId, leads.id)));
  if (!ranking) return rows;
  const near = nearMidnight(ranking.zone, sql`${due.scheduledFor}`);
  const first = db
    .select({ id: due.id })
    .from(due)
    .where(near ? not(near) : undefined)
    .orderBy(...rankingOrder(ranking.now, ranking.zone, due))
    .limit(ranking.shown);
  return rows.where(near ? or(inArray(due.id, first), near) : inArray(due.id, first));
}
