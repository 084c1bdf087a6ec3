import type { ChatReply, ChatReplyInput, ChatTurn } from "#app/domain/chat/intent.ts";
import type { TerryLookup } from "#app/domain/chat/terry.ts";
import type { DealAnalysisInput, DealAnalysisResult } from "#app/domain/deals/analysis.ts";
import type { ReplyDraftInput } from "#app/domain/messages/reply-draft.ts";

export type { ChatReply, ChatReplyInput, ReplyDraftInput };

/**
 * What one answer cost at the model, from the API's `usage` (summed over every request the answer took: Terry's tool
 * rounds): the tokens billed and the number of requests. The local provider asks no model: all zeros. A usage ledger
 * records it; the provider only reports it.
 */
export type AiUsage = { promptTokens: number; completionTokens: number; requests: number };

/** The local provider's usage: no model was asked. */
export const NO_AI_USAGE: AiUsage = { promptTokens: 0, completionTokens: 0, requests: 0 };

/** The AI agents' brain: structured deal analysis, and the agent chat's reply (an offer of a wizard when it fits). */
export interface AiProvider {
  readonly name: "local" | "openai";
  analyzeDeal(input: DealAnalysisInput): Promise<{ analysis: DealAnalysisResult; usage: AiUsage }>;
  /** The assistant's answer to the user's message in the agent chat (`agent` is the chat's agent id). */
  chatReply(input: ChatReplyInput): Promise<ChatReply & { usage: AiUsage }>;
  /** Terry's answer about a market: every figure from `lookup` (the property-data provider's records), none invented. */
  terryReply(input: TerryInput): Promise<{ text: string; usage: AiUsage }>;
  /** Negotiation: a reply to a seller's message with the property's figures (the Negotiation agent, AI Assist). */
  draftReply(input: ReplyDraftInput): Promise<{ text: string; usage: AiUsage }>;
}

export type TerryInput = { message: string; history: readonly ChatTurn[]; lookup: TerryLookup };
