/** The local email and mail providers' outboxes as the development pages (/dev/outbox, /dev/mail) show them. */
import { desc, eq } from "drizzle-orm";

import { emailOutbox, mailOutbox } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { isLocalRequest } from "#app/services/http/request.server.ts";

/** The dev mail outbox exists only locally (loopback origin and request, not production) with the local mail provider. */
export function devMailAvailable(request: Request, config: { APP_ORIGIN: string; APP_ENV: string; MAIL: string }): boolean {
  return isLocalRequest(request, config.APP_ORIGIN) && config.APP_ENV !== "production" && config.MAIL === "local";
}

export type OutboxEmail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string> | null;
  createdAt: string;
};

/** The newest `limit` messages, newest first. The outbox is not per user: it is the developer's own mailbox. */
export async function latestOutboxEmails(context: ServiceContext<"db">, limit: number): Promise<OutboxEmail[]> {
  const { db } = context;
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      headers: emailOutbox.headers,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export type OutboxLetter = {
  trackingId: string;
  recipientName: string;
  recipientAddress: string;
  offerAmount: number | null;
  status: string;
  hasPdf: boolean;
  createdAt: string;
};

/** The local mail provider's pieces (letters of intent), newest first: the developer's own mailbox, like the emails. */
export async function latestOutboxLetters(context: ServiceContext<"db">, limit: number): Promise<OutboxLetter[]> {
  const { db } = context;
  const rows = await db
    .select({
      trackingId: mailOutbox.trackingId,
      recipientName: mailOutbox.recipientName,
      recipientAddress: mailOutbox.recipientAddress,
      offerAmount: mailOutbox.offerAmount,
      status: mailOutbox.status,
      pdfKey: mailOutbox.pdfKey,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
  return rows.map(({ pdfKey, createdAt, ...row }) => ({ ...row, hasPdf: Boolean(pdfKey), createdAt: createdAt.toISOString() }));
}

/** A mailed piece's PDF by its tracking id, or null. */
export async function outboxLetterPdf(context: ServiceContext<"db">, files: R2Bucket, trackingId: string): Promise<R2ObjectBody | null> {
  const { db } = context;
  const row = await db.select({ pdfKey: mailOutbox.pdfKey }).from(mailOutbox).where(eq(mailOutbox.trackingId, trackingId)).get();
  return row?.pdfKey ? files.get(row.pdfKey) : null;
}
