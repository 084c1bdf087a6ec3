/** Outboxes of the embedded providers: letters the local mail provider "mailed" and emails it "sent". */
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, id, json, money } from "#db/columns.ts";

import { ownerUserId } from "./accounts.ts";
import { properties } from "./crm.ts";

/** Letters "mailed" by the local mail provider; the rendered piece is in R2 at `pdfKey`. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    trackingId: text("tracking_id").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientAddress: text("recipient_address").notNull(),
    offerAmount: money("offer_amount"),
    pdfKey: text("pdf_key"),
    status: text("status").notNull().default("queued"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("mail_outbox_user_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("mail_outbox_user_created_idx").on(t.userId, t.createdAt),
  ],
);

/** Emails "sent" by the local email provider (reset links, contact notices), readable on a dev-only page. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** The headers sent with it (a buyer email's List-Unsubscribe), shown on the dev outbox. */
    headers: json<Record<string, string>>("headers"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_created_idx").on(t.toAddress, t.createdAt)],
);
