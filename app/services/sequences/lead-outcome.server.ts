/**
 * What working a Today task writes on the lead beyond the task, each statement guarded and sent in the outcome's own
 * batch: the note kept on the lead, the status a call where the user talked to the seller leads to (Contacted, or
 * Under Contract), the sequence paused or ended by what was agreed, and an Under Contract lead's deal in Closing.
 */
import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { PropertyStatus } from "#db/enums.ts";
import { deals, followUpActivities, leadNotes, leads, properties } from "#db/schema.ts";
import { FOLLOW_UP_SEQUENCE, statusAfterTalk, type FollowUp } from "#app/domain/today/call-follow-up.ts";
import { activityEntryWhen, placeSql } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { newDealInsert } from "#app/services/deals/deal-on-mail.server.ts";

type Lead = { userId: string; propertyId: string; leadId: string; status: PropertyStatus };

/** The note written with an outcome (or alone), on the lead and the task it was written on. */
export function noteStatement(
  context: ServiceContext<"db" | "now">,
  note: { userId: string; propertyId: string; activityId: string; outcome: string | null; body: string; condition?: SQL },
) {
  const { db } = context;
  const { userId, propertyId, activityId, outcome, body, condition } = note;
  const owned = sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyId} and ${properties.userId} = ${userId})`;
  const now = context.now().getTime();
  // Every column in the table's order, as insert … select takes them.
  return db
    .insert(leadNotes)
    .select(
      sql`select ${crypto.randomUUID()}, ${userId}, ${propertyId}, ${activityId}, ${outcome}, ${body}, ${now} where ${owned} and ${condition ?? sql`1`}`,
    );
}

/** The deal of a lead that went under contract: its deal moved to Closing, or a new one there when it has none. */
function underContractDeal(context: ServiceContext<"db" | "now">, lead: Lead, condition?: SQL): BatchItem<"sqlite">[] {
  const { db } = context;
  const now = context.now();
  const { userId, propertyId } = lead;
  return [
    db
      .update(deals)
      .set({ stage: "closing", updatedAt: now })
      .where(and(eq(deals.userId, userId), eq(deals.propertyId, propertyId), ne(deals.stage, "closing"), condition)),
    newDealInsert(context, { userId, propertyId, stage: "closing", condition }),
  ];
}

/**
 * "Talked" with what was agreed: the lead's status (Contacted from New; Under Contract when agreed), the sequence
 * paused or stopped as the follow-up says (only from a state that allows it), and an Under Contract lead's deal.
 */
export function talkedStatements(
  context: ServiceContext<"db" | "now">,
  lead: Lead,
  followUp: FollowUp,
  condition?: SQL,
): BatchItem<"sqlite">[] {
  const { db } = context;
  const now = context.now();
  const writes: BatchItem<"sqlite">[] = [];
  const status = statusAfterTalk(lead.status, followUp);
  if (status !== lead.status)
    writes.push(
      db
        .update(properties)
        .set({ status, updatedAt: now })
        .where(and(eq(properties.id, lead.propertyId), eq(properties.userId, lead.userId), condition)),
    );
  const sequence = FOLLOW_UP_SEQUENCE[followUp];
  if (sequence !== "keep")
    writes.push(
      db
        .update(leads)
        .set({ sequenceStatus: sequence === "pause" ? "paused" : "stopped", updatedAt: now })
        .where(
          and(
            eq(leads.id, lead.leadId),
            inArray(leads.sequenceStatus, sequence === "pause" ? ["active"] : ["active", "paused"]),
            condition,
          ),
        ),
    );
  if (followUp === "under_contract") writes.push(...underContractDeal(context, lead, condition));
  return writes;
}

/**
 * What an outcome writes on the lead: its note, and for "Talked" what was agreed (by default, carry on). `task` is
 * the worked task as read: its lead, its property and the property's status then.
 */
export function leadOutcomeStatements(
  context: ServiceContext<"db" | "now">,
  outcome: {
    userId: string;
    task: { id: string; leadId: string; propertyId: string; status: string };
    input: { outcome: string; note?: string; followUp?: FollowUp };
    /** What must still hold when the batch runs (this request's claim on the step), when there is one. */
    condition?: SQL;
  },
): BatchItem<"sqlite">[] {
  const { userId, task, input, condition } = outcome;
  const writes: BatchItem<"sqlite">[] = [];
  if (input.note)
    writes.push(
      noteStatement(context, {
        userId,
        propertyId: task.propertyId,
        activityId: task.id,
        outcome: input.outcome,
        body: input.note,
        condition,
      }),
    );
  if (input.outcome === "talked") {
    const lead = { userId, propertyId: task.propertyId, leadId: task.leadId, status: task.status as PropertyStatus };
    writes.push(...talkedStatements(context, lead, input.followUp ?? "keep", condition));
  }
  return writes;
}

/**
 * A note on a task's lead without working the task (Today's "Save note"): written only when the task and its lead are
 * the user's; false when they are not (a foreign or unknown task: 404). The member's activity entry is written in the
 * same batch, only when the note is.
 */
export async function saveTaskNote(
  context: ServiceContext<"db" | "now">,
  note: { userId: string; activityId: string; body: string; actorId?: string },
) {
  const { db } = context;
  const { userId, activityId, body } = note;
  const noteId = crypto.randomUUID();
  const insert = db.insert(leadNotes)
    .select(sql`select ${noteId}, ${userId}, ${properties.id}, ${followUpActivities.id}, null, ${body}, ${context.now().getTime()}
    from ${followUpActivities}
    join ${leads} on ${leads.id} = ${followUpActivities.leadId}
    join ${properties} on ${properties.id} = ${leads.propertyId} and ${properties.userId} = ${userId}
    where ${followUpActivities.id} = ${activityId} and ${followUpActivities.userId} = ${userId}`);
  if (!note.actorId) return (await insert.run()).meta.changes > 0;
  const propertyId = sql`(select ${leadNotes.propertyId} from ${leadNotes} where ${leadNotes.id} = ${noteId})`;
  const entry = {
    workspaceId: userId,
    actorId: note.actorId,
    kind: "note_logged" as const,
    propertyId,
    place: sql`(select ${placeSql()} from ${properties} where ${properties.id} = ${propertyId})`,
  };
  const [written] = await db.batch([
    insert,
    activityEntryWhen(context, entry, sql`exists (select 1 from ${leadNotes} where ${leadNotes.id} = ${noteId})`),
  ]);
  return written.meta.changes > 0;
}
