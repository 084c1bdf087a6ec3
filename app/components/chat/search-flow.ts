/**
 * The wizards' calls from the browser: Check Lead/Buyer Count (POST /api/leads/preview-count),
 * Find Properties (POST /api/properties/batch: the lead queue stored, the cards posted into the chat, on to the
 * Lead Workbench) and Find Cash Buyers (POST /api/cash-buyers/search: the buyer cards posted into the chat). What a
 * search posts goes through the poster (chat-poster.ts), which keeps it in localStorage until it is posted.
 */
import { AUTH_REQUIRED } from "#app/domain/accounts/auth-messages.ts";
import { buyerCardContent, isBuyerItem, isLeadItem, sellerCardContent, textContent } from "#app/domain/chat/messages.ts";
import type { PendingItem } from "#app/domain/chat/pending.ts";
import { searchOffer } from "#app/domain/chat/search-answers.ts";
import { buyerResultsText, cashBuyerFailureText, searchConversationTitle, sellerResultsText } from "#app/domain/chat/search-posts.ts";
import {
  buyerSearch,
  describeBuyerSearch,
  describeSellerSearch,
  leadCountOf,
  sellerCriteria,
  type WizardAnswers,
  type WizardKind,
} from "#app/domain/chat/wizard.ts";
import { createLeadQueue, storeLeadQueue } from "#app/domain/leads/queue.ts";
import {
  CASH_BUYER_SEARCH_FAILED,
  LEAD_SEARCH_FAILED,
  noCashBuyersMessage,
  noSellerLeadsMessage,
  PREVIEW_FAILED,
} from "#app/domain/leads/search-options.ts";
import { isRecord } from "#app/domain/shared/guards.ts";
import type { WizardCount } from "#app/services/chat/chat-section.server.ts";

import { enqueuePending } from "./chat-poster.ts";

type Answer = { status: number; body: Record<string, unknown> };

async function postJson(url: string, body: unknown): Promise<Answer> {
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const json: unknown = await response.json().catch(() => null);
    return { status: response.status, body: isRecord(json) ? json : {} };
  } catch {
    return { status: 0, body: { message: "The server could not be reached. Please try again." } };
  }
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const user = (content: string): PendingItem => ({ content, role: "user", isAiGenerated: false });
const assistant = (content: string): PendingItem => ({ content, role: "assistant", isAiGenerated: false });

/** Check Lead Count / Check Buyer Count: `{location, sellerType, minBedrooms, maxPrice}` or `{location, buyerType}`. */
export async function checkCount(kind: WizardKind, answers: WizardAnswers): Promise<WizardCount> {
  let body: Record<string, unknown> | null = null;
  if (kind === "seller") {
    const criteria = sellerCriteria(answers);
    if (criteria) body = criteria;
  } else {
    const search = buyerSearch(answers);
    if (search) body = { location: search.location, buyerType: search.buyerType };
  }
  if (!body) return { ok: false, message: PREVIEW_FAILED, error: "Answer every step first." };
  const answer = await postJson("/api/leads/preview-count", body);
  if (answer.status === 200 && answer.body.success === true && typeof answer.body.totalResults === "number") {
    return { ok: true, totalResults: answer.body.totalResults, location: text(answer.body.location) ?? String(body.location) };
  }
  const error = answer.status === 401 ? AUTH_REQUIRED : (text(answer.body.error) ?? text(answer.body.message) ?? "");
  return { ok: false, message: PREVIEW_FAILED, error };
}

export type SearchDeps = {
  conversationId: string | null;
  agent: string;
  toast: (toast: { title: string; description?: string; variant?: "success" | "error" | "info" }) => void;
  navigate: (to: string) => void;
};

/**
 * Find Properties: the chosen number of leads (5 unless the user picked 10, 25 or 50). With results: the queue is stored (leadQueue), the cards are held and posted into the
 * chat, and the page moves on to the Lead Workbench at once (the cards keep posting meanwhile). Without: the
 * explanation is posted into the chat ("No Results: {location}" when a conversation has to be started).
 */
export async function findSellers(answers: WizardAnswers, deps: SearchDeps): Promise<void> {
  const criteria = sellerCriteria(answers);
  if (!criteria) return;
  const answer = await postJson("/api/properties/batch", { count: leadCountOf(answers), criteria });
  const location = text(answer.body.location) ?? criteria.location;
  const asked = user(describeSellerSearch(answers, location));
  // The search's answer carries "Back to Wizard" with these answers.
  const answered = (content: string) => assistant(textContent(content, searchOffer("seller", answers)));
  const hold = (found: boolean, items: PendingItem[]) =>
    enqueuePending({
      kind: "seller",
      conversationId: deps.conversationId,
      agent: deps.agent,
      title: searchConversationTitle("seller", location, found),
      items,
    });

  if (answer.status !== 200 || answer.body.success !== true) {
    const message = answer.status === 401 ? AUTH_REQUIRED : (text(answer.body.message) ?? LEAD_SEARCH_FAILED);
    deps.toast({ title: message, variant: "error" });
    if (answer.status !== 401) void hold(false, [asked, answered(message)]);
    return;
  }
  const properties = Array.isArray(answer.body.properties) ? answer.body.properties.filter(isLeadItem) : [];
  if (properties.length === 0) {
    void hold(false, [asked, answered(text(answer.body.message) ?? noSellerLeadsMessage(location))]);
    return;
  }
  const requestId = text(answer.body.requestId);
  storeLeadQueue(createLeadQueue(properties, { requestId, location }));
  const total = properties.length;
  void hold(true, [
    asked,
    answered(sellerResultsText(total, location)),
    ...properties.map((lead, index) => assistant(sellerCardContent(lead, { requestId, location, index, total }))),
  ]);
  deps.navigate("/leads/workbench");
}

/**
 * Find Cash Buyers: 5 buyers (a repeat of the same search pages on by 5, the server keeps the place), posted into
 * the chat 300–400 ms apart. Empty: the spec's "No active cash buyers found in {location}. …"; failure: "Cash Buyer Search
 * Failed" with the error. Resolves once the search has answered; the messages keep arriving in the chat after.
 */
export async function findBuyers(answers: WizardAnswers, deps: SearchDeps): Promise<void> {
  const search = buyerSearch(answers);
  if (!search) return;
  const answer = await postJson("/api/cash-buyers/search", search);
  const location = text(answer.body.location) ?? search.location;
  const asked = user(describeBuyerSearch(answers, location));
  const answered = (content: string) => assistant(textContent(content, searchOffer("buyer", answers)));
  const hold = (found: boolean, items: PendingItem[]) =>
    enqueuePending({
      kind: "buyer",
      conversationId: deps.conversationId,
      agent: deps.agent,
      title: searchConversationTitle("buyer", location, found),
      items,
    });

  if (answer.status !== 200 || answer.body.success !== true) {
    if (answer.status === 401) {
      deps.toast({ title: AUTH_REQUIRED, variant: "error" });
      return;
    }
    const error = text(answer.body.error) ?? text(answer.body.message);
    deps.toast({ title: CASH_BUYER_SEARCH_FAILED, description: error ?? undefined, variant: "error" });
    void hold(false, [asked, answered(cashBuyerFailureText(error))]);
    return;
  }
  const buyers = Array.isArray(answer.body.buyers) ? answer.body.buyers.filter(isBuyerItem) : [];
  if (buyers.length === 0) {
    void hold(false, [asked, answered(text(answer.body.message) ?? noCashBuyersMessage(location))]);
    return;
  }
  void hold(true, [
    asked,
    answered(buyerResultsText(buyers.length, location)),
    ...buyers.map((buyer) => assistant(buyerCardContent(buyer, location))),
  ]);
}
