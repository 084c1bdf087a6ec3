import {
  RESEND_BATCH_MAX,
  RESEND_BATCH_UNSUPPORTED_FIELDS,
  RESEND_IDEMPOTENCY_KEY_MAX,
  RESEND_IDEMPOTENCY_KEY_TTL_MS,
  RESEND_MAX_TO,
  RESEND_SEND_EMAIL_FIELDS,
} from "./resend-examples.ts";

/**
 * A fake of Resend's `POST /emails`, checking what Resend's API reference says it checks (resend.com/docs/api-reference):
 * a `User-Agent` header (without one Resend answers 403, error 1010), Bearer auth, and the documented body —
 * `from` (an address or `Name <address>`), `to` (a string or at most 50 strings), `subject`, at least one of `html` /
 * `text` / `template`, and only the fields the reference lists. Answers `{ id }`, or Resend's error body
 * `{ statusCode, name, message }` (422 `validation_error` / `missing_required_field`, 401 `missing_api_key`, 403
 * `invalid_api_key`). An Idempotency-Key as Resend documents it: 1–256 characters (else 400
 * `invalid_idempotency_key`), kept 24 hours (by `now`), the same key and body answering the first response without
 * sending, another body 409 `invalid_idempotent_request`, a request while the key's first is still being answered 409
 * `concurrent_idempotent_requests`. `POST /emails/batch` takes an array of 1–100 such bodies (no `attachments` or
 * `scheduled_at`), checks each strictly (one invalid email refuses the batch, naming its index), keys the whole batch by
 * its Idempotency-Key, and answers `{ data: [{ id }, …] }`; `batches` records each batch call that sent.
 */
export type FakeEmailApi = {
  url: string;
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  sent: { from: string; to: string[]; subject: string; text?: string; html?: string; headers?: Record<string, string> }[];
  /** The number of emails of each batch call that sent (replays send nothing and are not counted). */
  batches: number[];
  /** The Idempotency-Key of every request (null when it had none). */
  idempotencyKeys: (string | null)[];
  /** The User-Agent of every request the fake received (null when it had none). */
  userAgents: (string | null)[];
};

/** The body fields of Resend's Send Email reference (the Node SDK's `react` is rendered to `html` before sending). */
const RESEND_EMAIL_FIELDS = new Set<string>(RESEND_SEND_EMAIL_FIELDS);
const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const FROM = /^(?:[^<>]*<([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)>|([^\s@<>]+@[^\s@<>]+\.[^\s@<>]+))$/;

const refuse = (statusCode: number, name: string, message: string) => Response.json({ statusCode, name, message }, { status: statusCode });

/** What Resend refuses in a Send Email body, or null. */
function bodyProblem(body: unknown): Response | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return refuse(422, "validation_error", "Invalid JSON body");
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !RESEND_EMAIL_FIELDS.has(key));
  if (unknown.length) return refuse(422, "validation_error", `Unknown field(s): ${unknown.join(", ")}`);
  for (const required of ["from", "to", "subject"]) {
    if (fields[required] === undefined || fields[required] === "")
      return refuse(422, "missing_required_field", `Missing \`${required}\` field.`);
  }
  if (typeof fields.from !== "string" || !FROM.test(fields.from)) {
    return refuse(
      422,
      "validation_error",
      "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.",
    );
  }
  const to = typeof fields.to === "string" ? [fields.to] : fields.to;
  if (!Array.isArray(to) || to.length === 0 || to.some((item) => typeof item !== "string" || !ADDRESS.test(item))) {
    return refuse(422, "validation_error", "Invalid `to` field.");
  }
  if (to.length > RESEND_MAX_TO) return refuse(422, "validation_error", `Too many recipients in \`to\` (max ${RESEND_MAX_TO}).`);
  if (typeof fields.subject !== "string") return refuse(422, "validation_error", "Invalid `subject` field.");
  for (const text of ["html", "text"]) {
    if (fields[text] !== undefined && typeof fields[text] !== "string")
      return refuse(422, "validation_error", `Invalid \`${text}\` field.`);
  }
  if (!fields.html && !fields.text && !fields.template) return refuse(422, "missing_required_field", "Missing `html` or `text` field.");
  const headers = fields.headers;
  if (
    headers !== undefined &&
    (typeof headers !== "object" ||
      headers === null ||
      Array.isArray(headers) ||
      Object.values(headers).some((value) => typeof value !== "string"))
  )
    return refuse(422, "validation_error", "Invalid `headers` field.");
  return null;
}

/** What Resend refuses in a batch body: not an array, empty or over 100, a field a batch does not take, any invalid email. */
function batchProblem(body: unknown): Response | null {
  if (!Array.isArray(body) || body.length === 0) return refuse(422, "validation_error", "Invalid JSON body: expected an array of emails");
  if (body.length > RESEND_BATCH_MAX) return refuse(422, "validation_error", `Too many emails in the batch (max ${RESEND_BATCH_MAX}).`);
  for (const [index, email] of body.entries()) {
    const unsupported = RESEND_BATCH_UNSUPPORTED_FIELDS.filter((field) => typeof email === "object" && email !== null && field in email);
    if (unsupported.length) return refuse(422, "validation_error", `emails[${index}]: \`${unsupported[0]}\` is not supported in a batch.`);
    const problem = bodyProblem(email);
    if (problem) return problem;
  }
  return null;
}

export function createFakeEmailApi(apiKey: string, options: { delayMs?: number; now?: () => number } = {}): FakeEmailApi {
  const sent: FakeEmailApi["sent"] = [];
  const now = options.now ?? (() => Date.now());
  const answered = new Map<string, { answer: unknown; payload: string; at: number }>();
  const inProgress = new Set<string>();
  const userAgents: FakeEmailApi["userAgents"] = [];
  const batches: number[] = [];
  const idempotencyKeys: (string | null)[] = [];
  const url = "https://email.fake.test/emails";
  const toList = (email: FakeEmailApi["sent"][number] & { to: string | string[] }) => ({
    ...email,
    to: typeof email.to === "string" ? [email.to] : email.to,
  });
  return {
    url,
    sent,
    batches,
    idempotencyKeys,
    userAgents,
    async fetch(input, init) {
      const request = new Request(input, init);
      userAgents.push(request.headers.get("User-Agent"));
      const key = request.headers.get("Idempotency-Key");
      idempotencyKeys.push(key);
      const keyed = key ? `${new URL(request.url).pathname} ${key}` : null;
      if (keyed && inProgress.has(keyed))
        return refuse(409, "concurrent_idempotent_requests", "Same idempotency key used while original request is still in progress.");
      if (keyed) inProgress.add(keyed);
      try {
        return await answer(request, key, keyed);
      } finally {
        if (keyed) inProgress.delete(keyed);
      }
    },
  };

  async function answer(request: Request, key: string | null, keyed: string | null): Promise<Response> {
    if (options.delayMs) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, options.delayMs);
        request.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
        });
      });
    }
    // Resend refuses a request without a User-Agent before anything else (its reference: 403, error code 1010).
    if (!request.headers.get("User-Agent")) return new Response("error code: 1010", { status: 403 });
    const path = new URL(request.url).pathname;
    if (request.method !== "POST" || (path !== "/emails" && path !== "/emails/batch")) return new Response("Not Found", { status: 404 });
    const authorization = request.headers.get("Authorization");
    if (!authorization) return refuse(401, "missing_api_key", "Missing API key in the authorization header.");
    if (authorization !== `Bearer ${apiKey}`) return refuse(403, "invalid_api_key", "API key is invalid");
    if (key !== null && (key.length === 0 || key.length > RESEND_IDEMPOTENCY_KEY_MAX))
      return refuse(400, "invalid_idempotency_key", "The key must be between 1-256 chars.");
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      body = null;
    }
    const problem = path === "/emails/batch" ? batchProblem(body) : bodyProblem(body);
    if (problem) return problem;
    // Resend's idempotency: a key seen in the last 24 hours with the same body answers the first response and sends
    // nothing; with another body it is refused, 409 invalid_idempotent_request.
    const seen = keyed ? answered.get(keyed) : undefined;
    const first = seen && now() - seen.at < RESEND_IDEMPOTENCY_KEY_TTL_MS ? seen : undefined;
    const payload = JSON.stringify(body);
    if (first && first.payload !== payload)
      return refuse(
        409,
        "invalid_idempotent_request",
        "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
      );
    if (first) return Response.json(first.answer);
    const emails = (path === "/emails/batch" ? body : [body]) as (FakeEmailApi["sent"][number] & { to: string | string[] })[];
    sent.push(...emails.map(toList));
    const ids = emails.map(() => ({ id: crypto.randomUUID() }));
    if (path === "/emails/batch") batches.push(emails.length);
    const reply = path === "/emails/batch" ? { data: ids } : ids[0]!;
    if (keyed) answered.set(keyed, { answer: reply, payload, at: now() });
    return Response.json(reply);
  }
}
