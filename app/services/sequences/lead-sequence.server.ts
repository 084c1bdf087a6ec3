/**
 * What a lead's card shows of working it: its follow-up sequence (running or paused, its next step and when) and the
 * notes written on it, newest first. Statements only, sent in the card's own batch (no round trip of their own).
 */
import { and, desc, eq, sql } from "drizzle-orm";

import { followUpActivities, followUpSteps, leadNotes, leads } from "#db/schema.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { CRM_LEAD_VENDOR } from "./rows.server.ts";

/** How many notes the card lists. */
export const CARD_NOTES = 5;

/** The property's sequence, if one was ever started, with its next open step (type and when), while it is the user's. */
export function leadSequenceRead(context: ServiceContext<"db">, userId: UserRef, propertyId: string) {
  const { db } = context;
  // The lead's first open step by date: one correlated lookup each for its type and its instant.
  const next = (column: "activity_type" | "scheduled_for") =>
    sql`(select a.${sql.raw(column)} from ${followUpSteps} s join ${followUpActivities} a on a.id = s.activity_id
      where s.lead_id = ${leads.id} and s.status = 'pending' order by a.scheduled_for, s.step_index limit 1)`;
  return db
    .select({
      sequenceStatus: leads.sequenceStatus,
      nextType: sql<string | null>`${next("activity_type")}`.as("next_type"),
      nextAt: sql<number | null>`${next("scheduled_for")}`.as("next_at"),
    })
    .from(leads)
    .where(and(eq(leads.vendor, CRM_LEAD_VENDOR), eq(leads.vendorLeadId, propertyId), eq(leads.userId, userId)))
    .limit(1);
}

/** The newest CARD_NOTES notes on the user's lead. */
export function leadNotesRead(context: ServiceContext<"db">, userId: UserRef, propertyId: string) {
  const { db } = context;
  return db
    .select({ id: leadNotes.id, body: leadNotes.body, outcome: leadNotes.outcome, createdAt: leadNotes.createdAt })
    .from(leadNotes)
    .where(and(eq(leadNotes.propertyId, propertyId), eq(leadNotes.userId, userId)))
    .orderBy(desc(leadNotes.createdAt))
    .limit(CARD_NOTES);
}

/** The card's sequence: its status and next step (type and ISO instant), or null when none was ever started. */
export function sequenceOf(row: { sequenceStatus: string; nextType: string | null; nextAt: number | null } | undefined) {
  if (!row) return null;
  return {
    status: row.sequenceStatus,
    next: row.nextType && row.nextAt !== null ? { activityType: row.nextType, at: new Date(Number(row.nextAt)).toISOString() } : null,
  };
}
