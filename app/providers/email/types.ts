import { ProviderError } from "#app/providers/http.server.ts";

/**
 * `idempotencyKey`: sent as the API's `Idempotency-Key` (Resend keeps it 24 hours), so a retry after an answer was
 * lost sends nothing twice — the same key answers the first email. `headers`: extra email headers (a bulk email's
 * `List-Unsubscribe` and `List-Unsubscribe-Post`).
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
};

/** The most emails one batch call takes (Resend's `POST /emails/batch`). */
export const EMAIL_BATCH_MAX = 100;

/** Sends transactional email (reset links, contact notices) and batches of one email per recipient (deal blasts). */
export interface EmailProvider {
  readonly name: "local" | "http";
  send(message: EmailMessage): Promise<{ id: string }>;
  /**
   * Up to EMAIL_BATCH_MAX emails in one call, each to its own recipient, under one idempotency key for the whole
   * batch; all are sent or none (the provider refuses the batch if any email is invalid). Ids in the messages' order.
   */
  sendBatch(messages: readonly Omit<EmailMessage, "idempotencyKey">[], options: { idempotencyKey: string }): Promise<{ ids: string[] }>;
}

/**
 * The provider refused a request for its idempotency key (Resend's 409s): `other-body`, the key already sent a
 * request with another body within the key's life (that one went; this one never will under the key), or
 * `in-progress`, a request with the key is being sent right now.
 */
export class IdempotencyConflict extends ProviderError {
  constructor(
    readonly reason: "other-body" | "in-progress",
    message: string,
  ) {
    super("email", message, 409);
  }
}
