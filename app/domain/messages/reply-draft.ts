/**
 * AI Assist's local rule: a reply drafted from the conversation's last message and the linked property. Pure and
 * deterministic, so the same conversation always gets the same draft (and tests can pin it).
 */
import { formatMoney } from "#app/domain/shared/format.ts";

export type ReplyDraftInput = {
  contactName: string | null;
  /** The last message from the other side, if any. */
  lastIncoming: string | null;
  property: { address: string; city: string | null; maxOffer: number | null; arv: number | null; price: number | null } | null;
};

const firstName = (name: string | null) => (name?.trim().split(/\s+/)[0] ?? "") || "there";

type Rule = { test: RegExp; reply: (input: ReplyDraftInput, place: string) => string };

const RULES: Rule[] = [
  {
    test: /\b(price|offer|how much|number|pay|cash)\b/i,
    reply: (input, place) => {
      const offer = input.property?.maxOffer ?? null;
      return offer !== null
        ? `Based on recent sales and the repairs ${place} needs, we can offer ${formatMoney(offer)} cash, close in as little as 14 days, and cover the closing costs. Would that work for you?`
        : `I'm running the numbers on ${place} now and will send you a firm cash offer within 24 hours. Is there a price you have in mind?`;
    },
  },
  {
    test: /\b(not interested|no thanks|stop|remove me|don't contact|do not contact)\b/i,
    reply: () => "Understood, thank you for letting me know. I won't reach out again unless you contact me. Have a great day.",
  },
  {
    test: /\b(when|time|close|closing|how long|soon)\b/i,
    reply: (_input, place) =>
      `We buy with cash, so we can close on ${place} in as little as 14 days, or on whatever date suits you best. What timeline works for you?`,
  },
  {
    test: /\b(repair|condition|roof|foundation|fix|as[- ]is)\b/i,
    reply: (_input, place) =>
      `No need to fix anything: we buy ${place} as-is and handle all the repairs ourselves. Could we schedule a quick walkthrough this week?`,
  },
  {
    test: /\?\s*$/,
    reply: (_input, place) =>
      `Great question. Let me pull the details on ${place} and get right back to you today. Is this the best number to reach you?`,
  },
];

export function draftReply(input: ReplyDraftInput): string {
  const greeting = `Hi ${firstName(input.contactName)},`;
  const place = input.property ? input.property.address : "your property";
  if (!input.lastIncoming?.trim()) {
    return `${greeting} I'm a local investor interested in buying ${place} for cash, as-is, on your timeline. Would you be open to a quick conversation this week?`;
  }
  const rule = RULES.find((candidate) => candidate.test.test(input.lastIncoming ?? ""));
  const body = rule
    ? rule.reply(input, place)
    : `Thanks for getting back to me about ${place}. I'd love to learn a bit more about your plans for it. When is a good time for a quick call?`;
  return `${greeting} ${body}`;
}

/** The Negotiation agent's chat answer: the drafted reply under a line that says what it is. */
export const NEGOTIATION_DRAFT_INTRO = "Here's a reply you could send the seller:";

export function negotiationAnswer(draft: string): string {
  return `${NEGOTIATION_DRAFT_INTRO}\n\n${draft}`;
}
