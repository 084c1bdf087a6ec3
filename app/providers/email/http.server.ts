import { z } from "zod";

import { errorFrom, fetchWithTimeout, ProviderError, readAnswer, type Fetch } from "#app/providers/http.server.ts";

import type { EmailMessage, EmailProvider } from "./types.ts";

const SentAnswerSchema = z.object({ id: z.string().min(1) });
const ConflictSchema = z.object({ name: z.string() });

/**
 * Resend's 409s on an Idempotency-Key: `invalid_idempotent_request`, the key already sent an email with another body
 * (that email went; this one never will under the key), or `concurrent_idempotent_requests`, the same email is being
 * sent right now. Neither is worth retrying as it is: each says so.
 */
async function idempotencyConflict(response: Response): Promise<ProviderError> {
  const body = ConflictSchema.safeParse(await response.json().catch(() => null));
  const name = body.success ? body.data.name : "";
  if (name === "concurrent_idempotent_requests")
    return new ProviderError("email", "the same email is being sent right now (409 concurrent_idempotent_requests)", 409);
  return new ProviderError(
    "email",
    "an email with other content was already sent under this idempotency key (409 invalid_idempotent_request): this one was not sent",
    409,
  );
}

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
      if (response.status === 409) throw await idempotencyConflict(response);
      if (!response.ok) throw await errorFrom("email", response);
      const body = await readAnswer("email", response, SentAnswerSchema, "answer had no message id");
      return { id: body.id };
    },
  };
}
