/**
 * The workspace's activity log: who (a member) did what to which record, when. Append-only: a row is written in the
 * same D1 batch as the action it records and only deleted by the sweep once older than the retention.
 */
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { createdAt, id, json } from "#db/columns.ts";
import { ACTIVITY_KINDS } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";

/** What an entry's words need beside its kind: amounts in dollars, an offer's from → to, an export's name, a role. */
export type ActivityDetail = {
  amount?: number;
  from?: number | null;
  to?: number;
  outcome?: string;
  export?: string;
  email?: string;
  role?: string;
  count?: number;
  buyer?: string;
};

export const activityLog = sqliteTable(
  "activity_log",
  {
    id: id(),
    /** The workspace the entry belongs to. */
    userId: ownerUserId(),
    /** The member who acted; no reference, so the entry outlives the person's membership and account. */
    actorId: text("actor_id").notNull(),
    kind: text("kind", { enum: ACTIVITY_KINDS }).notNull(),
    /** The member acted on (invited, role changed, removed), when there is one. */
    memberId: text("member_id"),
    /** The lead or deal acted on, and its address in words as it was then. */
    propertyId: text("property_id"),
    dealId: text("deal_id"),
    place: text("place"),
    detail: json<ActivityDetail>("detail").notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_user_created_idx").on(t.userId, t.createdAt),
    index("activity_log_user_actor_created_idx").on(t.userId, t.actorId, t.createdAt),
    index("activity_log_user_kind_created_idx").on(t.userId, t.kind, t.createdAt),
    index("activity_log_created_idx").on(t.createdAt),
  ],
);
