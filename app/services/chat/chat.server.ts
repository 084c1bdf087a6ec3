/**
 * The agent chat's server side: a typed message and the assistant's reply, the wizards' searches
 * as the forms post them without JavaScript (the lead-search service called directly, the results posted into the
 * chat as cards), and the cards' write actions (Add to CRM, Save to Buyer Breeze) read from the stored card.
 * With JavaScript the browser does the same through the /api routes; both post the same messages.
 */

import type { BatchItem } from "drizzle-orm/batch";

import type { AgentId } from "#app/domain/chat/agents.ts";
import { HISTORY_TURNS } from "#app/domain/chat/ai-bounds.ts";
import { buyerLeadOf } from "#app/domain/chat/buyer-lead-cards.ts";
import type { CardActionInput, ChatSendInput, WizardSearchInput } from "#app/domain/chat/chat-forms.ts";
import { AI_TROUBLE_TEXT, type ChatReply, type ChatTurn } from "#app/domain/chat/intent.ts";
import {
  ADDED_TO_CRM,
  BUYER_ALREADY_SAVED,
  BUYER_SAVE_FAILED,
  BUYER_SAVED,
  buyerCardContent,
  messageText,
  parseChatContent,
  sellerCardContent,
  textContent,
} from "#app/domain/chat/messages.ts";
import { propertyCardToProperty } from "#app/domain/chat/property-cards.ts";
import { searchOffer } from "#app/domain/chat/search-answers.ts";
import { buyerResultsText, cashBuyerFailureText, searchConversationTitle, sellerResultsText } from "#app/domain/chat/search-posts.ts";
import {
  buyerSearch,
  chatHref,
  describeBuyerSearch,
  describeSellerSearch,
  leadCountOf,
  readAnswers,
  sellerCriteria,
  type WizardAnswers,
  type WizardErrors,
} from "#app/domain/chat/wizard.ts";
import type { LeadOwner } from "#app/domain/leads/assignee.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";
import { leadToProperty } from "#app/domain/leads/property.ts";
import { CashBuyerSearchSchema, PreviewCountSchema, SellerSearchSchema, type PreviewCountInput } from "#app/domain/leads/search.ts";
import { CONVERSATION_NOT_FOUND } from "#app/domain/messages/message-forms.ts";
import { negotiationAnswer } from "#app/domain/messages/reply-draft.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { answerMatchQuestion } from "#app/services/dispo/match-answer.server.ts";
import { fieldErrors } from "#app/services/http/api.server.ts";
import type { Toast } from "#app/services/http/toast.server.ts";
import { BuyerLeadSchema, createBuyerLead } from "#app/services/leads/buyer-leads.server.ts";
import { searchCashBuyers } from "#app/services/leads/cash-buyer-search.server.ts";
import { PropertyInputSchema } from "#app/services/leads/properties.server.ts";
import { createProperty } from "#app/services/leads/property-writes.server.ts";
import { searchSellerLeads } from "#app/services/leads/seller-search.server.ts";
import { postMessages, type NewMessage } from "#app/services/messages/conversation-writes.server.ts";
import { chatThread, getOwnMessage } from "#app/services/messages/conversations.server.ts";
import type { CapRefusal } from "#app/services/usage/caps.server.ts";
import { meteredAiCall } from "#app/services/usage/metered-ai.server.ts";

export const CARD_NOT_FOUND = "Card not found";

const TITLE_LENGTH = 50;

export function userMessage(content: string): NewMessage {
  return { content, role: "user", isAiGenerated: false };
}

export function assistantMessage(content: string, isAiGenerated = false): NewMessage {
  return { content, role: "assistant", isAiGenerated };
}

/** A new conversation's title from the first message: its first 50 characters. */
export function titleOf(content: string): string {
  const line = content.replace(/\s+/g, " ").trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH)}...` : line;
}

// --- a typed message ---------------------------------------------------------------------------------------------

/**
 * Stores the user's message and the assistant's reply (from the AI provider: the Negotiation agent's is a draft of
 * the reply to the seller whose message was pasted) in the conversation `c`, or in a new one with the agent when there
 * is none. Null when `c` is not the user's, `refused` past an AI cap (nothing written either way).
 */
export async function sendChatMessage(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  userId: string,
  input: ChatSendInput,
): Promise<{ conversationId: string } | { refused: CapRefusal } | null> {
  const requested = input.c ?? null;
  const thread = requested ? await chatThread(context, userId, { agent: input.agent, requested }) : null;
  if (requested && !thread) return null;
  // The model reads cards as what they are about, not as their stored JSON.
  const history = (thread?.messages ?? [])
    .slice(-HISTORY_TURNS)
    .map((message) => ({ role: message.role, content: messageText(message.content) }));
  // "Who should I send 123 Main St to?" is answered from the buyer matching itself, not guessed by a model.
  const matched = input.agent === "negotiation" ? null : await answerMatchQuestion(context, { userId, message: input.content });
  const answered =
    matched !== null
      ? { reply: { text: matched, offer: null }, aiGenerated: false, charges: [] }
      : await aiAnswer(context, userId, { input, history });
  if ("refused" in answered) return answered;
  const { reply, aiGenerated, charges } = answered;
  const posted = await postMessages(
    context,
    userId,
    { conversationId: requested, start: { agentType: input.agent, title: titleOf(input.content) } },
    [userMessage(input.content), assistantMessage(textContent(reply.text, reply.offer), aiGenerated)],
    charges,
  );
  return posted ? { conversationId: posted.conversationId } : null;
}

/** The AI provider's reply (the Negotiation agent's draft of the user's answer to a seller), or its trouble text. */
async function aiAnswer(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  userId: string,
  { input, history }: { input: ChatSendInput; history: ChatTurn[] },
): Promise<{ reply: ChatReply; aiGenerated: boolean; charges: BatchItem<"sqlite">[] } | { refused: CapRefusal }> {
  try {
    // The Negotiation agent drafts the user's reply to what a seller wrote (the typed message); the others chat.
    const metered = await meteredAiCall(context, userId, async () => {
      if (input.agent !== "negotiation") return context.providers.ai.chatReply({ agent: input.agent, message: input.content, history });
      const draft = await context.providers.ai.draftReply({ contactName: null, lastIncoming: input.content, property: null });
      return { text: negotiationAnswer(draft.text), offer: null, usage: draft.usage };
    });
    if (!metered.ok) return { refused: metered };
    return { reply: metered.value, aiGenerated: true, charges: metered.charges };
  } catch (error) {
    // The provider failed (timeout, refusal, outage): the user's message is kept, and the chat says so.
    if (!(error instanceof ProviderError)) throw error;
    console.warn("chat reply failed", error.message);
    return { reply: { text: AI_TROUBLE_TEXT, offer: null }, aiGenerated: false, charges: [] };
  }
}

// --- a wizard's search (without JavaScript) --------------------------------------------------------------------------

export type WizardSearchOutcome =
  | { ok: true; redirect: string; toast: Toast | null }
  | { ok: false; status: 400; errors: WizardErrors }
  | { ok: false; status: 404; message: string };

/** The location field's message when the search's own schema refuses what the wizard built. */
function locationRefusal(issues: { path: PropertyKey[]; message: string }[]): WizardErrors {
  const errors = fieldErrors(issues);
  const message = Object.values(errors).flat()[0] ?? "Enter a 5-digit ZIP or a city and state";
  return { cityOrZip: message };
}

/**
 * Find Properties / Find Cash Buyers posted by the wizard's form: runs the search as the /api routes do, posts the
 * user's request, the answer and the cards into the conversation `c` (or a new Lead Finder conversation, the spec's
 * "No Results: {location}" when nothing was found), and says where to go: sellers to the Lead Workbench, buyers
 * back to the chat. Refused answers write nothing.
 */
export async function runWizardSearch(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  userId: string,
  input: WizardSearchInput,
): Promise<WizardSearchOutcome> {
  // readAnswers asks by the wizard's field names, typed string; each is a key of the parsed input.
  const answers: WizardAnswers = readAnswers({ get: (name) => input[name as keyof WizardSearchInput] });
  const conversationId = input.c ?? null;
  const agent: AgentId = "lead-finder";
  if (conversationId && !(await chatThread(context, userId, { agent, requested: conversationId }))) {
    return { ok: false, status: 404, message: CONVERSATION_NOT_FOUND };
  }
  // A search's answer carries "Back to Wizard" with the answers it was made with.
  const answered = (content: string) => assistantMessage(textContent(content, searchOffer(input.wizard, answers)));
  const post = async (location: string, found: boolean, items: NewMessage[]) => {
    const posted = await postMessages(
      context,
      userId,
      { conversationId, start: { agentType: agent, title: searchConversationTitle(input.wizard, location, found) } },
      items,
    );
    return posted?.conversationId ?? conversationId;
  };

  if (input.wizard === "seller") {
    const parsed = SellerSearchSchema.safeParse({ count: leadCountOf(answers), criteria: sellerCriteria(answers) });
    if (!parsed.success) return { ok: false, status: 400, errors: locationRefusal(parsed.error.issues) };
    const location = parsed.data.criteria.location.label;
    const asked = userMessage(describeSellerSearch(answers, location));
    const outcome = await searchSellerLeads(context, userId, parsed.data);
    if (!outcome.ok) {
      const id = await post(location, false, [asked, answered(outcome.message)]);
      return { ok: true, redirect: chatHref(agent, id), toast: { title: outcome.message, variant: "error" } };
    }
    if (outcome.properties.length === 0) {
      const id = await post(location, false, [asked, answered(outcome.message ?? `No properties found in ${location}.`)]);
      return { ok: true, redirect: chatHref(agent, id), toast: null };
    }
    const total = outcome.properties.length;
    const search = (index: number) => ({ requestId: outcome.requestId, location, index, total });
    await post(location, true, [
      asked,
      answered(sellerResultsText(total, location)),
      ...outcome.properties.map((lead, index) => assistantMessage(sellerCardContent(lead, search(index)))),
    ]);
    return { ok: true, redirect: "/leads/workbench", toast: null };
  }

  const parsed = CashBuyerSearchSchema.safeParse(buyerSearch(answers));
  if (!parsed.success) return { ok: false, status: 400, errors: locationRefusal(parsed.error.issues) };
  const location = parsed.data.criteria.location.label;
  const asked = userMessage(describeBuyerSearch(answers, location));
  const outcome = await searchCashBuyers(context, userId, parsed.data);
  if (!outcome.ok) {
    // At a cap nothing was searched: the refusal is the whole answer.
    if (!("error" in outcome)) return { ok: true, redirect: chatHref(agent, null), toast: { title: outcome.message, variant: "error" } };
    const text = cashBuyerFailureText(outcome.error);
    const id = await post(location, false, [asked, answered(text)]);
    return { ok: true, redirect: chatHref(agent, id), toast: { title: outcome.message, description: outcome.error, variant: "error" } };
  }
  if (outcome.buyers.length === 0) {
    const id = await post(location, false, [asked, answered(outcome.message ?? `No active cash buyers found in ${location}.`)]);
    return { ok: true, redirect: chatHref(agent, id), toast: null };
  }
  const id = await post(location, true, [
    asked,
    answered(buyerResultsText(outcome.buyers.length, location)),
    ...outcome.buyers.map((buyer) => assistantMessage(buyerCardContent(buyer, location))),
  ]);
  return { ok: true, redirect: chatHref(agent, id), toast: null };
}

/** The count call's input for a wizard's answers, or the location field's message. */
export function previewInputOf(
  kind: "seller" | "buyer",
  answers: WizardAnswers,
): { ok: true; input: PreviewCountInput } | { ok: false; errors: WizardErrors } {
  const body = kind === "seller" ? sellerCriteria(answers) : buyerSearch(answers);
  const parsed = PreviewCountSchema.safeParse(
    // buyerSearch's answer is the buyer branch of the union here, which the ternary on `kind` cannot narrow.
    body && kind === "buyer" ? { location: body.location, buyerType: (body as { buyerType: string }).buyerType } : body,
  );
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, errors: locationRefusal(parsed.error.issues) };
}

// --- a card's action (without JavaScript) ----------------------------------------------------------------------------

export type CardActionOutcome = { ok: true; redirect: string; toast: Toast } | { ok: false; status: 400 | 404; message: string };

/**
 * Add to CRM (a seller-lead or property card) or Save to Buyer Breeze (a buyer card), from the stored card: the
 * same property and buyer lead the browser sends, validated by the same schemas, then back to the card with the
 * The spec message or the success as a toast. A card that is not the user's answers 404.
 */
export async function runCardAction(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  owner: LeadOwner,
  input: CardActionInput,
): Promise<CardActionOutcome> {
  const userId = owner.workspaceId;
  const message = await getOwnMessage(context, userId, input.messageId);
  if (!message) return { ok: false, status: 404, message: CARD_NOT_FOUND };
  const back = chatHref(message.agentType, message.conversationId, {}, `#card-${message.id}`);
  const body = parseChatContent(message.content);

  if (input.intent === "add-to-crm") {
    const property =
      body.kind === "seller-lead"
        ? leadToProperty(body.lead, { status: "new" })
        : body.kind === "property"
          ? propertyCardToProperty(body.property)
          : null;
    if (!property) return { ok: false, status: 400, message: "Only seller-lead and property cards can be added to the CRM" };
    const parsed = PropertyInputSchema.safeParse(property);
    if (!parsed.success) {
      const messages = Object.values(fieldErrors(parsed.error.issues)).flat().join(", ");
      return { ok: true, redirect: back, toast: { title: `Validation error: ${messages}`, variant: "error" } };
    }
    const created = await createProperty(context, owner, parsed.data);
    if (!created.ok) return { ok: true, redirect: back, toast: { title: ALREADY_IN_CRM, variant: "info" } };
    return {
      ok: true,
      redirect: back,
      toast: { title: ADDED_TO_CRM, description: `${created.property.address} was added to your CRM.`, variant: "success" },
    };
  }

  if (body.kind !== "cash-buyer") return { ok: false, status: 400, message: "Only buyer cards can be saved to Buyer Breeze" };
  const lead = buyerLeadOf(body.buyer, body.market);
  if (!lead.ok) return { ok: true, redirect: back, toast: { title: lead.message, variant: "error" } };
  const parsed = BuyerLeadSchema.safeParse(lead.value);
  if (!parsed.success) return { ok: true, redirect: back, toast: { title: BUYER_SAVE_FAILED, variant: "error" } };
  const saved = await createBuyerLead(context, userId, parsed.data);
  if (!saved.created) return { ok: true, redirect: back, toast: { title: BUYER_ALREADY_SAVED, variant: "info" } };
  return {
    ok: true,
    redirect: back,
    toast: { title: BUYER_SAVED, description: `${lead.value.buyerName} was added to Buyer Breeze.`, variant: "success" },
  };
}
