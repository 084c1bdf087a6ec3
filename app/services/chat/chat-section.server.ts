import { AGENTS, type AgentId } from "#app/domain/chat/agents.ts";
import { crmKey, toChatMessage, type ChatMessage } from "#app/domain/chat/messages.ts";
import { TERRY_AGENT, wantsTerry } from "#app/domain/chat/terry-screen.ts";
import { readWizardRequest, settleWizard, type WizardAnswers, type WizardErrors, type WizardKind } from "#app/domain/chat/wizard.ts";
import type { CoveredPlace } from "#app/domain/leads/covered-places.ts";
import { previewInputOf } from "#app/services/chat/chat.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { coveredPlaces } from "#app/services/leads/covered-places.server.ts";
import { crmStatusesOf } from "#app/services/leads/crm-places.server.ts";
import { previewCount } from "#app/services/leads/search.server.ts";
import { chatThread, listAgentConversations } from "#app/services/messages/conversations.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";

/** Check Lead Count / Check Buyer Count: the count, or the spec's "Preview Failed" with the provider's error. */
export type WizardCount = { ok: true; totalResults: number; location: string } | { ok: false; message: string; error: string };

/** A wizard the URL opens (without JavaScript, each step is a GET form carrying the answers so far). */
export type WizardView = { kind: WizardKind; step: number; answers: WizardAnswers; errors: WizardErrors; count: WizardCount | null };

export type ChatData = {
  agent: AgentId;
  /** The Target Market Finder screen (`terry=1`): the conversations and messages are Terry's. */
  terry: boolean;
  conversations: { id: string; title: string | null; updatedAt: string }[];
  conversation: { id: string; title: string | null } | null;
  messages: ChatMessage[];
  wizard: WizardView | null;
  /** The wizard's location suggestions (covered cities, or ZIPs when the URL's answer is digits); none outside the Lead Finder. */
  places: CoveredPlace[];
  /** The seller card whose details the page shows (`details`, the View Details link without JavaScript). */
  details: string | null;
  /** Street-view pictures of the seller cards, by message id, when the maps provider gives them. */
  streetViews: Record<string, string>;
  /** The CRM status of each seller or property card's place already in the user's CRM, by message id (no Add to CRM). */
  crm: Record<string, string>;
  /** The server's clock, so the server and the browser write the same "2 hours ago". */
  now: string;
};

/** The place a seller or property card adds to the CRM (as leadToProperty and propertyCardToProperty write it). */
function cardPlace(message: ChatMessage): { address: string; city: string | null; state: string | null } | null {
  const { body } = message;
  if (body.kind === "seller-lead") return { address: body.lead.addressLine, city: body.lead.city, state: body.lead.state };
  if (body.kind === "property") return body.property;
  return null;
}

/** The cards whose place is in the user's CRM already, with its status: one query, and none without cards. */
async function cardsInCrm(context: ServiceContext<"db">, userId: string, messages: ChatMessage[]): Promise<Record<string, string>> {
  const cards = messages.flatMap((message) => {
    const place = cardPlace(message);
    return place ? [{ id: message.id, place }] : [];
  });
  if (cards.length === 0) return {};
  const statuses = await crmStatusesOf(
    context,
    userId,
    cards.map((card) => card.place),
  );
  return Object.fromEntries(
    cards.flatMap(({ id, place }) => {
      const status = statuses.get(crmKey(place));
      return status ? [[id, status]] : [];
    }),
  );
}

/**
 * The agent chat: the chosen agent, its conversations, the open one (`c`, else the most recent; `c=new`
 * starts a new one) with its messages as cards and text, and a wizard the URL opens with its step, messages and a
 * count asked for. With `terry=1` the same for Terry's conversations (agent type "terry", the Target Market Finder
 * screen of the Lead Finder's wizard panel). One wave after the session: the list, the thread and the count run side by side. A conversation
 * that is not the user's answers 404.
 */
export const load: SectionLoader<ChatData> = async (context, session, url) => {
  const userId = session.workspaceId;
  const params = url.searchParams;
  const { agent, terry, conversationAgent, fresh, requested } = chatOfUrl(params);
  const wizard = terry ? null : wizardOfUrl(params);

  const [conversations, thread, counted, places] = await Promise.all([
    listAgentConversations(context, userId, conversationAgent),
    fresh ? null : chatThread(context, userId, { agent: conversationAgent, requested }),
    wizard?.countInput ? previewCount(context, wizard.countInput) : null,
    agent === "lead-finder" && !terry ? coveredPlaces(context, wizard?.request.answers.cityOrZip ?? "") : [],
  ]);
  // Terry's screen opens Terry's conversations only (the others have their agent's chat).
  if (requested && (!thread || (terry && thread.conversation.agentType !== TERRY_AGENT)))
    throw new Response("Conversation not found", { status: 404 });

  const messages = (thread?.messages ?? []).map(toChatMessage);
  const streetViews = streetViewsOf(context, messages);
  const details = params.get("details");
  const crm = await cardsInCrm(context, userId, messages);

  return {
    agent,
    terry,
    conversations,
    conversation: thread ? { id: thread.conversation.id, title: thread.conversation.title } : null,
    messages,
    wizard: wizard ? wizardView(wizard, counted) : null,
    places,
    details: details && messages.some((m) => m.id === details && m.body.kind === "seller-lead") ? details : null,
    streetViews,
    crm,
    now: context.now().toISOString(),
  };
};

/** Which chat the URL opens: the agent (`agent`, or Terry's screen with `terry=1`) and the conversation (`c`, `c=new`). */
function chatOfUrl(params: URLSearchParams) {
  const requestedAgent = params.get("agent");
  const terry = wantsTerry(params);
  const agent = terry ? "lead-finder" : (AGENTS.find((a) => a.id === requestedAgent)?.id ?? "lead-finder");
  const c = params.get("c");
  const fresh = c === "new";
  return { agent, terry, conversationAgent: terry ? TERRY_AGENT : agent, fresh, requested: c && !fresh ? c.slice(0, 64) : null };
}

/** The wizard the URL opens, its step and errors, and the count it asks for when its answers allow one. */
function wizardOfUrl(params: URLSearchParams) {
  const request = readWizardRequest(params);
  if (!request) return null;
  const settled = settleWizard(request);
  let errors: WizardErrors = settled.errors;
  let countInput = null;
  if (settled.count) {
    const input = previewInputOf(request.kind, request.answers);
    if (input.ok) countInput = input.input;
    else errors = input.errors;
  }
  return { request, step: settled.step, errors, countInput };
}

function wizardView(
  wizard: NonNullable<ReturnType<typeof wizardOfUrl>>,
  counted: Awaited<ReturnType<typeof previewCount>> | null,
): WizardView {
  return {
    kind: wizard.request.kind,
    step: wizard.step,
    answers: wizard.request.answers,
    errors: wizard.errors,
    count: counted
      ? counted.ok
        ? { ok: true, totalResults: counted.totalResults, location: counted.location }
        : { ok: false, message: counted.message, error: counted.error }
      : null,
  };
}

/** Street-view pictures of the seller cards, by message id; none from the local maps provider. */
function streetViewsOf(context: ServiceContext<"providers">, messages: ChatMessage[]): Record<string, string> {
  const streetViews: Record<string, string> = {};
  if (context.providers.maps.name === "local") return streetViews;
  for (const message of messages) {
    if (message.body.kind !== "seller-lead") continue;
    const { lat, lon, addressLine, city, state } = message.body.lead;
    const picture = context.providers.maps.streetViewUrl({ latitude: lat, longitude: lon, address: `${addressLine}, ${city}, ${state}` });
    if (picture) streetViews[message.id] = picture;
  }
  return streetViews;
}
