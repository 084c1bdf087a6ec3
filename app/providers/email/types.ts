export type EmailMessage = { to: string; subject: string; text: string; html?: string };

/** Sends transactional email (reset links, contact notices). */
export interface EmailProvider {
  readonly name: "local" | "http";
  send(message: EmailMessage): Promise<{ id: string }>;
}
