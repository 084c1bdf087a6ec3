import { localChatReply } from "../../domain/chat-intent";
import { analyzeDeal } from "../../domain/deal-analysis";
import { draftReply } from "../../domain/reply-draft";
import { localTerryAnswer } from "../../domain/terry";
import type { AiProvider } from "./types";

/**
 * The embedded default, no network and no key: the rule-based analysis of app/domain, and a chat reply that steers
 * the user to the search wizards (domain/chat-intent), and replies to sellers drafted by rules (domain/reply-draft).
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
