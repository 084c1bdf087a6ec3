import { z } from "zod";

/** What every real client needs from the network: a fetch (injectable, so tests use tests/fakes) and a timeout. */
export type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${provider}: ${message}`);
    this.name = "ProviderError";
  }
}

/**
 * Who is calling, on every provider request. Resend's API reference: "All API requests must include a User-Agent
 * header", else 403 (error 1010) — and a Worker's fetch sends none. Lob and BatchData get the same one. (The OpenAI SDK
 * sets its own.)
 */
export const PROVIDER_USER_AGENT = "Breeze/1.0";

/** The request's headers with our User-Agent added (a caller's own one is kept). */
export function withUserAgent(headers: HeadersInit | undefined): Headers {
  const merged = new Headers(headers);
  if (!merged.has("User-Agent")) merged.set("User-Agent", PROVIDER_USER_AGENT);
  return merged;
}

/**
 * fetch with a deadline and our User-Agent; a timeout or network failure becomes a ProviderError the caller can
 * show or log. Every real client's request goes through here, so the header is set in one place.
 */
export async function fetchWithTimeout(
  provider: string,
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs = 10_000,
): Promise<Response> {
  try {
    return await fetcher(url, { ...init, headers: withUserAgent(init.headers), signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const reason = error instanceof Error && error.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : "unreachable";
    throw new ProviderError(provider, `request failed (${reason})`);
  }
}

/** The error shapes services send: `{ message }`, `{ error: "…" }` or `{ error: { message } }`; other fields are ignored. */
const ErrorBodySchema = z.object({
  message: z.string().min(1).optional().catch(undefined),
  error: z
    .union([z.string().min(1), z.object({ message: z.string().min(1).optional().catch(undefined) })])
    .optional()
    .catch(undefined),
});

/**
 * A provider's JSON answer, checked against the fields we read (never cast): a body that is not JSON or lacks them
 * is a ProviderError with `problem`.
 */
export async function readAnswer<T>(provider: string, response: Response, schema: z.ZodType<T>, problem: string): Promise<T> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ProviderError(provider, "answer was not JSON");
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ProviderError(provider, problem);
  return parsed.data;
}

/** Reads a JSON error body's message if the service sent one, for a clearer ProviderError. */
export async function errorFrom(provider: string, response: Response): Promise<ProviderError> {
  let detail = response.statusText || `HTTP ${response.status}`;
  try {
    const body = ErrorBodySchema.safeParse(await response.json());
    const message = body.success
      ? typeof body.data.error === "object"
        ? body.data.error.message
        : (body.data.error ?? body.data.message)
      : undefined;
    if (message) detail = message;
  } catch {
    // not JSON: keep the status text
  }
  return new ProviderError(provider, `HTTP ${response.status}: ${detail}`, response.status);
}
