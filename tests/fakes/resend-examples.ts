/**
 * Resend's own documented examples for `POST /emails`, written out by hand as facts (field names, types, one value
 * each), so a test can feed them through our client. Sources, read 2026-11-25:
 * - github.com/resend/resend-openapi `resend.yaml` (commit fd6f395): `SendEmailRequest` (required `from`, `to`,
 *   `subject`; `to` a string or 1–50 strings; `from` "Your Name <sender@domain.com>" for a friendly name) and
 *   `SendEmailResponse` (`{ id }`), security `bearerAuth`.
 * - github.com/resend/resend-node `src/resend.ts` (commit 3f67459): every request carries `Authorization: Bearer <key>`,
 *   `User-Agent` and `Content-Type: application/json`; `src/interfaces.ts`: the error body `ErrorResponse` is
 *   `{ message, statusCode, name }`; `src/emails/emails.spec.ts`: the 422 `missing_required_field` example and the
 *   success `{ id }` example below.
 */

/** SendEmailRequest's top-level fields (resend.yaml), every other one is unknown to Resend. */
export const RESEND_SEND_EMAIL_FIELDS = [
  "from",
  "to",
  "subject",
  "bcc",
  "cc",
  "reply_to",
  "html",
  "text",
  "template",
  "headers",
  "scheduled_at",
  "attachments",
  "tags",
  "topic_id",
] as const;
export const RESEND_REQUIRED_FIELDS = ["from", "to", "subject"] as const;
export const RESEND_MAX_TO = 50;

/** resend-node emails.spec.ts: a sent email's answer. */
export const RESEND_SENT_EXAMPLE = { id: "71cdfe68-cf79-473a-a9d7-21f91db6a526" };

/** resend-node emails.spec.ts: the 422 answer to a body without `from`. */
export const RESEND_ERROR_EXAMPLE = { name: "missing_required_field", message: "Missing `from` field.", statusCode: 422 };

/**
 * Resend's `POST /emails/batch` (resend.com/docs/api-reference/emails/send-batch-emails and the batch-sending guide,
 * read 2026-11-27): a JSON array of up to 100 Send Email bodies, without `attachments` and `scheduled_at` (not supported
 * in a batch); strict validation by default (one invalid email refuses the whole batch); an `Idempotency-Key` for the
 * whole batch (changelog "Batch Idempotency Keys", 2025-06-05); the answer `{ data: [{ id }, …] }`.
 */
export const RESEND_BATCH_MAX = 100;
export const RESEND_BATCH_UNSUPPORTED_FIELDS = ["attachments", "scheduled_at"] as const;
export const RESEND_BATCH_SENT_EXAMPLE = {
  data: [{ id: "ae2014de-c168-4c61-8267-70d2662a1ce1" }, { id: "faccb7a5-8a28-4e9a-ac64-8da1cc3bc1cb" }],
};

/**
 * Resend's idempotency keys (resend.com/docs/dashboard/emails/idempotency-keys and the API reference's errors, read
 * 2026-11-27), on `POST /emails` and `POST /emails/batch` (one key for the whole batch): 1–256 characters, else 400
 * `invalid_idempotency_key`; kept 24 hours; the same key with the same body answers the first response and sends
 * nothing; with another body 409 `invalid_idempotent_request`; while the first request is still in progress 409
 * `concurrent_idempotent_requests`.
 */
export const RESEND_IDEMPOTENCY_KEY_MAX = 256;
export const RESEND_IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
