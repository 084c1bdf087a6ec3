/**
 * Terry's market research (spec 02 §7 POST /api/terry/chat): the AI provider answers, and every figure it cites comes
 * from `lookup` — the place parsed as the property search parses it, and the property-data provider's records.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";

import { AI_TROUBLE_TEXT } from "~/domain/chat-intent";
import { parseSearchLocation } from "~/domain/location";
import type { TerryLookup } from "~/domain/terry";
import type { TerryChatInput } from "~/domain/terry-forms";
import { ProviderError } from "~/providers/http.server";

type Ctx = Pick<AppLoadContext, "providers" | "now">;

export const NO_MARKET_FIGURES = "Market figures are not available from the configured property-data source.";

/** A place typed by the user or the model → its figures, or why there are none (a message, never a made-up number). */
export function marketLookup(context: Ctx): TerryLookup {
  return async (location) => {
    const parsed = parseSearchLocation(location);
    if (!parsed.ok) return { error: `${location}: ${parsed.message}` };
    const stats = context.providers.propertyData.marketStats;
    if (!stats) return { error: NO_MARKET_FIGURES };
    return { label: parsed.value.label, stats: await stats(parsed.value.search, context.now()) };
  };
}

export type TerryOutcome = { ok: true; response: string } | { ok: false; status: 502; message: string };

export async function terryChat(context: Ctx, input: TerryChatInput): Promise<TerryOutcome> {
  try {
    return { ok: true, response: await context.providers.ai.terryReply({ ...input, lookup: marketLookup(context) }) };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn("terry failed", error.message);
    return { ok: false, status: 502, message: AI_TROUBLE_TEXT };
  }
}
