import { and, eq } from "drizzle-orm";

import type { Db } from "../../../db/client";
import { mailOutbox } from "../../../db/schema";
import { mailPdfKey } from "../../domain/file-keys";
import { formatAddressLine, type Letter, type MailProvider } from "./types";

/** "Mails" into the mail_outbox table and keeps the rendered piece in R2, with a tracking id like a real vendor's. */
export function createLocalMail(db: Db, files: R2Bucket): MailProvider {
  return {
    name: "local",
    async sendLetter(letter: Letter) {
      const existing = await db
        .select({ trackingId: mailOutbox.trackingId })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.userId, letter.userId), eq(mailOutbox.idempotencyKey, letter.idempotencyKey)))
        .get();
      if (existing) return { trackingId: existing.trackingId, provider: "local" };

      const trackingId = `ltr_local_${crypto.randomUUID().replaceAll("-", "")}`;
      const pdfKey = mailPdfKey(letter.userId, trackingId);
      await files.put(pdfKey, letter.pdf, { httpMetadata: { contentType: "application/pdf" } });
      await db.insert(mailOutbox).values({
        userId: letter.userId,
        propertyId: letter.propertyId,
        trackingId,
        idempotencyKey: letter.idempotencyKey,
        recipientName: letter.to.name,
        recipientAddress: formatAddressLine(letter.to),
        offerAmount: letter.offerAmount,
        pdfKey,
      });
      return { trackingId, provider: "local" };
    },
  };
}
