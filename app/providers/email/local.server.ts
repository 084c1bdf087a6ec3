import type { Db } from "#db/client.ts";
import { emailOutbox } from "#db/schema.ts";

import type { EmailMessage, EmailProvider } from "./types.ts";

/** Keeps every email in the email_outbox table, readable in development on a dev-only page. */
export function createLocalEmail(db: Db): EmailProvider {
  return {
    name: "local",
    async send(message: EmailMessage) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ toAddress: message.to, subject: message.subject, textBody: message.text, htmlBody: message.html })
        .returning({ id: emailOutbox.id });
      return { id: row.id };
    },
  };
}
