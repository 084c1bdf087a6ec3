import { and, eq } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { mailOutbox } from "#db/schema.ts";
import { mailPdfKey } from "#app/domain/documents/file-keys.ts";

import { formatAddressLine, type Letter, type MailProvider } from "./types.ts";

/**
 * "Mails" into the mail_outbox table and keeps the rendered piece in R2, with a tracking id like a real vendor's. The
 * unique (user, idempotency key) index is the guarantee: a retry, or the same request twice at once, answers the
 * first piece's tracking id and never queues a second one.
 */
export function createLocalMail(db: Db, files: R2Bucket): MailProvider {
  const queued = (letter: Letter) =>
    db
      .select({ trackingId: mailOutbox.trackingId })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, letter.userId), eq(mailOutbox.idempotencyKey, letter.idempotencyKey)))
      .get();
  return {
    name: "local",
    async sendLetter(letter: Letter) {
      const existing = await queued(letter);
      if (existing) return { trackingId: existing.trackingId, provider: "local" };

      const trackingId = `ltr_local_${crypto.randomUUID().replaceAll("-", "")}`;
      const pdfKey = mailPdfKey(letter.userId, trackingId);
      await files.put(pdfKey, letter.pdf, { httpMetadata: { contentType: "application/pdf" } });
      const [inserted] = await db
        .insert(mailOutbox)
        .values({
          userId: letter.userId,
          propertyId: letter.propertyId,
          trackingId,
          idempotencyKey: letter.idempotencyKey,
          recipientName: letter.to.name,
          recipientAddress: formatAddressLine(letter.to),
          offerAmount: letter.offerAmount,
          pdfKey,
        })
        .onConflictDoNothing({ target: [mailOutbox.userId, mailOutbox.idempotencyKey] })
        .returning({ trackingId: mailOutbox.trackingId });
      if (inserted) return { trackingId, provider: "local" };
      // The same letter was queued meanwhile (a double click): answer that piece and drop this copy's file.
      await files.delete(pdfKey);
      const first = await queued(letter);
      if (!first) throw new Error("mail_outbox refused the letter but holds no piece with its idempotency key");
      return { trackingId: first.trackingId, provider: "local" };
    },
  };
}
