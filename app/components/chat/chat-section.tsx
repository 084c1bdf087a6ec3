/**
 * The agent chat, the signed-in home's default section: the agent selector (Deal Analyzer opens the
 * CRM), the agent's conversations, the open conversation's messages as seller-lead, buyer and property cards or
 * text, the Seller Lead and Cash Buyer wizards, and the text box. Everything works without JavaScript (links, GET
 * wizard steps, forms posting to /chat/*); with it the wizards, searches and card actions run in place. The
 * wizards and the lead details are chunks of their own, loaded once the chat is on screen. The wizard panel also
 * opens the Target Market Finder (Terry, `terry=1`): its own chunk in place of the conversation, with Terry's
 * conversations listed beside it. The header, the conversation list and the messages are in chat/ (chat-header.tsx,
 * conversation-list.tsx, message-list.tsx), its state in chat-state.ts; this module holds the lazy parts and the layout.
 */
import { Link } from "@remix-run/react";
import { Suspense, useEffect, useState, type ComponentProps } from "react";

import { ChatHeader } from "#app/components/chat/chat-header.tsx";
import { useCardContext, useChatWizard, usePostedMessages } from "#app/components/chat/chat-state.ts";
import { Composer } from "#app/components/chat/composer.tsx";
import { ConversationList } from "#app/components/chat/conversation-list.tsx";
import type { LeadDetailsDialog, LeadDetailsPanel } from "#app/components/chat/lead-details.tsx";
import { MessageList } from "#app/components/chat/message-list.tsx";
import type TerryScreen from "#app/components/chat/terry.tsx";
import type Wizard from "#app/components/chat/wizard.tsx";
import { useHydratedTransition } from "#app/components/hooks/use-hydrated-transition.ts";
import { useScrollToEnd } from "#app/components/hooks/use-scroll-to-end.ts";
import { preloadable } from "#app/components/shell/lazy.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import { AGENTS } from "#app/domain/chat/agents.ts";
import { type ChatMessage, type WizardOffer } from "#app/domain/chat/messages.ts";
import { TERRY_TITLE, terryHref } from "#app/domain/chat/terry-screen.ts";
import { chatHref, WIZARD_TITLES, wizardSearchParams, type WizardKind } from "#app/domain/chat/wizard.ts";
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
  const agent = AGENTS.find((a) => a.id === data.agent)!;
  const { conversationId, messages, posting } = usePostedMessages(data, agent.id);
  useEffect(() => {
    for (const part of [WizardPart, DetailsDialogPart, TerryPart]) part.load().catch(() => undefined);
  }, []);
  // Terry's screen lists Terry's conversations; the agent's chat its own.
  const conversationHref = (id: string) => (data.terry ? terryHref(id) : chatHref(agent.id, id));

  return (
    <div className="mx-auto max-w-6xl">
      <ChatHeader agent={agent} userName={userName} />

      <div className="mt-6 grid gap-4 lg:grid-cols-[16rem_1fr]">
        <ConversationList
          title={data.terry ? TERRY_TITLE : agent.label}
          conversations={data.conversations}
          activeId={conversationId}
          hrefOf={conversationHref}
          now={new Date(data.now)}
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
          <AgentChat data={data} agent={agent} conversationId={conversationId} messages={messages} posting={posting} hydrated={hydrated} />
        )}
      </div>
    </div>
  );
}

type Agent = (typeof AGENTS)[number];

type AgentChatProps = {
  data: ChatData;
  agent: Agent;
  conversationId: string | null;
  messages: ChatMessage[];
  posting: boolean;
  hydrated: boolean;
};

/** One agent's open conversation: its messages and cards, the lead details, the wizard and the text box. */
function AgentChat({ data, agent, conversationId, messages, posting, hydrated }: AgentChatProps) {
  const toast = useToast();
  const leadFinder = agent.id === "lead-finder";
  const { wizard, wizardKey, openWizard, closeWizard } = useChatWizard(data.wizard);
  const [sending, setSending] = useState<string | null>(null);
  // The newest message in view as messages arrive.
  const end = useScrollToEnd(messages.length + (sending ? 1 : 0));
  const { cardContext, highlight, details, closeDetails } = useCardContext({
    data,
    agent: agent.id,
    conversationId,
    messages,
    hydrated,
    toast,
  });
  const base = { agent: agent.id, c: conversationId };
  const wizardHref = (kind: WizardKind, answers: WizardOffer["answers"] = {}) => `/?${wizardSearchParams(kind, 1, answers, base)}`;

  return (
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
        {details ? (
          <DetailsPart
            details={details}
            hydrated={hydrated}
            streetViewUrl={data.streetViews[details.id] ?? null}
            crmStatus={cardContext.crmStatus(details.id)}
            onAdded={() => cardContext.markInCrm(details.id)}
            onClose={closeDetails}
            closeHref={chatHref(agent.id, conversationId, {}, `#card-${details.id}`)}
          />
        ) : null}

        <MessageList
          agent={agent}
          messages={messages}
          sending={sending}
          highlight={highlight}
          cardContext={cardContext}
          now={new Date(data.now)}
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
        {sending ? <Status text={`${agent.label} is thinking...`} /> : null}
        {posting ? <Status text="Posting results..." /> : null}
        <div ref={end} />

        <WizardArea
          wizard={wizard}
          wizardKey={wizardKey}
          conversationId={leadFinder ? conversationId : null}
          closeHref={chatHref(agent.id, conversationId)}
          onClose={closeWizard}
          places={data.places}
          links={leadFinder ? { hydrated, wizardHref, openWizard } : null}
        />
      </div>

      <Composer
        agent={agent.id}
        conversationId={conversationId}
        placeholder={PLACEHOLDERS[agent.id] ?? "Type your message..."}
        loading={posting}
        onSending={setSending}
      />
    </section>
  );
}

/** A seller lead's details: a dialog with JavaScript, a panel (closed by a link) without. */
function DetailsPart({
  details,
  hydrated,
  streetViewUrl,
  crmStatus,
  onAdded,
  onClose,
  closeHref,
}: {
  details: { id: string; lead: ComponentProps<typeof LeadDetailsPanel>["lead"] };
  hydrated: boolean;
  streetViewUrl: string | null;
  crmStatus: string | null;
  onAdded: () => void;
  onClose: () => void;
  closeHref: string;
}) {
  const toast = useToast();
  return (
    <Suspense fallback={null}>
      {hydrated ? (
        <DetailsDialogPart.Component
          messageId={details.id}
          lead={details.lead}
          streetViewUrl={streetViewUrl}
          crmStatus={crmStatus}
          onAdded={onAdded}
          toast={toast}
          onClose={onClose}
        />
      ) : (
        <DetailsPanelPart.Component
          messageId={details.id}
          lead={details.lead}
          streetViewUrl={streetViewUrl}
          crmStatus={crmStatus}
          closeHref={closeHref}
        />
      )}
    </Suspense>
  );
}

function Status({ text }: { text: string }) {
  return (
    <p role="status" className="text-sm text-slate-600">
      {text}
    </p>
  );
}

/** The open wizard, or on the Lead Finder the links that open one. */
function WizardArea({
  wizard,
  wizardKey,
  conversationId,
  closeHref,
  onClose,
  places,
  links,
}: {
  wizard: WizardView | null;
  wizardKey: number;
  conversationId: string | null;
  closeHref: string;
  onClose: () => void;
  places: ChatData["places"];
  links: ComponentProps<typeof WizardLinks> | null;
}) {
  if (wizard)
    return (
      <Suspense fallback={null}>
        <WizardPart.Component
          key={wizardKey}
          view={wizard}
          agent="lead-finder"
          conversationId={conversationId}
          closeHref={closeHref}
          onClose={onClose}
          places={places}
        />
      </Suspense>
    );
  return links ? <WizardLinks {...links} /> : null;
}

/** The Lead Finder's ways in: the two wizards (in place with JavaScript) and Terry. */
function WizardLinks({
  hydrated,
  wizardHref,
  openWizard,
}: {
  hydrated: boolean;
  wizardHref: (kind: WizardKind) => string;
  openWizard: (kind: WizardKind) => void;
}) {
  return (
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
  );
}
