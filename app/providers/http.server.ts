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

/** Reads a JSON error body's message if the service sent one, for a clearer ProviderError. */
export async function errorFrom(provider: string, response: Response): Promise<ProviderError> {
  let detail = response.statusText || `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { message?: unknown; error?: { message?: unknown } | string };
    const message = typeof body.error === "object" ? body.error?.message : (body.error ?? body.message);
    if (typeof message === "string" && message) detail = message;
  } catch {
    // not JSON: keep the status text
  }
  return new ProviderError(provider, `HTTP ${response.status}: ${detail}`, response.status);
}
