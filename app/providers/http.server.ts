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

/** fetch with a deadline; a timeout or network failure becomes a ProviderError the caller can show or log. */
export async function fetchWithTimeout(
  provider: string,
  fetcher: Fetch,
  url: string,
  init: RequestInit,
  timeoutMs = 10_000,
): Promise<Response> {
  try {
    return await fetcher(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
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
