import type { ChatReply, ChatReplyInput, ChatTurn } from "#app/domain/chat/intent.ts";
import type { TerryLookup } from "#app/domain/chat/terry.ts";
import type { DealAnalysisInput, DealAnalysisResult } from "#app/domain/deals/analysis.ts";
import type { ReplyDraftInput } from "#app/domain/messages/reply-draft.ts";

export type { ChatReply, ChatReplyInput, ReplyDraftInput };

/** The AI agents' brain: structured deal analysis, and the agent chat's reply (an offer of a wizard when it fits). */
export interface AiProvider {
  readonly name: "local" | "openai";
  analyzeDeal(input: DealAnalysisInput): Promise<DealAnalysisResult>;
  /** The assistant's answer to the user's message in the agent chat (`agent` is the chat's agent id). */
  chatReply(input: ChatReplyInput): Promise<ChatReply>;
  /** Terry's answer about a market: every figure from `lookup` (the property-data provider's records), none invented. */
  terryReply(input: TerryInput): Promise<string>;
  /** Negotiation: a reply to a seller's message with the property's figures (the Negotiation agent, AI Assist). */
  draftReply(input: ReplyDraftInput): Promise<string>;
}

export type TerryInput = { message: string; history: readonly ChatTurn[]; lookup: TerryLookup };
