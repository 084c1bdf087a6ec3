import { localChatReply } from "#app/domain/chat/intent.ts";
import { localTerryAnswer } from "#app/domain/chat/terry.ts";
import { analyzeDeal } from "#app/domain/deals/analysis.ts";
import { draftReply } from "#app/domain/messages/reply-draft.ts";

import type { AiProvider } from "./types.ts";

/**
 * The embedded default, no network and no key: the rule-based analysis of app/domain, and a chat reply that steers
 * the user to the search wizards (domain/chat/intent), and replies to sellers drafted by rules (domain/messages/reply-draft).
 */
export function createLocalAi(): AiProvider {
  return {
    name: "local",
    analyzeDeal: async (input) => analyzeDeal(input),
    chatReply: async (input) => localChatReply(input),
    terryReply: (input) => localTerryAnswer(input.message, input.lookup),
    draftReply: async (input) => draftReply(input),
  };
}
