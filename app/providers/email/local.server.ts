import type { Db } from "#db/client.ts";
import { emailOutbox } from "#db/schema.ts";

import type { EmailMessage, EmailProvider } from "./types.ts";

const row = (message: Omit<EmailMessage, "idempotencyKey">) => ({
  toAddress: message.to,
  subject: message.subject,
  textBody: message.text,
  htmlBody: message.html,
  headers: message.headers ?? null,
});

/** Keeps every email in the email_outbox table, readable in development on a dev-only page. */
export function createLocalEmail(db: Db): EmailProvider {
  return {
    name: "local",
    async send(message: EmailMessage) {
      const [inserted] = await db.insert(emailOutbox).values(row(message)).returning({ id: emailOutbox.id });
      return { id: inserted.id };
    },
    async sendBatch(messages) {
      const [first, ...rest] = messages.map((message) => db.insert(emailOutbox).values(row(message)).returning({ id: emailOutbox.id }));
      if (!first) return { ids: [] };
      // One statement per email (D1 binds at most 100 parameters a statement), all in one batch: all kept or none.
      const inserted = await db.batch([first, ...rest]);
      return { ids: inserted.map(([email]) => email!.id) };
    },
  };
}
