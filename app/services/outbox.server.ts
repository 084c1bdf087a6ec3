/** The local email provider's outbox as the development page (/dev/outbox) shows it. */
import { desc } from "drizzle-orm";

import type { Db } from "@db/client";
import { emailOutbox } from "@db/schema";

export type OutboxEmail = { id: string; to: string; subject: string; text: string; createdAt: string };

/** The newest `limit` messages, newest first. The outbox is not per user: it is the developer's own mailbox. */
export async function latestOutboxEmails(db: Db, limit: number): Promise<OutboxEmail[]> {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
