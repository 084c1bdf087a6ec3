import { z } from "zod";

import { errorFrom, fetchWithTimeout, ProviderError, readAnswer, type Fetch } from "#app/providers/http.server.ts";

import { EMAIL_BATCH_MAX, IdempotencyConflict, type EmailMessage, type EmailProvider } from "./types.ts";

const SentAnswerSchema = z.object({ id: z.string().min(1) });
const BatchAnswerSchema = z.object({ data: z.array(SentAnswerSchema) });
const ConflictSchema = z.object({ name: z.string() });

/**
 * Resend's 409s on an Idempotency-Key: `invalid_idempotent_request`, the key already sent an email with another body
 * (that email went; this one never will under the key), or `concurrent_idempotent_requests`, the same email is being
 * sent right now. Neither is worth retrying as it is: each says so.
 */
async function idempotencyConflict(response: Response): Promise<IdempotencyConflict> {
  const body = ConflictSchema.safeParse(await response.json().catch(() => null));
  const name = body.success ? body.data.name : "";
  if (name === "concurrent_idempotent_requests")
    return new IdempotencyConflict("in-progress", "the same email is being sent right now (409 concurrent_idempotent_requests)");
  return new IdempotencyConflict(
    "other-body",
    "an email with other content was already sent under this idempotency key (409 invalid_idempotent_request): this one was not sent",
  );
}

type HttpEmailConfig = { url: string; apiKey: string; from: string; fetch?: Fetch; timeoutMs?: number };

/** One email as Resend's Send Email body takes it (a batch is an array of these). */
function emailBody(from: string, message: Omit<EmailMessage, "idempotencyKey">) {
  return {
    from,
    to: [message.to],
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    ...(message.headers ? { headers: message.headers } : {}),
  };
}

/**
 * A transactional-email HTTP API in the common shape (Resend's `POST /emails`, which Postmark- and SendGrid-style
 * relays also accept through small adapters): JSON `{ from, to: [..], subject, text, html, headers }`, Bearer key,
 * `{ id }` back; and Resend's `POST /emails/batch`: a JSON array of up to 100 such emails, `{ data: [{ id }] }` back.
 */
export function createHttpEmail(config: HttpEmailConfig): EmailProvider {
  const fetcher = config.fetch ?? fetch;
  const post = (url: string, body: unknown, idempotencyKey: string | undefined) =>
    fetchWithTimeout(
      "email",
      fetcher,
      url,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${config.apiKey}`,
          "Content-Type": "application/json",
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
        },
        body: JSON.stringify(body),
      },
      config.timeoutMs,
    );
  return {
    name: "http",
    async send(message: EmailMessage) {
      const response = await post(config.url, emailBody(config.from, message), message.idempotencyKey);
      if (response.status === 409) throw await idempotencyConflict(response);
      if (!response.ok) throw await errorFrom("email", response);
      const body = await readAnswer("email", response, SentAnswerSchema, "answer had no message id");
      return { id: body.id };
    },
    async sendBatch(messages, { idempotencyKey }) {
      if (messages.length === 0) return { ids: [] };
      if (messages.length > EMAIL_BATCH_MAX) throw new ProviderError("email", `a batch holds at most ${EMAIL_BATCH_MAX} emails`);
      const url = `${config.url.replace(/\/+$/, "")}/batch`;
      const response = await post(
        url,
        messages.map((message) => emailBody(config.from, message)),
        idempotencyKey,
      );
      if (response.status === 409) throw await idempotencyConflict(response);
      if (!response.ok) throw await errorFrom("email", response);
      const body = await readAnswer("email", response, BatchAnswerSchema, "answer had no message ids");
      if (body.data.length !== messages.length) throw new ProviderError("email", "answer had another number of message ids than emails");
      return { ids: body.data.map((sent) => sent.id) };
    },
  };
}
