/**
 * `idempotencyKey`: sent as the API's `Idempotency-Key` (Resend keeps it 24 hours), so a retry after an answer was
 * lost sends nothing twice — the same key answers the first email.
 */
export type EmailMessage = { to: string; subject: string; text: string; html?: string; idempotencyKey?: string };

/** Sends transactional email (reset links, contact notices). */
export interface EmailProvider {
  readonly name: "local" | "http";
  send(message: EmailMessage): Promise<{ id: string }>;
}
