/** The /api failure body: `{ success: false, message, errors? }` with a 4xx status (architecture.md, /api conventions). */
export function apiError(status: number, message: string, errors?: Record<string, string[]>) {
  return Response.json({ success: false, message, ...(errors ? { errors } : {}) }, { status, headers: { "Cache-Control": "no-store" } });
}

type SafeParser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } };

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

/**
 * Reads a JSON body (or a form body, for callers without JavaScript) and validates it. Answers the parsed value,
 * or throws a 400 `{ success: false, message, errors }` naming each field's messages in the spec's words.
 */
export async function readBody<T>(request: Request, schema: SafeParser<T>): Promise<T> {
  let raw: unknown;
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) raw = await request.json();
    else if (type.includes("form")) raw = Object.fromEntries((await request.formData()).entries());
    else raw = JSON.parse((await request.text()) || "{}");
  } catch {
    throw apiError(400, "The request body is not valid JSON");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw apiError(400, "The request body must be a JSON object");
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

/** Only the methods a route serves; anything else is a 405 in the /api failure shape. */
export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { success: false, message: `Method not allowed. Use ${allowed.join(" or ")}.` },
    { status: 405, headers: { Allow: allowed.join(", ") } },
  );
}

/** A JSON answer, optionally setting cookies (session, toast). Never cached. */
export function apiJson(body: unknown, init: { status?: number; cookies?: string[]; headers?: Record<string, string> } = {}) {
  const headers = new Headers({ ...init.headers, "Cache-Control": "no-store" });
  for (const cookie of init.cookies ?? []) headers.append("Set-Cookie", cookie);
  return Response.json(body, { status: init.status ?? 200, headers });
}
