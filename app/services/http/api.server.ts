import { hasUnsafeText, unsafeTextMessage } from "#app/domain/shared/text.ts";

/** The /api failure body: `{ success: false, message, errors? }` with a 4xx status (architecture.md, /api conventions). */
export function apiError(status: number, message: string, errors?: Record<string, string[]>) {
  return Response.json({ success: false, message, ...(errors ? { errors } : {}) }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * A service's refusal as the /api answers it: its status and message, the provider's `error` or the existing
 * `trackingId` when it has them, and a `Retry-After` header when it says when to try again (a cap).
 */
export function apiRefusal(refusal: {
  status: number;
  message: string;
  error?: string;
  errors?: Record<string, string[]>;
  trackingId?: string;
  retryAfterSeconds?: number;
}) {
  const { status, message, error, errors, trackingId, retryAfterSeconds } = refusal;
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (retryAfterSeconds !== undefined) headers["Retry-After"] = String(retryAfterSeconds);
  return Response.json(
    {
      success: false,
      message,
      ...(errors ? { errors } : {}),
      ...(error ? { error } : {}),
      ...(trackingId ? { trackingId } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    },
    { status, headers },
  );
}

type SafeParser<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/** Field errors keyed by dotted path, each with its messages, as forms and the /api `errors` map carry them. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** The cap on a JSON or form body (uploads have their own, MAX_UPLOAD_BYTES in documents/uploads.server.ts). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The body's bytes, counted as they stream in, or null as soon as they pass `limit` (the rest is never read). A
 * Content-Length over the limit is refused unread; a missing or lying one does not matter, because the count is of
 * the bytes that actually arrive.
 */
export async function readCappedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(declared) && declared > limit) {
    await request.body?.cancel();
    return null;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** 413 in the /api failure shape, naming the cap. */
export function bodyTooLarge(limit = MAX_BODY_BYTES) {
  return apiError(413, `The request body is too large. The limit is ${formatBytes(limit)}.`);
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The multipart envelope (boundaries, part headers, small fields) a form adds around a file at its cap. */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * The one way a route reads a form (urlencoded or multipart): at most `limit` bytes, else a thrown 413; a body that
 * is not a form is a thrown 400. Page actions and /api routes both use it, so no action buffers an unbounded body.
 */
export async function readFormData(request: Request, limit = MAX_BODY_BYTES): Promise<FormData> {
  const bytes = await readCappedBytes(request, limit);
  if (!bytes) throw bodyTooLarge(limit);
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    throw apiError(400, "The request body is not a valid form");
  }
  refuseUnsafeText(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === "string")));
  return form;
}

/**
 * Nothing a user sends is stored with control or bidi-override characters (domain/shared/text.ts): a body holding
 * one anywhere is a 400 naming the field, before any route reads it.
 */
function refuseUnsafeText(body: unknown) {
  const errors: Record<string, string[]> = {};
  const walk = (value: unknown, path: string[]) => {
    if (typeof value === "string") {
      if (hasUnsafeText(value)) errors[path.join(".") || "body"] = [unsafeTextMessage(path.at(-1) ?? "The text")];
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(inner, [...path, key]);
    }
  };
  walk(body, []);
  const fields = Object.keys(errors);
  if (fields.length > 0) throw apiError(400, `Validation error: ${Object.values(errors).flat().join(", ")}`, errors);
}

/**
 * Reads a JSON body (or a form body, for callers without JavaScript), at most MAX_BODY_BYTES (413 past it), and
 * validates it. Answers the parsed value, or throws a 400 `{ success: false, message, errors }` naming each field's
 * messages in the spec's words.
 */
export async function readBody<T>(request: Request, schema: SafeParser<T>): Promise<T> {
  const type = request.headers.get("Content-Type") ?? "";
  let raw: unknown;
  if (type.includes("form")) {
    raw = Object.fromEntries((await readFormData(request)).entries());
  } else {
    const bytes = await readCappedBytes(request, MAX_BODY_BYTES);
    if (!bytes) throw bodyTooLarge();
    try {
      raw = JSON.parse(new TextDecoder().decode(bytes) || "{}");
    } catch {
      throw apiError(400, "The request body is not valid JSON");
    }
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw apiError(400, "The request body must be a JSON object");
  refuseUnsafeText(raw);
  const result = schema.safeParse(raw);
  if (!result.success) {
    const errors = fieldErrors(result.error.issues);
    throw apiError(400, `Validation error: ${Object.values(errors).flat().join(", ")}`, errors);
  }
  return result.data;
}

/** Validates a GET route's query string; throws a 400 in the /api failure shape naming each bad parameter. */
export function readQuery<T>(request: Request, schema: SafeParser<T>): T {
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!result.success) {
    const errors = fieldErrors(result.error.issues);
    throw apiError(400, `Validation error: ${Object.values(errors).flat().join(", ")}`, errors);
  }
  return result.data;
}

/** The methods a route can serve; OPTIONS is not one (the app is same-origin only: no CORS preflight is answered). */
export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The Allow list: HEAD goes with GET, because Remix answers a HEAD with the route's loader. */
function allowList(allowed: readonly HttpMethod[]): HttpMethod[] {
  const list = allowed.flatMap((method): HttpMethod[] => (method === "GET" && !allowed.includes("HEAD") ? ["GET", "HEAD"] : [method]));
  return [...new Set(list)];
}

/** Only the methods a route serves; anything else is a 405 in the /api failure shape, with Allow naming them. */
export function methodNotAllowed(allowed: readonly HttpMethod[]) {
  const list = allowList(allowed);
  return Response.json(
    { success: false, message: `Method not allowed. Use ${joinOr(list)}.` },
    { status: 405, headers: { Allow: list.join(", "), "Cache-Control": "no-store" } },
  );
}

/** The same 405 for a resource route outside /api (a CSV export, a file, a form's target): a plain sentence. */
export function plainMethodNotAllowed(allowed: readonly HttpMethod[]) {
  const list = allowList(allowed);
  return new Response(`Method not allowed. Use ${joinOr(list)}.\n`, {
    status: 405,
    headers: { Allow: list.join(", "), "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const joinOr = (list: readonly string[]) => (list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list.at(-1)}` : (list[0] ?? ""));

/**
 * The first line of every resource route's loader and action: a method the route does not serve (OPTIONS included,
 * which Remix hands to the loader) is thrown as a 405 whose Allow names exactly the `allowed` ones — JSON under /api,
 * a plain sentence elsewhere. tests/integration/method-matrix.test.ts asks every route with every method.
 */
export function allowMethods(request: Request, allowed: readonly HttpMethod[]): void {
  if (allowList(allowed).includes(request.method.toUpperCase() as HttpMethod)) return;
  throw /^\/api(\/|$)/.test(new URL(request.url).pathname) ? methodNotAllowed(allowed) : plainMethodNotAllowed(allowed);
}

/** A JSON answer, optionally setting cookies (session, toast). Never cached. */
export function apiJson(body: unknown, init: { status?: number; cookies?: string[]; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ ...init.headers, "Cache-Control": "no-store" });
  for (const cookie of init.cookies ?? []) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status: init.status ?? 200, headers });
}
