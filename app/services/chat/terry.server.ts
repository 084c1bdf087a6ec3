/**
 * Terry's market research (the spec POST /api/terry/chat): the AI provider answers, and every figure it cites comes
 * from `lookup` — the place parsed as the property search parses it, and the property-data provider's records. The
 * user's message and Terry's answer are stored together in the user's Terry conversation (agent type "terry"), so
 * the screen reloads them and the agent chat's other conversations are untouched.
 */
import type { BatchItem } from "drizzle-orm/batch";

import { SELLER_TYPES } from "#db/enums.ts";
import { AI_CONTEXT_CHARS_MAX, contextChars, HISTORY_TOO_LONG, HISTORY_TURNS } from "#app/domain/chat/ai-bounds.ts";
import { AI_TROUBLE_TEXT } from "#app/domain/chat/intent.ts";
import type { TerryChatInput } from "#app/domain/chat/terry-forms.ts";
import { TERRY_AGENT } from "#app/domain/chat/terry-screen.ts";
import type { SellerLeadCounts, TerryLookup } from "#app/domain/chat/terry.ts";
import { parseSearchLocation } from "#app/domain/leads/lead-location.ts";
import { PreviewCountSchema } from "#app/domain/leads/search.ts";
import { CONVERSATION_NOT_FOUND } from "#app/domain/messages/message-forms.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { previewCount } from "#app/services/leads/search.server.ts";
import { postMessages } from "#app/services/messages/conversation-writes.server.ts";
import { chatThread } from "#app/services/messages/conversations.server.ts";
import type { CapRefusal } from "#app/services/usage/caps.server.ts";
import { meteredAiCall } from "#app/services/usage/metered-ai.server.ts";

import { assistantMessage, titleOf, userMessage } from "./chat.server.ts";

export const NO_MARKET_FIGURES = "Market figures are not available from the configured property-data source.";

/**
 * The place's seller leads of each type, each counted by previewCount itself from the body POST
 * /api/leads/preview-count would get (`{location, sellerType}`), so Terry and the wizard's count never disagree.
 * Null when a count fails (Terry then says the records' per-type figures, labelled as such).
 */
async function leadCounts(context: ServiceContext<"db" | "providers" | "now">, location: string): Promise<SellerLeadCounts | null> {
  const counts = await Promise.all(
    SELLER_TYPES.map(async (sellerType) => {
      const body = PreviewCountSchema.safeParse({ location, sellerType });
      if (!body.success) return null;
      const outcome = await previewCount(context, body.data);
      return outcome.ok ? ([sellerType, outcome.totalResults] as const) : null;
    }),
  );
  if (counts.some((entry) => entry === null)) return null;
  // TypeScript's lib types Object.fromEntries with string keys; the keys are exactly SELLER_TYPES.
  return Object.fromEntries(counts as (readonly [string, number])[]) as SellerLeadCounts;
}

/**
 * A place typed by the user or the model → its figures and the count endpoint's lead counts, or why there are none
 * (a message, never a made-up number).
 */
export function marketLookup(context: ServiceContext<"db" | "providers" | "now">): TerryLookup {
  return async (typed, filter) => {
    const location = (await cityWithState(context, typed)) ?? typed;
    const parsed = parseSearchLocation(location);
    if (!parsed.ok) return { error: `${typed}: ${parsed.message}` };
    const stats = context.providers.propertyData.marketStats;
    if (!stats) return { error: NO_MARKET_FIGURES };
    // The count endpoint's lead counts use the wizard's minimum-bedroom filter, not an exact count: left out then.
    const [figures, leads] = await Promise.all([
      stats(parsed.value.search, context.now(), filter),
      filter?.bedrooms === undefined ? leadCounts(context, location) : null,
    ]);
    return { label: parsed.value.label, stats: figures, ...(leads ? { leads } : {}) };
  };
}

/**
 * "Phoenix" → "Phoenix, AZ": a city named without its state, found among the places the provider has records for (the
 * biggest of that name); null for anything else (a ZIP, a city with its state, a name the market does not have).
 */
async function cityWithState(context: ServiceContext<"providers">, typed: string): Promise<string | null> {
  const name = typed.trim().toLowerCase();
  const coverage = context.providers.propertyData.coverage;
  if (!coverage || !/^[a-z][a-z .'-]*$/.test(name)) return null;
  const city = (await coverage()).cities.find((place) => place.city.toLowerCase() === name);
  return city ? `${city.city}, ${city.state}` : null;
}

export type TerryOutcome =
  | { ok: true; response: string; conversationId: string }
  /** The AI provider failed: the user's message and the spec's trouble text are stored, and the screen shows the text. */
  | { ok: false; status: 502; message: string; conversationId: string }
  | { ok: false; status: 404; message: string }
  /** The body's history and message together pass AI_CONTEXT_CHARS_MAX (nothing written, the model not asked). */
  | { ok: false; status: 413; message: string; errors: { history: string[] } }
  /** Past an AI cap: nothing was asked and nothing written. */
  | CapRefusal;

/**
 * Terry answers `input.message` in the user's Terry conversation `input.conversationId` (its stored messages are the
 * history), or in a new one (the body's history) when there is none; both messages are written in one batch. A
 * conversation that is not the user's, or not Terry's, answers 404 and a body whose history and message pass
 * AI_CONTEXT_CHARS_MAX 413; neither writes nor asks the model.
 */
export async function terryChat(
  context: ServiceContext<"db" | "providers" | "now" | "config">,
  userId: string,
  input: TerryChatInput,
): Promise<TerryOutcome> {
  if (contextChars(input.message, input.history) > AI_CONTEXT_CHARS_MAX)
    return { ok: false, status: 413, message: HISTORY_TOO_LONG, errors: { history: [HISTORY_TOO_LONG] } };
  const requested = input.conversationId ?? null;
  const thread = requested ? await chatThread(context, userId, { agent: TERRY_AGENT, requested }) : null;
  if (requested && thread?.conversation.agentType !== TERRY_AGENT) return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
  const history = thread
    ? thread.messages.slice(-HISTORY_TURNS).map((message) => ({ role: message.role, content: message.content }))
    : input.history;

  let response: string;
  let failed = false;
  let charges: BatchItem<"sqlite">[] = [];
  try {
    const metered = await meteredAiCall(context, userId, () =>
      context.providers.ai.terryReply({ message: input.message, history, lookup: marketLookup(context) }),
    );
    if (!metered.ok) return metered;
    response = metered.value.text;
    charges = metered.charges;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn("terry failed", error.message);
    response = AI_TROUBLE_TEXT;
    failed = true;
  }
  const posted = await postMessages(
    context,
    userId,
    { conversationId: requested, start: { agentType: TERRY_AGENT, title: titleOf(input.message) } },
    [userMessage(input.message), assistantMessage(response, !failed)],
    charges,
  );
  if (!posted) return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
  const conversationId = posted.conversationId;
  return failed ? { ok: false, status: 502, message: response, conversationId } : { ok: true, response, conversationId };
}
