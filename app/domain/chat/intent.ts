/**
 * The local AI provider's chat reply (no network, no key): a modest rule-based answer that steers the user to the
 * search wizards. It recognises a seller or cash-buyer search in what was typed ("sellers in 85004", "inherited
 * homes in Phoenix, AZ", "fix and flip buyers near Dallas TX") and offers the matching wizard pre-filled with the
 * place and type it understood. A real model (the OpenAI client) answers through the same interface.
 */
import type { BuyerType, SellerType } from "#db/enums.ts";
import { isUsState } from "#app/domain/shared/us-states.ts";

import type { WizardOffer } from "./messages.ts";
import type { WizardAnswers } from "./wizard.ts";

export type ChatTurn = { role: string; content: string };
export type ChatReplyInput = { agent: string; message: string; history?: readonly ChatTurn[] };
export type ChatReply = { text: string; offer: WizardOffer | null };

/** Terry's failure text: what the chat answers when the AI provider fails; the user's message is kept. */
export const AI_TROUBLE_TEXT = "I'm sorry, I'm having trouble connecting right now. Please try again in a moment.";

type Place = { cityOrZip: string; state: string; label: string };

const ZIP = /\b\d{5}\b/g;
/** "in Phoenix, AZ", "near las vegas nv", "around Dallas TX" */
const CITY_STATE = /\b(?:in|near|around|for|at|from)\s+([a-z][a-z .'-]*?),?\s+([a-z]{2})\b/i;
/** State codes that are also English words; lower-case, they are read as words. */
const WORD_STATES = new Set(["in", "or", "me", "hi", "ok", "oh", "id", "de", "la", "ma", "pa", "al", "co", "mo", "ne"]);
/** "Phoenix, AZ" anywhere */
const CITY_COMMA_STATE = /\b([A-Z][A-Za-z.'-]*(?:\s+[A-Z][A-Za-z.'-]*)*),\s*([A-Za-z]{2})\b/;

function titleCase(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/(^|[\s\-.'])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/** The place a message names: its ZIPs, or a city with a US state code. */
export function placeOf(message: string): Place | null {
  const zips = [...new Set(message.match(ZIP) ?? [])];
  if (zips.length > 0) return { cityOrZip: zips.join(", "), state: "", label: zips.join(", ") };
  for (const source of [CITY_STATE, CITY_COMMA_STATE]) {
    const pattern = new RegExp(source.source, `${source.flags}g`);
    for (let match = pattern.exec(message); match; match = pattern.exec(message)) {
      const typed = match[2]!;
      const state = typed.toUpperCase();
      // "side in Mesa AZ": a state code written as a common lower-case word is a word; look further on.
      const word = typed === typed.toLowerCase() && WORD_STATES.has(typed);
      if (isUsState(state) && !word) {
        // "homes in the north part in Mesa AZ": the words after the last "in" name the city.
        const words = match[1]!.split(/\s+(?:in|near|around|for|at|from)\s+/i).pop()!;
        const city = titleCase(words.replace(/^(the|a)\s+/i, ""));
        if (city) return { cityOrZip: city, state, label: `${city}, ${state}` };
      }
      pattern.lastIndex = match.index + 1;
    }
  }
  return null;
}

const BUYER_WORDS = /\b(cash[- ]?buyers?|buyers?|investors?|flippers?|purchasers?)\b/i;
const SELLER_WORDS =
  /\b(sellers?|leads?|propert(y|ies)|homes?|houses?|deals?|owners?|pre-?foreclosures?|foreclos\w*|inherit\w*|probate|absentee|equity|landlords?|motivated|off[- ]market)\b/i;

/** The seller type a message names, if any (the spec's six). */
export function sellerTypeOf(message: string): SellerType | null {
  const text = message.toLowerCase();
  if (/pre-?foreclos|foreclos|notice of default|lis pendens/.test(text)) return "preforeclosure";
  if (/inherit|probate|estate|heirs?\b/.test(text)) return "inherited";
  if (/out[- ]of[- ]state|absentee/.test(text)) return "out-of-state-absentee-owner";
  if (/equity/.test(text)) return "high_equity";
  if (/corporat|\bllc\b|company[- ]owned|business[- ]owned/.test(text)) return "corporate-owned";
  if (/tired|landlord/.test(text)) return "tired-landlord";
  return null;
}

/** The buyer type a message names, if any. */
export function buyerTypeOf(message: string): BuyerType | null {
  const text = message.toLowerCase();
  if (/flip/.test(text)) return "fix_and_flip";
  if (/landlord|rental/.test(text)) return "active_landlord";
  if (/cash/.test(text)) return "cash_buyers";
  return null;
}

const EXAMPLES = 'Try "sellers in 85004" or "cash buyers in Phoenix, AZ"';

function intro(agent: string): string {
  switch (agent) {
    case "negotiation":
      return "I'm your Negotiation agent. Once you have a lead, the Lead Workbench values it, turns your numbers into an offer and mails the Letter of Intent.";
    case "lock-it-up":
      return "I'm Lock It Up, your closing agent. Your contracts and paperwork live in Contracts + Paperwork.";
    case "deal-analyzer":
      return "I'm your Deal Analyzer. Your leads' values, comps and maximum offers are in the CRM.";
    default:
      return "I'm your Lead Finder. I search for motivated sellers and active cash buyers by city or ZIP.";
  }
}

/** The reply: an offer of the wizard the message asks for, pre-filled; otherwise what the agent does and examples. */
export function localChatReply(input: ChatReplyInput): ChatReply {
  const message = input.message;
  const place = placeOf(message);
  const wantsBuyers = BUYER_WORDS.test(message);
  const wantsSellers = !wantsBuyers && (SELLER_WORDS.test(message) || (place !== null && sellerTypeOf(message) !== null));
  const answers: Partial<WizardAnswers> = place ? { cityOrZip: place.cityOrZip, state: place.state } : {};

  if (wantsBuyers) {
    const buyerType = buyerTypeOf(message);
    if (buyerType) answers.buyerType = buyerType;
    const text = place
      ? `I can find active cash buyers in ${place.label}. Open the Cash Buyer Wizard: the location is filled in${buyerType ? " and the buyer type chosen" : ""}. Check it, then press Find Cash Buyers.`
      : "I can find active cash buyers for you. Which city or ZIP? Open the Cash Buyer Wizard and tell me where to look.";
    return { text, offer: { wizard: "buyer", answers } };
  }
  if (wantsSellers || place) {
    const sellerType = sellerTypeOf(message);
    if (sellerType) answers.sellerType = sellerType;
    const text = place
      ? `I can find motivated sellers in ${place.label}. Open the Seller Lead Wizard: the location is filled in${sellerType ? " and the seller type chosen" : ""}. Pick your filters, then press Find Properties.`
      : "I can find motivated sellers for you. Which city or ZIP? Open the Seller Lead Wizard and tell me where to look.";
    return { text, offer: { wizard: "seller", answers } };
  }
  return {
    text: `${intro(input.agent)} ${EXAMPLES}, or open the Seller Lead Wizard or the Cash Buyer Wizard.`,
    offer: { wizard: "seller", answers: {} },
  };
}
