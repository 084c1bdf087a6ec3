import { ProviderError } from "#app/providers/http.server.ts";

import type { AiUsage } from "./types.ts";

/**
 * A model answer the app cannot use (a refusal, an analysis outside the schema) that the vendor billed all the same:
 * the error carries the API's `usage`, so the caller still records the tokens.
 */
export class BilledAiError extends ProviderError {
  constructor(
    provider: string,
    message: string,
    readonly usage: AiUsage,
  ) {
    super(provider, message);
    this.name = "BilledAiError";
  }
}

/** The tokens a failed call was billed for: a BilledAiError's usage, else none known. */
export function billedUsageOf(error: unknown): AiUsage | null {
  return error instanceof BilledAiError ? error.usage : null;
}
