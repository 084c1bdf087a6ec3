/** Lead delivery and follow-up (the spec's "Related stored entities"). */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, flag, id, instant, json, timestamps } from "#db/columns.ts";
import { ACTIVITY_TYPES, LEAD_REQUEST_KINDS, LEAD_REQUEST_STATUSES, RECIPIENT_TYPES } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";
import { contacts, owners, properties } from "./crm.ts";

export const leads = sqliteTable(
  "leads",
  {
    id: id(),
    vendor: text("vendor").notNull().default("batchdata"),
    vendorLeadId: text("vendor_lead_id"),
    /** A CRM sequence row's user (the property's owner), so their paused sequences are found by index (ADR 096); null for a vendor's lead. */
    userId: text("user_id"),
    type: text("type"),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    ownerId: text("owner_id").references(() => owners.id, { onDelete: "set null" }),
    metaJson: json<Record<string, unknown>>("meta_json"),
    currentSequenceStep: integer("current_sequence_step").notNull().default(0),
    sequenceStartedAt: instant("sequence_started_at"),
    sequenceStatus: text("sequence_status").notNull().default("inactive"),
    currentActivityDay: integer("current_activity_day").notNull().default(0),
    currentActivityDate: instant("current_activity_date"),
    awaitingNextDay: flag("awaiting_next_day").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("leads_vendor_lead_idx").on(t.vendor, t.vendorLeadId),
    // Today's paused sequences (ADR 096): the user's CRM sequence rows by status, not every user's paused ones.
    index("leads_crm_user_sequence_idx")
      .on(t.userId, t.sequenceStatus)
      .where(sql`vendor = 'crm'`),
  ],
);

export const leadContacts = sqliteTable(
  "lead_contacts",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    contactId: text("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    isPrimary: flag("is_primary").notNull().default(false),
  },
  (t) => [uniqueIndex("lead_contacts_pair_idx").on(t.leadId, t.contactId)],
);

export const followUpActivities = sqliteTable(
  "follow_up_activities",
  {
    id: id(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    userId: ownerUserId(),
    activityType: text("activity_type", { enum: ACTIVITY_TYPES }).notNull(),
    dayNumber: integer("day_number").notNull(),
    scheduledFor: instant("scheduled_for"),
    completedAt: instant("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("follow_up_activities_user_scheduled_idx").on(t.userId, t.scheduledFor),
    // Today's reads (ADR 096): a user's open steps by date, without walking the worked ones (most of them, in time).
    index("follow_up_activities_open_idx")
      .on(t.userId, t.scheduledFor)
      .where(sql`completed_at is null`),
  ],
);

export const followUpActivityContacts = sqliteTable(
  "follow_up_activity_contacts",
  {
    id: id(),
    activityId: text("activity_id")
      .notNull()
      .references(() => followUpActivities.id, { onDelete: "cascade" }),
    recipientName: text("recipient_name"),
    recipientValue: text("recipient_value").notNull(),
    recipientType: text("recipient_type", { enum: RECIPIENT_TYPES }).notNull(),
    status: text("status").notNull().default("pending"),
    dncStatus: text("dnc_status"),
    sentAt: instant("sent_at"),
    passedAt: instant("passed_at"),
  },
  (t) => [index("follow_up_activity_contacts_activity_idx").on(t.activityId)],
);

export const skipMapping = sqliteTable(
  "skip_mapping",
  {
    id: id(),
    userId: ownerUserId(),
    /** A canonical key of the search (location, buyer type, quick lists). */
    userSearch: text("user_search").notNull(),
    skip: integer("skip").notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex("skip_mapping_user_search_idx").on(t.userId, t.userSearch)],
);

export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: ownerUserId(),
    /** The member who saved it (no foreign key: outlives their membership), charged for its daily runs. */
    createdBy: text("created_by").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    /** The wizard's answers (domain/leads/saved-searches.ts), re-validated before every run. */
    criteriaJson: json<Record<string, unknown>>("criteria_json").notNull(),
    /** Runs daily from the Worker's cron (workers/scheduled.ts) while true. */
    isActive: flag("is_active").notNull().default(true),
    lastRunAt: instant("last_run_at"),
    /** Why the last run delivered fewer than asked (a cap, an exhausted market, a failure); null when it did not. */
    lastRunNote: text("last_run_note"),
    ...timestamps,
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId),
    // A user's searches are told apart by name.
    uniqueIndex("saved_searches_user_name_idx").on(t.userId, t.name),
    // The cron picks the stalest daily searches first.
    index("saved_searches_active_run_idx").on(t.isActive, t.lastRunAt),
  ],
);

export const leadRequests = sqliteTable(
  "lead_requests",
  {
    id: id(),
    userId: ownerUserId(),
    savedSearchId: text("saved_search_id").references(() => savedSearches.id, { onDelete: "set null" }),
    /** seller: a lead search (its leads are in lead_deliveries); buyer: a cash-buyer search. */
    kind: text("kind", { enum: LEAD_REQUEST_KINDS }).notNull().default("seller"),
    vendor: text("vendor").notNull(),
    requestParams: json<Record<string, unknown>>("request_params").notNull(),
    requestedCount: integer("requested_count").notNull(),
    respondedCount: integer("responded_count"),
    /** pending → completed, exhausted, partial or failed (with errorMessage): see LEAD_REQUEST_STATUSES. */
    status: text("status", { enum: LEAD_REQUEST_STATUSES }).notNull().default("pending"),
    errorMessage: text("error_message"),
    ...timestamps,
  },
  (t) => [
    index("lead_requests_user_created_idx").on(t.userId, t.createdAt),
    // The workbench reads the user's latest seller search that delivered leads.
    index("lead_requests_user_kind_created_idx").on(t.userId, t.kind, t.createdAt),
  ],
);

export const leadDeliveries = sqliteTable(
  "lead_deliveries",
  {
    id: id(),
    userId: ownerUserId(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    leadRequestId: text("lead_request_id").references(() => leadRequests.id, { onDelete: "set null" }),
    /** The lead's place in its request's answer (the lead queue's order). */
    position: integer("position").notNull().default(0),
    deliveredAt: instant("delivered_at")
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex("lead_deliveries_user_lead_idx").on(t.userId, t.leadId),
    index("lead_deliveries_request_position_idx").on(t.leadRequestId, t.position),
  ],
);

export const userLeads = sqliteTable(
  "user_leads",
  {
    id: id(),
    userId: ownerUserId(),
    leadId: text("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("new"),
    notes: text("notes"),
    tags: json<string[]>("tags").notNull().default([]),
    lastActionAt: instant("last_action_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_leads_user_lead_idx").on(t.userId, t.leadId)],
);
