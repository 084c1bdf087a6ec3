import type OpenAI from "openai";
import type * as OpenAiErrors from "openai/error";

import { shutdownProblem } from "#app/domain/shared/openai-models.ts";
import { ProviderError } from "#app/providers/http.server.ts";

/**
 * The first AI call of an isolate asks `GET /v1/models/{model}` (models.retrieve) whether OPENAI_MODEL exists for this
 * key and when it shuts down, so an unknown or retired model is named once, clearly, instead of each feature failing
 * its own way. The answer is kept for the isolate's life (a deploy that changes the model starts new isolates):
 * - 200: known; a `shutdown_date` in the past refuses every call (404 naming the model), one ahead is logged once.
 * - 404: the model does not exist or this key cannot use it: every call is refused with that message, without a request.
 * - 401/403: a restricted project key may lack the Models read permission while it may still call the model: the
 *   check is skipped (logged once) and the calls go ahead.
 * - anything else (timeout, 429, 5xx): not kept; the call goes ahead and the next one asks again.
 */
type Outcome = { ok: true } | { ok: false; error: ProviderError };

const PROVIDER = "openai";
const checks = new Map<string, Promise<Outcome | null>>();

async function ask(client: OpenAI, errors: typeof OpenAiErrors, model: string, today: string): Promise<Outcome | null> {
  try {
    const found = await client.models.retrieve(model);
    const problem = shutdownProblem(model, found.shutdown_date, today);
    if (problem?.kind === "retired") return { ok: false, error: new ProviderError(PROVIDER, problem.message, 404) };
    if (problem) console.warn(`openai: ${problem.message}`);
    return { ok: true };
  } catch (error) {
    if (error instanceof errors.NotFoundError) {
      const message = `the model ${model} does not exist or this key cannot use it (OPENAI_MODEL)`;
      console.error(`openai: ${message}`);
      return { ok: false, error: new ProviderError(PROVIDER, message, 404) };
    }
    if (error instanceof errors.AuthenticationError || error instanceof errors.PermissionDeniedError) {
      console.warn(`openai: could not look up the model ${model} (the key lacks the Models read permission?): not checked`);
      return { ok: true };
    }
    return null;
  }
}

/** Throws the kept refusal of this model, or returns once it is known (or could not be asked this time). */
export async function ensureModel(
  client: OpenAI,
  errors: typeof OpenAiErrors,
  config: { baseUrl?: string; apiKey: string; model: string },
  today = new Date().toISOString().slice(0, 10),
): Promise<void> {
  const key = [config.baseUrl ?? "", config.apiKey, config.model].join("\n");
  let pending = checks.get(key);
  if (!pending) {
    pending = ask(client, errors, config.model, today);
    checks.set(key, pending);
  }
  const outcome = await pending;
  if (!outcome) {
    if (checks.get(key) === pending) checks.delete(key);
    return;
  }
  if (!outcome.ok) throw outcome.error;
}
