/**
 * The agent chat, the signed-in home's default section: the agent selector (Deal Analyzer opens the
 * CRM), the agent's conversations, the open conversation's messages as seller-lead, buyer and property cards or
 * text, the Seller Lead and Cash Buyer wizards, and the text box. Everything works without JavaScript (links, GET
 * wizard steps, forms posting to /chat/*); with it the wizards, searches and card actions run in place. The
 * wizards and the lead details are chunks of their own, loaded once the chat is on screen. The wizard panel also
 * opens the Target Market Finder (Terry, `terry=1`): its own chunk in place of the conversation, with Terry's
 * conversations listed beside it. The header, the conversation list and the messages are in chat/ (chat-header.tsx,
 * conversation-list.tsx, message-list.tsx); this module holds the state, the poster's wiring and the lazy parts.
 */
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";

import type { CardContext } from "#app/components/chat/cards.tsx";
import { ChatHeader } from "#app/components/chat/chat-header.tsx";
import { hasPending, postPending, subscribeToPoster, type PostedMessage } from "#app/components/chat/chat-poster.ts";
import { Composer } from "#app/components/chat/composer.tsx";
import { ConversationList } from "#app/components/chat/conversation-list.tsx";
import type { LeadDetailsDialog, LeadDetailsPanel } from "#app/components/chat/lead-details.tsx";
import { MessageList } from "#app/components/chat/message-list.tsx";
import type TerryScreen from "#app/components/chat/terry.tsx";
import type Wizard from "#app/components/chat/wizard.tsx";
import { useHydratedTransition } from "#app/components/hooks/use-hydrated-transition.ts";
import { preloadable } from "#app/components/shell/lazy.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { AGENTS } from "#app/domain/chat/agents.ts";
import {
  nextSellerCard,
  NO_MORE_LEADS,
  sellerQueueOf,
  showingLead,
  SKIP_HIGHLIGHT_MS,
  toChatMessage,
  type WizardOffer,
} from "#app/domain/chat/messages.ts";
import { TERRY_TITLE, terryHref } from "#app/domain/chat/terry-screen.ts";
import { chatHref, EMPTY_ANSWERS, WIZARD_TITLES, wizardSearchParams, type WizardKind } from "#app/domain/chat/wizard.ts";
import { createLeadQueue, goToLead, storeLeadQueue } from "#app/domain/leads/queue.ts";
import { workbenchHref } from "#app/domain/workbench/workbench-rules.ts";
import type { ChatData, WizardView } from "#app/services/chat/chat-section.server.ts";

const PARTS = import.meta.glob([
  "/app/components/chat/wizard.tsx",
  "/app/components/chat/lead-details.tsx",
  "/app/components/chat/terry.tsx",
]);
const WizardPart = preloadable<ComponentProps<typeof Wizard>>(PARTS, "/app/components/chat/wizard.tsx");
const DetailsDialogPart = preloadable<ComponentProps<typeof LeadDetailsDialog>>(
  PARTS,
  "/app/components/chat/lead-details.tsx",
  "LeadDetailsDialog",
);
const TerryPart = preloadable<ComponentProps<typeof TerryScreen>>(PARTS, "/app/components/chat/terry.tsx");
const DetailsPanelPart = preloadable<ComponentProps<typeof LeadDetailsPanel>>(
  PARTS,
  "/app/components/chat/lead-details.tsx",
  "LeadDetailsPanel",
);

const PLACEHOLDERS: Record<string, string> = {
  "lead-finder": 'Ask Lead Finder, e.g. "sellers in 85004"',
  negotiation: "Paste the seller's message and I'll draft your reply...",
  "lock-it-up": "Ask Lock It Up...",
};

export default function ChatSection({ data, userName }: { data: ChatData; userName: string }) {
  // The wizard, Terry and the details render in Suspense boundaries below: the switch must not reach them unhydrated.
  const hydrated = useHydratedTransition();
  const toast = useToast();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const agent = AGENTS.find((a) => a.id === data.agent)!;
  const leadFinder = agent.id === "lead-finder";

  // The wizard: opened by the URL (the server renders its step), or in place with JavaScript.
  const [wizard, setWizard] = useState<WizardView | null>(data.wizard);
  const [wizardKey, setWizardKey] = useState(0);
  const [urlWizard, setUrlWizard] = useState(data.wizard);
  if (data.wizard !== urlWizard) {
    setUrlWizard(data.wizard);
    setWizard(data.wizard);
  }

  // Messages a search posted from this page, shown as they arrive (until the loader has them), and the
  // conversation a search started while none was open.
  const [extra, setExtra] = useState<PostedMessage[]>([]);
  const [adopted, setAdopted] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const [urlDetailsClosed, setUrlDetailsClosed] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  // Cards added to the CRM in this page (their Add to CRM gives way at once, before any reload).
  const [addedHere, setAddedHere] = useState<Record<string, string>>({});
  // A search's new conversation is the Lead Finder's: Terry's screen never adopts it.
  const conversationId = data.conversation?.id ?? (data.terry ? null : adopted);

  const messages = useMemo(() => {
    const known = new Set(data.messages.map((message) => message.id));
    const local = extra.filter((message) => message.conversationId === conversationId && !known.has(message.id)).map(toChatMessage);
    return [...data.messages, ...local];
  }, [data.messages, extra, conversationId]);

  // The poster outlives the section; what it posts shows here while the section is on screen.
  const shown = useRef({ agent: agent.id, urlConversation: data.conversation?.id ?? null, conversationId });
  useEffect(() => {
    shown.current = { agent: agent.id, urlConversation: data.conversation?.id ?? null, conversationId };
  });
  useEffect(
    () =>
      subscribeToPoster((event) => {
        if (event.type === "conversation") {
          if (!shown.current.conversationId) setAdopted(event.conversationId);
        } else if (event.type === "message") {
          setPosting(true);
          setExtra((list) => [...list, event.message]);
        } else if (event.type === "failed") {
          setPosting(false);
          toast({ title: event.message, variant: "error" });
        } else {
          setPosting(false);
          const id = event.conversationId;
          if (!id) return;
          if (id === shown.current.urlConversation) void revalidator.revalidate();
          else navigate(chatHref(shown.current.agent, id), { replace: true, preventScrollReset: true });
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription for the section's life; it reads `shown`
    [],
  );
  // A search's results still waiting from an earlier page (a reload, the move to the workbench): post them now.
  useEffect(() => {
    if (hasPending()) void postPending();
    for (const part of [WizardPart, DetailsDialogPart, TerryPart]) part.load().catch(() => undefined);
  }, []);

  // The newest message in view as messages arrive.
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length + (sending ? 1 : 0);
  const seen = useRef(count);
  useEffect(() => {
    if (count > seen.current) end.current?.scrollIntoView({ block: "nearest" });
    seen.current = count;
  }, [count]);

  const openWizard = useCallback((kind: WizardKind, answers: WizardOffer["answers"] = {}) => {
    setWizard({ kind, step: 1, answers: { ...EMPTY_ANSWERS, ...answers }, errors: {}, count: null });
    setWizardKey((key) => key + 1);
  }, []);
  const base = { agent: agent.id, c: conversationId };
  const wizardHref = (kind: WizardKind, answers: WizardOffer["answers"] = {}) => `/?${wizardSearchParams(kind, 1, answers, base)}`;
  const closeHref = chatHref(agent.id, conversationId);
  // Terry's screen lists Terry's conversations; the agent's chat its own.
  const conversationHref = (id: string) => (data.terry ? terryHref(id) : chatHref(agent.id, id));

  const crmStatus = (id: string) => data.crm[id] ?? addedHere[id] ?? null;
  const cardContext: CardContext = {
    hydrated,
    toast,
    crmStatus,
    markInCrm: (id) => setAddedHere((added) => (added[id] ? added : { ...added, [id]: "new" })),
    detailsHref: (id) => chatHref(agent.id, conversationId, { details: id }, "#lead-details"),
    openDetails: (id) => setDetailsFor(id),
    nextCard: (id) => nextSellerCard(messages, id)?.id ?? null,
    workIt: (id) => {
      const queue = sellerQueueOf(messages, id);
      if (!queue) return;
      storeLeadQueue(goToLead(createLeadQueue(queue.leads, { requestId: queue.requestId, location: queue.location }), queue.index));
      navigate(workbenchHref(queue.index, { request: queue.requestId }));
    },
    skip: (id) => {
      const next = nextSellerCard(messages, id);
      if (!next) {
        toast({ title: NO_MORE_LEADS, variant: "info" });
        return;
      }
      document.getElementById(`card-${next.id}`)?.scrollIntoView({ behavior: "smooth", block: "center" });
      setHighlight(next.id);
      setTimeout(() => setHighlight((current) => (current === next.id ? null : current)), SKIP_HIGHLIGHT_MS);
      toast({ title: showingLead(next.position, next.total), variant: "info" });
    },
  };

  const detailsId = detailsFor ?? (urlDetailsClosed ? null : data.details);
  const detailsMessage = detailsId ? messages.find((message) => message.id === detailsId) : undefined;
  const detailsLead = detailsMessage?.body.kind === "seller-lead" ? detailsMessage.body.lead : null;
  const now = new Date(data.now);

  return (
    <div className="mx-auto max-w-6xl">
      <ChatHeader agent={agent} userName={userName} />

      <div className="mt-6 grid gap-4 lg:grid-cols-[16rem_1fr]">
        <ConversationList
          title={data.terry ? TERRY_TITLE : agent.label}
          conversations={data.conversations}
          activeId={conversationId}
          hrefOf={conversationHref}
          now={now}
        />

        {data.terry ? (
          <Suspense fallback={null}>
            <TerryPart.Component
              conversationId={conversationId}
              title={data.conversation?.title ?? null}
              messages={data.messages}
              now={data.now}
            />
          </Suspense>
        ) : (
          <section
            aria-label={`Chat with ${agent.label}`}
            className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <div className="border-b border-slate-200 px-4 py-3">
              <h2 className="font-semibold text-slate-900">
                {data.conversation?.title ?? (conversationId ? "Conversation" : "New conversation")}
              </h2>
            </div>

            <div className="space-y-4 p-4">
              {detailsLead && detailsId ? (
                <Suspense fallback={null}>
                  {hydrated ? (
                    <DetailsDialogPart.Component
                      messageId={detailsId}
                      lead={detailsLead}
                      streetViewUrl={data.streetViews[detailsId] ?? null}
                      crmStatus={crmStatus(detailsId)}
                      onAdded={() => cardContext.markInCrm(detailsId)}
                      toast={toast}
                      onClose={() => {
                        setDetailsFor(null);
                        if (data.details) setUrlDetailsClosed(true);
                      }}
                    />
                  ) : (
                    <DetailsPanelPart.Component
                      messageId={detailsId}
                      lead={detailsLead}
                      streetViewUrl={data.streetViews[detailsId] ?? null}
                      crmStatus={crmStatus(detailsId)}
                      closeHref={chatHref(agent.id, conversationId, {}, `#card-${detailsId}`)}
                    />
                  )}
                </Suspense>
              ) : null}

              <MessageList
                agent={agent}
                messages={messages}
                sending={sending}
                highlight={highlight}
                cardContext={cardContext}
                now={now}
                offerHref={(offer) =>
                  leadFinder
                    ? wizardHref(offer.wizard, offer.answers)
                    : `/?${wizardSearchParams(offer.wizard, 1, offer.answers, { agent: "lead-finder" })}`
                }
                onOffer={(offer, event) => {
                  if (!hydrated || !leadFinder) return;
                  event.preventDefault();
                  openWizard(offer.wizard, offer.answers);
                }}
              />
              {sending ? (
                <p role="status" className="text-sm text-slate-600">
                  {agent.label} is thinking...
                </p>
              ) : null}
              {posting ? (
                <p role="status" className="text-sm text-slate-600">
                  Posting results...
                </p>
              ) : null}
              <div ref={end} />

              {wizard ? (
                <Suspense fallback={null}>
                  <WizardPart.Component
                    key={wizardKey}
                    view={wizard}
                    agent="lead-finder"
                    conversationId={leadFinder ? conversationId : null}
                    closeHref={closeHref}
                    onClose={() => setWizard(null)}
                    places={data.places}
                  />
                </Suspense>
              ) : leadFinder ? (
                <div className="flex flex-wrap gap-2">
                  {(["seller", "buyer"] as const).map((kind) => (
                    <Link
                      key={kind}
                      to={wizardHref(kind)}
                      preventScrollReset
                      onClick={(event) => {
                        if (!hydrated) return;
                        event.preventDefault();
                        openWizard(kind);
                      }}
                      className={buttonClass("secondary")}
                    >
                      {WIZARD_TITLES[kind]}
                    </Link>
                  ))}
                  <Link to={terryHref(null)} className={buttonClass("secondary")}>
                    {TERRY_TITLE}
                  </Link>
                </div>
              ) : null}
            </div>

            <Composer
              agent={agent.id}
              conversationId={conversationId}
              placeholder={PLACEHOLDERS[agent.id] ?? "Type your message..."}
              loading={posting}
              onSending={setSending}
            />
          </section>
        )}
      </div>
    </div>
  );
}
