/**
 * The agent chat's state, one hook per concern: the messages a search posts from this page, the wizard opened by the
 * URL or in place, and what the cards do (details, Add to CRM, Skip, Work This Lead).
 */
import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

import type { CardContext } from "#app/components/chat/cards.tsx";
import { hasPending, postPending, subscribeToPoster, type PostedMessage } from "#app/components/chat/chat-poster.ts";
import { useToast } from "#app/components/ui/toast.tsx";
import type { AgentId } from "#app/domain/chat/agents.ts";
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
import { chatHref, EMPTY_ANSWERS, type WizardKind } from "#app/domain/chat/wizard.ts";
import { createLeadQueue, goToLead, storeLeadQueue } from "#app/domain/leads/queue.ts";
import { workbenchHref } from "#app/domain/workbench/workbench-rules.ts";
import type { ChatData, WizardView } from "#app/services/chat/chat-section.server.ts";

/**
 * The open conversation's messages with those a search posted from this page (shown as they arrive, until the loader
 * has them), and the conversation a search started while none was open.
 */
export function usePostedMessages(data: ChatData, agent: AgentId) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [extra, setExtra] = useState<PostedMessage[]>([]);
  const [adopted, setAdopted] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  // A search's new conversation is the Lead Finder's: Terry's screen never adopts it.
  const conversationId = data.conversation?.id ?? (data.terry ? null : adopted);

  const messages = useMemo(() => {
    const known = new Set(data.messages.map((message) => message.id));
    const local = extra.filter((message) => message.conversationId === conversationId && !known.has(message.id)).map(toChatMessage);
    return [...data.messages, ...local];
  }, [data.messages, extra, conversationId]);

  // The poster outlives the section; what it posts shows here while the section is on screen.
  const shown = useRef({ agent, urlConversation: data.conversation?.id ?? null, conversationId });
  useEffect(() => {
    shown.current = { agent, urlConversation: data.conversation?.id ?? null, conversationId };
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
  }, []);
  return { conversationId, messages, posting };
}

/** The wizard: opened by the URL (the server renders its step), or in place with JavaScript. */
export function useChatWizard(urlView: WizardView | null) {
  const [wizard, setWizard] = useState<WizardView | null>(urlView);
  const [wizardKey, setWizardKey] = useState(0);
  const [urlWizard, setUrlWizard] = useState(urlView);
  if (urlView !== urlWizard) {
    setUrlWizard(urlView);
    setWizard(urlView);
  }
  const openWizard = useCallback((kind: WizardKind, answers: WizardOffer["answers"] = {}) => {
    setWizard({ kind, step: 1, answers: { ...EMPTY_ANSWERS, ...answers }, errors: {}, count: null });
    setWizardKey((key) => key + 1);
  }, []);
  const closeWizard = useCallback(() => setWizard(null), []);
  return { wizard, wizardKey, openWizard, closeWizard };
}

/** What the cards do: their details (by the URL or in place), Add to CRM, Skip to the next lead and Work This Lead. */
export function useCardContext({
  data,
  agent,
  conversationId,
  messages,
  hydrated,
  toast,
}: {
  data: ChatData;
  agent: AgentId;
  conversationId: string | null;
  messages: ChatMessage[];
  hydrated: boolean;
  toast: ReturnType<typeof useToast>;
}) {
  const navigate = useNavigate();
  const [detailsFor, setDetailsFor] = useState<string | null>(null);
  const [urlDetailsClosed, setUrlDetailsClosed] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);
  // Cards added to the CRM in this page (their Add to CRM gives way at once, before any reload).
  const [addedHere, setAddedHere] = useState<Record<string, string>>({});

  const crmStatus = (id: string) => data.crm[id] ?? addedHere[id] ?? null;
  const cardContext: CardContext = {
    hydrated,
    toast,
    crmStatus,
    markInCrm: (id) => setAddedHere((added) => (added[id] ? added : { ...added, [id]: "new" })),
    detailsHref: (id) => chatHref(agent, conversationId, { details: id }, "#lead-details"),
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
  const closeDetails = () => {
    setDetailsFor(null);
    if (data.details) setUrlDetailsClosed(true);
  };
  return { cardContext, highlight, details: detailsLead && detailsId ? { id: detailsId, lead: detailsLead } : null, closeDetails };
}
