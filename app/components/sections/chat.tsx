/**
 * The agent chat, the signed-in home's default section (spec 02 §2): the agent selector (Deal Analyzer opens the
 * CRM), the agent's conversations, the open conversation's messages as seller-lead, buyer and property cards or
 * text, the Seller Lead and Cash Buyer wizards, and the text box. Everything works without JavaScript (links, GET
 * wizard steps, forms posting to /chat/*); with it the wizards, searches and card actions run in place. The
 * wizards and the lead details are chunks of their own, loaded once the chat is on screen. The wizard panel also
 * opens the Target Market Finder (Terry, `terry=1`): its own chunk in place of the conversation, with Terry's
 * conversations listed beside it.
 */
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from "react";

import { BuyerCard, PropertyCardView, SellerCard, type CardContext } from "#app/components/chat/cards.tsx";
import { hasPending, postPending, subscribeToPoster, type PostedMessage } from "#app/components/chat/chat-poster.ts";
import { Composer } from "#app/components/chat/composer.tsx";
import type { LeadDetailsDialog, LeadDetailsPanel } from "#app/components/chat/lead-details.tsx";
import type TerryScreen from "#app/components/chat/terry.tsx";
import type Wizard from "#app/components/chat/wizard.tsx";
import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
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
  type ChatMessage,
  type WizardOffer,
} from "#app/domain/chat/messages.ts";
import { TERRY_TITLE, terryHref } from "#app/domain/chat/terry-screen.ts";
import { chatHref, EMPTY_ANSWERS, WIZARD_TITLES, wizardSearchParams, type WizardKind } from "#app/domain/chat/wizard.ts";
import { createLeadQueue, goToLead, storeLeadQueue } from "#app/domain/leads/queue.ts";
import { relativeTime } from "#app/domain/shared/format.ts";
import { workbenchHref } from "#app/domain/workbench/rules.ts";
import type { ChatData, WizardView } from "#app/services/sections/chat.server.ts";

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

function TextBubble({
  message,
  agentLabel,
  offerHref,
  onOffer,
  now,
}: {
  message: ChatMessage & { body: { kind: "text" } };
  agentLabel: string;
  offerHref: (offer: WizardOffer) => string;
  onOffer: (offer: WizardOffer, event: React.MouseEvent) => void;
  now: Date;
}) {
  const mine = message.role === "user";
  const { text, offer } = message.body;
  return (
    <div className={`flex ${mine ? "justify-end" : "justify-start"}`}>
      <div className={`max-w-[85%] rounded-lg px-3 py-2 text-sm ${mine ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}>
        <p className={`mb-0.5 text-xs font-semibold ${mine ? "text-brand-100" : "text-slate-600"}`}>{mine ? "You" : agentLabel}</p>
        <p className="whitespace-pre-wrap">{text}</p>
        {offer ? (
          <Link
            to={offerHref(offer)}
            onClick={(event) => onOffer(offer, event)}
            preventScrollReset
            className={buttonClass("secondary", "mt-2", "sm")}
          >
            Open {WIZARD_TITLES[offer.wizard]}
          </Link>
        ) : null}
        <p className={`mt-1 flex gap-2 text-xs ${mine ? "text-brand-100" : "text-slate-600"}`}>
          <span>{relativeTime(message.createdAt, now)}</span>
          {message.isAiGenerated ? (
            <span className={`rounded px-1.5 font-medium ${mine ? "bg-brand-900" : "bg-violet-100 text-violet-800"}`}>AI generated</span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

export default function ChatSection({ data, userName }: { data: ChatData; userName: string }) {
  const hydrated = useHydrated();
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

  const cardContext: CardContext = {
    hydrated,
    toast,
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
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Welcome, {userName}</h1>
          <p className="mt-1 text-slate-600">
            {agent.title} <span aria-hidden="true">·</span>{" "}
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800">GPT-4 powered</span>
          </p>
        </div>
        <nav aria-label="Agents">
          <ul className="flex flex-wrap gap-2">
            {AGENTS.map((item) => {
              const href = item.id === "deal-analyzer" ? "/?section=crm" : `/?section=chat&agent=${item.id}`;
              const current = item.id === agent.id;
              return (
                <li key={item.id}>
                  <Link
                    to={href}
                    aria-current={current ? "page" : undefined}
                    className={`inline-block rounded-full border px-4 py-1.5 text-sm font-medium ${
                      current ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
                    }`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>

      <div className="mt-6 grid gap-4 lg:grid-cols-[16rem_1fr]">
        <section aria-labelledby="conversations-heading" className="self-start rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <div className="flex items-center justify-between gap-2">
            <h2 id="conversations-heading" className="font-semibold text-slate-900">
              {data.terry ? TERRY_TITLE : agent.label} conversations
            </h2>
            <Link to={conversationHref("new")} className={buttonClass("ghost", "", "sm")}>
              New
            </Link>
          </div>
          {data.conversations.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No conversations yet</p>
          ) : (
            <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto lg:max-h-[32rem]">
              {data.conversations.map((conversation) => {
                const active = conversation.id === conversationId;
                return (
                  <li key={conversation.id}>
                    <Link
                      to={conversationHref(conversation.id)}
                      aria-current={active ? "true" : undefined}
                      className={`block rounded-md px-2 py-1.5 text-sm hover:bg-slate-50 ${active ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700"}`}
                    >
                      <span className="block truncate">{conversation.title || "Untitled conversation"}</span>
                      <span className="block text-xs font-normal text-slate-500">{relativeTime(conversation.updatedAt, now)}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

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
                      closeHref={chatHref(agent.id, conversationId, {}, `#card-${detailsId}`)}
                    />
                  )}
                </Suspense>
              ) : null}

              {messages.length === 0 && !sending ? (
                <p className="py-6 text-center text-sm text-slate-600">
                  {leadFinder
                    ? "No messages yet. Ask me to find motivated sellers or cash buyers, or open a wizard below."
                    : agent.id === "negotiation"
                      ? "No messages yet. Paste what a seller wrote to you and I'll draft a reply."
                      : `No messages yet. Ask ${agent.title} anything to start.`}
                </p>
              ) : (
                <ol aria-label="Messages" className="space-y-3">
                  {messages.map((message) => (
                    <li
                      key={message.id}
                      id={`card-${message.id}`}
                      className={`scroll-mt-24 rounded-xl transition-shadow target:ring-2 target:ring-brand-500 ${
                        highlight === message.id ? "ring-4 ring-amber-400" : ""
                      }`}
                    >
                      {message.body.kind === "seller-lead" ? (
                        <SellerCard id={message.id} body={message.body} context={cardContext} />
                      ) : message.body.kind === "cash-buyer" ? (
                        <BuyerCard id={message.id} body={message.body} context={cardContext} />
                      ) : message.body.kind === "property" ? (
                        <PropertyCardView id={message.id} body={message.body} context={cardContext} />
                      ) : (
                        <TextBubble
                          message={message as ChatMessage & { body: { kind: "text" } }}
                          agentLabel={agent.label}
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
                      )}
                    </li>
                  ))}
                  {sending ? (
                    <li className="flex justify-end">
                      <p className="max-w-[85%] rounded-lg bg-brand-700 px-3 py-2 text-sm whitespace-pre-wrap text-white opacity-80">
                        {sending}
                      </p>
                    </li>
                  ) : null}
                </ol>
              )}
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
