/** Follow-up sequences (docs/decisions/075-follow-up-sequences.md): each activity's place in its sequence. */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, id, instant, json, timestamps } from "#db/columns.ts";
import { ACTIVITY_TYPES } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";
import { properties } from "./crm.ts";
import { followUpActivities, leads } from "./leads.ts";

/**
 * A follow-up activity's place in its sequence and how it went: one row per follow_up_activities row (same id).
 * `plannedType` is the sequence step's type (the activity's type may be its DNC fallback); `template` the step's
 * text with its placeholders; `status` pending → done | skipped; `outcome` what the user reported (a call's outcome,
 * done, skipped); `reason` why it was skipped or fell back. A `working` step is held by the request that claimed it at
 * `claimedAt` with `claimedInput` (its outcome, phone and time zone): a claim older than the lease is a dead
 * request's, and the next work request or the hourly sweep takes it over and finishes it.
 */
export const followUpSteps = sqliteTable(
  "follow_up_steps",
  {
    activityId: text("activity_id")
      .primaryKey()
      .references(() => followUpActivities.id, { onDelete: "cascade" }),
    userId: ownerUserId(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    stepIndex: integer("step_index").notNull(),
    plannedType: text("planned_type", { enum: ACTIVITY_TYPES }).notNull(),
    template: text("template").notNull(),
    status: text("status").notNull().default("pending"),
    outcome: text("outcome"),
    reason: text("reason"),
    claimedAt: instant("claimed_at"),
    claimedInput: json<{ outcome: string; phone?: string; zone?: string; claim?: string; actorId?: string }>("claimed_input"),
  },
  // A lead's steps in order (completing one plans the rest again); the sweep's stale claims by their age.
  (t) => [index("follow_up_steps_lead_idx").on(t.leadId, t.stepIndex), index("follow_up_steps_claims_idx").on(t.status, t.claimedAt)],
);

/**
 * A user's own sequence, as edited on the Sequences screen (ADR 075): its name and its steps (JSON, an ordered list of
 * `{ dayNumber, activityType, template }`, checked by SequenceStepsSchema before every write). One a user for now —
 * the default "New seller lead" — so a user without a row starts the built-in default steps.
 */
export const userSequences = sqliteTable(
  "user_sequences",
  {
    id: id(),
    userId: ownerUserId(),
    name: text("name").notNull(),
    steps:
      json<{ dayNumber: number; activityType: (typeof ACTIVITY_TYPES)[number]; template: string; mailAgain?: boolean }[]>(
        "steps",
      ).notNull(),
    /** What a letter or email naming an amount does on a lead without a chosen offer: "no_price" (go without) or "wait". */
    withoutOffer: text("without_offer", { enum: ["no_price", "wait"] })
      .notNull()
      .default("no_price"),
    ...timestamps,
  },
  (t) => [uniqueIndex("user_sequences_user_name_idx").on(t.userId, t.name)],
);

/**
 * A note the user wrote on a lead while working it (Today's notes field): the lead's activity log, newest first on its
 * card. `activityId` is the task it was written on (null once that task is gone); `outcome` what was reported with it.
 */
export const leadNotes = sqliteTable(
  "lead_notes",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    activityId: text("activity_id").references(() => followUpActivities.id, { onDelete: "set null" }),
    outcome: text("outcome"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  // A lead's notes, newest first (its card, Today's last note).
  (t) => [index("lead_notes_property_created_idx").on(t.propertyId, t.createdAt)],
);
