/**
 * Deals emailed to buyers: one row per deal and buyer, claimed before the email provider is called, so parallel blasts
 * email each buyer once. The row's token is the unsubscribe link of the email it sent.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { id, instant, timestamps } from "#db/columns.ts";
import { BUYER_EMAIL_STATUSES } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";
import { deals } from "./crm.ts";
import { buyers } from "./dispo.ts";

export const buyerEmails = sqliteTable(
  "buyer_emails",
  {
    id: id(),
    userId: ownerUserId(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    /** pending → sending (claimed by one request) → sent, or failed (the provider refused; a later blast retries it). */
    status: text("status", { enum: BUYER_EMAIL_STATUSES }).notNull().default("pending"),
    /** 1 for the first email, one more for each "send again". */
    round: integer("round").notNull().default(1),
    /** The blast that last queued the row: a double-clicked "send again" queues it once. */
    blastKey: text("blast_key").notNull(),
    /** The request holding the row while it is `sending`. */
    claimKey: text("claim_key"),
    /**
     * When that request claimed the row: a claim is a lease, and a `sending` row older than it belongs to a request
     * that died before writing its outcome, so the next blast may claim the row again.
     */
    claimedAt: instant("claimed_at"),
    /** The address the email went to, read from the buyer as the row was claimed. */
    toAddress: text("to_address"),
    /** Unguessable: the email's one-click unsubscribe link names it, and no sign-in is needed to use it. */
    unsubscribeToken: text("unsubscribe_token").notNull(),
    providerId: text("provider_id"),
    sentAt: instant("sent_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("buyer_emails_deal_buyer_idx").on(t.dealId, t.buyerId),
    uniqueIndex("buyer_emails_token_idx").on(t.unsubscribeToken),
    index("buyer_emails_user_created_idx").on(t.userId, t.createdAt),
  ],
);
