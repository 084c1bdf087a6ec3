import { RESEND_MAX_TO, RESEND_SEND_EMAIL_FIELDS } from "./resend-examples.ts";

/**
 * A fake of Resend's `POST /emails`, checking what Resend's API reference says it checks (resend.com/docs/api-reference):
 * a `User-Agent` header (without one Resend answers 403, error 1010), Bearer auth, and the documented body —
 * `from` (an address or `Name <address>`), `to` (a string or at most 50 strings), `subject`, at least one of `html` /
 * `text` / `template`, and only the fields the reference lists. Answers `{ id }`, or Resend's error body
 * `{ statusCode, name, message }` (422 `validation_error` / `missing_required_field`, 401 `missing_api_key`, 403
 * `invalid_api_key`, 409 `invalid_idempotent_request` for a reused Idempotency-Key with another body).
 */
export type FakeEmailApi = {
  url: string;
  fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  sent: { from: string; to: string[]; subject: string; text?: string; html?: string }[];
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
  return null;
}

export function createFakeEmailApi(apiKey: string, options: { delayMs?: number } = {}): FakeEmailApi {
  const sent: FakeEmailApi["sent"] = [];
  const answered = new Map<string, { id: string; payload: string }>();
  const userAgents: FakeEmailApi["userAgents"] = [];
  const url = "https://email.fake.test/emails";
  return {
    url,
    sent,
    userAgents,
    async fetch(input, init) {
      const request = new Request(input, init);
      userAgents.push(request.headers.get("User-Agent"));
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
      if (request.method !== "POST" || new URL(request.url).pathname !== "/emails") return new Response("Not Found", { status: 404 });
      const authorization = request.headers.get("Authorization");
      if (!authorization) return refuse(401, "missing_api_key", "Missing API key in the authorization header.");
      if (authorization !== `Bearer ${apiKey}`) return refuse(403, "invalid_api_key", "API key is invalid");
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        body = null;
      }
      const problem = bodyProblem(body);
      if (problem) return problem;
      const accepted = body as FakeEmailApi["sent"][number] & { to: string | string[] };
      // Resend's idempotency: a key seen before with the same body answers the first email's id and sends nothing;
      // with another body it is refused, 409 invalid_idempotent_request.
      const key = request.headers.get("Idempotency-Key");
      const first = key ? answered.get(key) : undefined;
      const payload = JSON.stringify(body);
      if (first && first.payload !== payload)
        return refuse(
          409,
          "invalid_idempotent_request",
          "Same idempotency key used with a different request payload. Change your idempotency key or payload.",
        );
      if (first) return Response.json({ id: first.id });
      sent.push({ ...accepted, to: typeof accepted.to === "string" ? [accepted.to] : accepted.to });
      const id = crypto.randomUUID();
      if (key) answered.set(key, { id, payload });
      return Response.json({ id });
    },
  };
}
