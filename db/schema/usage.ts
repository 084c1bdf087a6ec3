/**
 * Metered usage (docs/decisions/080-usage-ledger-and-caps.md): the ledger of what each paid action cost, the counters
 * its caps are checked against, each workspace's and member's monthly spend cap, and the record of every mailed letter.
 */
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, id, instant, money } from "#db/columns.ts";
import { USAGE_KINDS } from "#db/enums.ts";

import { ownerUserId, users } from "./accounts.ts";
import { documents, properties } from "./crm.ts";

/**
 * One metered event, written in the same D1 batch as the action it meters: an action and its charge never exist one
 * without the other. Costs are integer micro-cents (a millionth of a cent), so fractions of a cent add up exactly.
 */
export const usageEvents = sqliteTable(
  "usage_events",
  {
    id: id(),
    userId: ownerUserId(),
    /**
     * The member who spent it (a user id): the request's signed-in person, or the workspace's founder for work no one
     * signed in for (a scheduled run). No foreign key: the record of who spent outlives their membership.
     */
    actorId: text("actor_id").notNull(),
    kind: text("kind", { enum: USAGE_KINDS }).notNull(),
    quantity: integer("quantity").notNull(),
    unitCostMicrocents: integer("unit_cost_microcents").notNull(),
    costMicrocents: integer("cost_microcents").notNull(),
    provider: text("provider").notNull(),
    /** The vendor's id for the call (a tracking id, a lead request, a response id) when it gave one. */
    providerRequestId: text("provider_request_id"),
    /** "YYYY-MM" (UTC): the month the charge counts toward. */
    period: text("period").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("usage_events_user_period_kind_idx").on(t.userId, t.period, t.kind)],
);

/**
 * Fixed-window counters the caps are checked against: one row per user, meter (a usage kind, or "spend" in
 * micro-cents) and span (minute, day, month). A reservation adds to every span in one statement and reads the new
 * totals back, so two parallel requests never both pass the last unit.
 */
export const usageCounters = sqliteTable(
  "usage_counters",
  {
    userId: ownerUserId(),
    meter: text("meter").notNull(),
    span: text("span", { enum: ["minute", "day", "month"] }).notNull(),
    windowStart: integer("window_start").notNull(),
    amount: integer("amount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.meter, t.span] })],
);

/** A user's own monthly spend cap (absent: the deployment's default). */
export const usageBudgets = sqliteTable("usage_budgets", {
  userId: ownerUserId().primaryKey(),
  monthlyCapCents: integer("monthly_cap_cents").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

/**
 * A member's own monthly spend cap in a workspace, set by its owners (absent: no member cap; the workspace's cap
 * still holds). Checked with the workspace's in the one reservation statement.
 */
export const usageMemberBudgets = sqliteTable(
  "usage_member_budgets",
  {
    userId: ownerUserId(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    monthlyCapCents: integer("monthly_cap_cents").notNull(),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.memberId] })],
);

/**
 * A member's own rate limits on one paid kind in a workspace, set by its owners (absent, or null for a window: no
 * member limit there; the workspace's limits still hold). Counted with the workspace's in the one reservation
 * statement.
 */
export const usageMemberLimits = sqliteTable(
  "usage_member_limits",
  {
    userId: ownerUserId(),
    memberId: text("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: USAGE_KINDS }).notNull(),
    perDay: integer("per_day"),
    perMonth: integer("per_month"),
    updatedAt: instant("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.memberId, t.kind] })],
);

/**
 * Every letter mailed (or being mailed) for a property. `claimKey` makes a mailing happen once: the first mailing of a
 * letter claims `{propertyId}:{documentId}`, a deliberate resend `{…}:resend:{minute}`; a twin request finds the
 * claim taken. `amount` is the letter's own amount, never the client's.
 */
export const letterMailings = sqliteTable(
  "letter_mailings",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    documentId: text("document_id").references(() => documents.id, { onDelete: "set null" }),
    claimKey: text("claim_key").notNull(),
    status: text("status", { enum: ["mailing", "mailed"] }).notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    amount: money("amount").notNull(),
    /** The member who asked for the mailing (no foreign key: outlives their membership), charged once it is confirmed. */
    actorId: text("actor_id").notNull(),
    provider: text("provider"),
    trackingId: text("tracking_id"),
    mailedAt: instant("mailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("letter_mailings_user_claim_idx").on(t.userId, t.claimKey),
    index("letter_mailings_user_property_idx").on(t.userId, t.propertyId),
  ],
);

/**
 * Places held by long-running work (a deal analysis of a property, an open analysis stream), each until it ends or its
 * lease expires: a user's concurrent analyses and streams are counted here.
 */
export const usageLeases = sqliteTable(
  "usage_leases",
  {
    userId: ownerUserId(),
    kind: text("kind", { enum: ["analysis", "stream"] }).notNull(),
    key: text("key").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
);
