/**
 * The open conversation's messages: seller-lead, buyer and property cards, or text (with a wizard's
 * offer as a link), the message on its way, and what an empty conversation says for each agent.
 */
import { Link } from "@remix-run/react";

import { BuyerCard, PropertyCardView, SellerCard, type CardContext } from "#app/components/chat/cards.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { AGENTS } from "#app/domain/chat/agents.ts";
import type { ChatMessage, WizardOffer } from "#app/domain/chat/messages.ts";
import { WIZARD_TITLES } from "#app/domain/chat/wizard.ts";
import { relativeTime } from "#app/domain/shared/format.ts";

type OfferLinks = {
  offerHref: (offer: WizardOffer) => string;
  onOffer: (offer: WizardOffer, event: React.MouseEvent) => void;
};

function TextBubble({
  message,
  body,
  agentLabel,
  offerHref,
  onOffer,
  now,
}: OfferLinks & {
  message: ChatMessage;
  /** The message's body, narrowed to text by the caller (a discriminant on `message.body` does not narrow `message`). */
  body: Extract<ChatMessage["body"], { kind: "text" }>;
  agentLabel: string;
  now: Date;
}) {
  const mine = message.role === "user";
  const { text, offer } = body;
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
            {offer.back ? "Back to Wizard" : `Open ${WIZARD_TITLES[offer.wizard]}`}
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

export function MessageList({
  agent,
  messages,
  sending,
  highlight,
  cardContext,
  now,
  offerHref,
  onOffer,
}: OfferLinks & {
  agent: (typeof AGENTS)[number];
  messages: ChatMessage[];
  /** The text of the message on its way, shown until the conversation has it. */
  sending: string | null;
  /** The card Skip This One moved to, ringed for a moment. */
  highlight: string | null;
  cardContext: CardContext;
  now: Date;
}) {
  if (messages.length === 0 && !sending) {
    return (
      <p className="py-6 text-center text-sm text-slate-600">
        {agent.id === "lead-finder"
          ? "No messages yet. Ask me to find motivated sellers or cash buyers, or open a wizard below."
          : agent.id === "negotiation"
            ? "No messages yet. Paste what a seller wrote to you and I'll draft a reply."
            : `No messages yet. Ask ${agent.title} anything to start.`}
      </p>
    );
  }
  return (
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
            <TextBubble message={message} body={message.body} agentLabel={agent.label} now={now} offerHref={offerHref} onOffer={onOffer} />
          )}
        </li>
      ))}
      {sending ? (
        <li className="flex justify-end">
          <p className="max-w-[85%] rounded-lg bg-brand-700 px-3 py-2 text-sm whitespace-pre-wrap text-white opacity-80">{sending}</p>
        </li>
      ) : null}
    </ol>
  );
}
