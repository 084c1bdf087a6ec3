import { z } from "zod";

import { errorFrom, fetchWithTimeout, readAnswer, type Fetch } from "#app/providers/http.server.ts";

import type { EmailMessage, EmailProvider } from "./types.ts";

const SentAnswerSchema = z.object({ id: z.string().min(1) });

type HttpEmailConfig = { url: string; apiKey: string; from: string; fetch?: Fetch; timeoutMs?: number };

/**
 * A transactional-email HTTP API in the common shape (Resend's `POST /emails`, which Postmark- and SendGrid-style
 * relays also accept through small adapters): JSON `{ from, to: [..], subject, text, html }`, Bearer key, `{ id }` back.
 */
export function createHttpEmail(config: HttpEmailConfig): EmailProvider {
  const fetcher = config.fetch ?? fetch;
  return {
    name: "http",
    async send(message: EmailMessage) {
      const response = await fetchWithTimeout(
        "email",
        fetcher,
        config.url,
        {
          method: "POST",
          headers: {
            Authorization: `Bearer ${config.apiKey}`,
            "Content-Type": "application/json",
            ...(message.idempotencyKey ? { "Idempotency-Key": message.idempotencyKey } : {}),
          },
          body: JSON.stringify({
            from: config.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            ...(message.html ? { html: message.html } : {}),
          }),
        },
        config.timeoutMs,
      );
      if (!response.ok) throw await errorFrom("email", response);
      const body = await readAnswer("email", response, SentAnswerSchema, "answer had no message id");
      return { id: body.id };
    },
  };
}
