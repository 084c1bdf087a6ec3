/**
 * The rows a sequence writes and the reads they share: a lead's CRM property (its reachability), its per-user lead
 * row, and the statements that (re)write a step's activity, its state and its contact rows.
 *
 * A sequence runs on a CRM property through a lead row of its own (vendor "crm", vendor id = the property id), so
 * its status belongs to the one user who owns the property; the market's shared lead rows are never changed.
 */
import { and, eq, isNull, sql, type SQL } from "drizzle-orm";

import { conversations, followUpActivities, followUpActivityContacts, followUpSteps, leads, messages, properties } from "#db/schema.ts";
import { PAUSING_STATUSES, type PlannedContact, type PlannedStep, type ReachableProperty } from "#app/domain/sequences/plan.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** The vendor of the lead rows sequences run on (one per CRM property). */
export const CRM_LEAD_VENDOR = "crm";

/** What a sequence reads of a property: reachability, the template values and the status that pauses it. */
export const PROPERTY_FIELDS = {
  // Aliased: D1's batch answers rows keyed by column name, so a second `id` beside the activity's would be lost.
  propertyId: sql<string>`${properties.id}`.as("property_id"),
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
  ownerName: properties.ownerName,
  ownerPhone: properties.ownerPhone,
  ownerMobilePhone: properties.ownerMobilePhone,
  ownerLandLine: properties.ownerLandLine,
  ownerDncPhone: properties.ownerDncPhone,
  ownerPhoneNumbers: properties.ownerPhoneNumbers,
  ownerEmail: properties.ownerEmail,
  ownerEmails: properties.ownerEmails,
  ownerMailingAddress: properties.ownerMailingAddress,
  status: properties.status,
  maxOffer: properties.maxOffer,
  equityPercentage: properties.equityPercentage,
  leadType: properties.leadType,
};

export type PropertyFacts = ReachableProperty & {
  propertyId: string;
  status: string;
  maxOffer: number | null;
  equityPercentage: number | null;
  leadType: string | null;
};

/** The property's status does not pause sequences (not under contract, closed or dead). */
export function notPausedStatus(): SQL {
  return sql`${properties.status} not in (${sql.join(
    PAUSING_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  )})`;
}

/**
 * No reply from the seller in Messages (a message the user did not write, not AI-generated, in a conversation about
 * the property) since the sequence last moved — started, resumed or a step worked (the lead row's updatedAt). A reply
 * pauses the sequence: its steps leave Today until the user resumes it.
 */
export function noReplySinceLastMove(): SQL {
  return sql`not exists (select 1 from ${messages} inner join ${conversations} on ${conversations.id} = ${messages.conversationId}
    where ${conversations.userId} = ${properties.userId} and ${conversations.propertyId} = ${properties.id}
    and ${messages.role} = 'assistant' and ${messages.isAiGenerated} = 0 and ${messages.createdAt} > ${leads.updatedAt})`;
}

/**
 * The user's properties with a seller reply in Messages at any time (few): outside them there is no reply since the
 * last move, so a read over thousands of leads runs noReplySinceLastMove's subquery only for these (docs/today.md).
 * `userId` must be a value or an uncorrelated subquery, so SQLite builds the list once a statement.
 */
export function repliedPropertyIds(userId: string | SQL): SQL {
  return sql`(select ${conversations.propertyId} from ${conversations} inner join ${messages} on ${messages.conversationId} = ${conversations.id}
    where ${conversations.userId} = ${userId} and ${conversations.propertyId} is not null
    and ${messages.role} = 'assistant' and ${messages.isAiGenerated} = 0)`;
}

/** noReplySinceLastMove, answered without its subquery for a property the seller never replied about. */
export function noReplySinceLastMoveOf(userId: string | SQL): SQL {
  return sql`(${properties.id} not in ${repliedPropertyIds(userId)} or ${noReplySinceLastMove()})`;
}

/** The user's property (null for a foreign or unknown id), with what the chosen offer's checks read. */
export function propertyRead(context: ServiceContext<"db">, userId: string, propertyId: string) {
  const { db } = context;
  return db
    .select({
      ...PROPERTY_FIELDS,
      arv: properties.arv,
      price: properties.price,
      confidenceScore: properties.confidenceScore,
      repairEstimate: properties.repairEstimate,
      assignmentFee: properties.assignmentFee,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)));
}

/** The property's sequence lead row, if a sequence was ever started on it. */
export function crmLeadRead(context: ServiceContext<"db">, propertyId: string) {
  const { db } = context;
  return db
    .select({ id: leads.id, sequenceStatus: leads.sequenceStatus })
    .from(leads)
    .where(and(eq(leads.vendor, CRM_LEAD_VENDOR), eq(leads.vendorLeadId, propertyId)));
}

/** The contact rows of one planned step. */
export function contactRows(activityId: string, contacts: readonly PlannedContact[]) {
  return contacts.map((contact) => ({ id: crypto.randomUUID(), activityId, ...contact }));
}

/** D1 binds at most 100 values a statement: contact rows (7 columns) go 12 to an insert. */
export const CONTACT_ROWS_PER_INSERT = 12;

/** The inserts of a step's contact rows (none when it has none), however many phones the vendor reported. */
export function insertContacts(context: ServiceContext<"db">, activityId: string, step: PlannedStep) {
  const { db } = context;
  const rows = contactRows(activityId, step.contacts);
  const inserts = [];
  for (let start = 0; start < rows.length; start += CONTACT_ROWS_PER_INSERT) {
    inserts.push(db.insert(followUpActivityContacts).values(rows.slice(start, start + CONTACT_ROWS_PER_INSERT)));
  }
  return inserts;
}

/**
 * The sequence of the follow_up_steps row in scope may be worked now: it runs, the property is the user's and its
 * status does not pause it, and the seller has not replied since it last moved. The claim's condition (tasks).
 */
export function stepWorkable(userId: string): SQL {
  return sql`exists (select 1 from ${leads} inner join ${properties} on ${properties.id} = ${leads.propertyId}
    where ${leads.id} = ${followUpSteps.leadId} and ${leads.sequenceStatus} = 'active' and ${properties.userId} = ${userId}
    and ${notPausedStatus()} and ${noReplySinceLastMove()})`;
}

/** The step of `activityId` is still pending (no request has claimed, done or skipped it). */
function stillPending(activityId: string, userId: string): SQL {
  return sql`exists (select 1 from ${followUpSteps} where ${followUpSteps.activityId} = ${activityId}
    and ${followUpSteps.userId} = ${userId} and ${followUpSteps.status} = 'pending')`;
}

/**
 * Plans a pending step again (a phone flagged DNC since, an email added): its type may fall back, its contact rows
 * are written anew, and a step that can no longer be worked is closed as skipped with the reason. Every statement is
 * guarded by the step being still pending, so a step a parallel request claimed, worked or skipped is left as it is.
 */
export function replanStatements(context: ServiceContext<"db" | "now">, userId: string, activityId: string, step: PlannedStep) {
  const { db } = context;
  const now = context.now();
  const pending = stillPending(activityId, userId);
  const mine = and(eq(followUpActivities.id, activityId), eq(followUpActivities.userId, userId));
  // The step row goes last: the statements before it read it as pending.
  return [
    db
      .update(followUpActivities)
      .set({ activityType: step.activityType, completedAt: step.skipped ? now : null })
      .where(and(mine, isNull(followUpActivities.completedAt), pending)),
    db.delete(followUpActivityContacts).where(and(eq(followUpActivityContacts.activityId, activityId), pending)),
    ...insertContactsIf(db, activityId, step, pending),
    db
      .update(followUpSteps)
      .set({ reason: step.reason, status: step.skipped ? "skipped" : "pending" })
      .where(and(eq(followUpSteps.activityId, activityId), eq(followUpSteps.userId, userId), eq(followUpSteps.status, "pending"))),
  ];
}

/** The inserts of a step's contact rows, each writing only while `condition` holds (insert … select … where). */
function insertContactsIf(db: ServiceContext<"db">["db"], activityId: string, step: PlannedStep, condition: SQL) {
  // Every column in the table's order: an insert from a select names them all.
  return contactRows(activityId, step.contacts).map((row) =>
    db
      .insert(followUpActivityContacts)
      .select(
        sql`select ${row.id}, ${row.activityId}, ${row.recipientName}, ${row.recipientValue}, ${row.recipientType}, ${row.status}, ${row.dncStatus}, null, null where ${condition}`,
      ),
  );
}
