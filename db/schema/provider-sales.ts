/**
 * Market data bought from a property-data vendor, kept so it is bought once (docs/decisions/091-comps-the-user-can-defend.md):
 * for each subject address, the vendor's record of the subject and the sold comparables it answered, each with the
 * vendor's own record id and the day it was fetched. Not user data: any user valuing the same subject reads the same
 * rows, and a fetch older than the cache's life is bought again.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { PROVIDER_SALE_ROLES, PROVIDER_SALE_STATUSES } from "#db/enums.ts";

export const providerSales = sqliteTable(
  "provider_sales",
  {
    /** The vendor ("batchdata"). */
    provider: text("provider").notNull(),
    /** The subject's address as one key: street, city, state and ZIP, lower-cased with single spaces. */
    subjectKey: text("subject_key").notNull(),
    /** The vendor's id of the record; "" for the row saying the vendor has no record of the subject. */
    recordId: text("record_id").notNull(),
    role: text("role", { enum: PROVIDER_SALE_ROLES }).notNull(),
    /** The record as the valuation engine reads it (a home's or a sale's facts), JSON; null when none. */
    facts: text("facts", { mode: "json" }),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
    /**
     * The subject row's state: "pending" while one request, the claimant, buys its comparables (only it calls the
     * vendor and meters); its `facts` then hold the previous answer, or null for a subject never bought.
     */
    status: text("status", { enum: PROVIDER_SALE_STATUSES }).notNull().default("ready"),
    /** The claimant's id while pending, so only it writes the answer or gives the claim back. */
    claimId: text("claim_id"),
    /** When a pending claim lapses: a claimant that died is replaced by the next request after this. */
    claimExpiresAt: integer("claim_expires_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.subjectKey, t.recordId] }),
    index("provider_sales_fetched_idx").on(t.fetchedAt),
    // One subject row a subject, whatever its record id: the row a purchase is claimed by.
    uniqueIndex("provider_sales_subject_idx")
      .on(t.provider, t.subjectKey)
      .where(sql`role = 'subject'`),
  ],
);
