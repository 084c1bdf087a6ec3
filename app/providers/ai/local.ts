import { localChatReply } from "#app/domain/chat/intent.ts";
import { localTerryAnswer } from "#app/domain/chat/terry.ts";
import { analyzeDeal } from "#app/domain/deals/analysis.ts";
import { draftReply } from "#app/domain/messages/reply-draft.ts";

import { NO_AI_USAGE, type AiProvider } from "./types.ts";

/**
 * The embedded default, no network and no key: the rule-based analysis of app/domain, and a chat reply that steers
 * the user to the search wizards (domain/chat/intent), and replies to sellers drafted by rules (domain/messages/reply-draft).
 */
export function createLocalAi(): AiProvider {
  return {
    name: "local",
    analyzeDeal: async (input) => ({ analysis: analyzeDeal(input), usage: NO_AI_USAGE }),
    chatReply: async (input) => ({ ...localChatReply(input), usage: NO_AI_USAGE }),
    terryReply: async (input) => ({ text: await localTerryAnswer(input.message, input.lookup), usage: NO_AI_USAGE }),
    draftReply: async (input) => ({ text: draftReply(input), usage: NO_AI_USAGE }),
  };
}
