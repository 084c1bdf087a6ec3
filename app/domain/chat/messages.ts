/**
 * The agent chat's messages (the spec's "Agent chat screen"): a stored message's content is plain text, or JSON for
 * a card — a seller-lead card, a buyer card, a property card (any other JSON with an address), or assistant text
 * with a wizard offer. Pure and zod-free (client components parse what they post and what the loader sends), so a
 * message reads the same on the server, in the browser and in the tests; anything unreadable is shown as text.
 *
 * Also the queue and position of seller cards (Let's Work It, Skip This One) and the spec's messages the card actions
 * show. A buyer card → buyer lead is in buyer-lead-cards.ts, a property card → CRM property in property-cards.ts.
 */
import { AUTH_REQUIRED } from "#app/domain/accounts/auth-messages.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";
import { leadAddress } from "#app/domain/leads/property.ts";
import type { CashBuyerItem, LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { MESSAGE_MAX } from "#app/domain/messages/limits.ts";

import { isWizardKind, readAnswers, type WizardAnswers, type WizardKind } from "./wizard.ts";

// --- messages of the card actions -----------------------------------------------------------------------------

export const ADD_TO_CRM_FAILED = "Failed to add property to CRM.";
export const BUYER_EXTRACT_FAILED = "Could not extract buyer information";
export const BUYER_INCOMPLETE = "Missing required buyer information";
export const BUYER_SAVE_FAILED = "Failed to save buyer lead";
export const NO_MORE_LEADS = "No More Leads";
export const ADDED_TO_CRM = "Added to CRM";
export const BUYER_SAVED = "Saved to Buyer Breeze";
/** Ours: the buyer is in Buyer Breeze already (same name and market): nothing was saved twice. */
export const BUYER_ALREADY_SAVED = "Already saved";
export const NO_CONTACT = "No contact information on this card";

export function showingLead(position: number, total: number): string {
  return `Showing lead ${position} of ${total}`;
}

/**
 * What Add to CRM says after POST /api/properties failed: 'Already in CRM' (409), the 401 message, the server's
 * message (its 400 says 'Validation error: …'), else 'Failed to add property to CRM.'.
 */
export function addToCrmFailure(status: number, body: unknown): string {
  if (status === 409) return ALREADY_IN_CRM;
  if (status === 401) return AUTH_REQUIRED;
  const message = isObject(body) ? body.message : null;
  return typeof message === "string" && message.trim() ? message : ADD_TO_CRM_FAILED;
}

/** The duplicate check in the browser: a property is "loaded" when its address, city and state match. */
export function crmKey(place: { address: string; city?: string | null; state?: string | null }): string {
  return [place.address, place.city ?? "", place.state ?? ""].map((part) => part.trim().toLowerCase().replace(/\s+/g, " ")).join("|");
}

// --- message bodies ---------------------------------------------------------------------------------------------------

/** An offer to open a wizard pre-filled; `back`: the answers of the search this message answers ("Back to Wizard"). */
export type WizardOffer = { wizard: WizardKind; answers: Partial<WizardAnswers>; back?: true };

/** Where a seller card came from: its search (lead_requests id), the place, and its place among that search's leads. */
export type SellerCardSearch = { requestId: string | null; location: string | null; index: number; total: number };

/** A property card: a property described by an agent or a tool as JSON (the fields this chat knows). */
export type PropertyCard = {
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  price: number | null;
  arv: number | null;
  maxOffer: number | null;
  bedrooms: number | null;
  bathrooms: number | null;
  squareFeet: number | null;
  yearBuilt: number | null;
  propertyType: string | null;
  ownerName: string | null;
  contactName: string | null;
  phone: string | null;
  email: string | null;
  description: string | null;
};

export type ChatBody =
  | { kind: "text"; text: string; offer: WizardOffer | null }
  | { kind: "seller-lead"; lead: LeadQueueItem; search: SellerCardSearch }
  | { kind: "cash-buyer"; buyer: CashBuyerItem; market: string }
  | { kind: "property"; property: PropertyCard };

export type ChatMessage = { id: string; role: string; isAiGenerated: boolean; createdAt: string; body: ChatBody };

// --- writing ----------------------------------------------------------------------------------------------------

/**
 * A seller-lead card's content. The vendor's own record (`raw.vendorRecord`, BatchData's whole property JSON) stays
 * out: the card shows the spec's fields, and a message holds at most MESSAGE_MAX characters.
 */
export function sellerCardContent(lead: LeadQueueItem, search: SellerCardSearch): string {
  return JSON.stringify({ type: "seller-lead", search, lead: { ...lead, raw: { ...lead.raw, vendorRecord: null } } });
}

export function buyerCardContent(buyer: CashBuyerItem, market: string): string {
  return JSON.stringify({ type: "cash-buyer", market, buyer });
}

/** Assistant text; with an offer to open a wizard pre-filled, as JSON. */
export function textContent(text: string, offer: WizardOffer | null = null): string {
  return offer ? JSON.stringify({ type: "text", text, offer }) : text;
}

/** True when a content fits in one message (cards are checked before they are posted). */
export function fitsInMessage(content: string): boolean {
  return content.length <= MESSAGE_MAX;
}

// --- reading ----------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const num = (value: unknown): number | null => {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\s*\$?[\d,]+(\.\d+)?\s*$/.test(value)) return Number(value.replace(/[$,\s]/g, ""));
  return null;
};

/** A lead queue item as a search answers it (what a seller card holds). */
export function isLeadItem(value: unknown): value is LeadQueueItem {
  if (!isObject(value) || !isObject(value.raw)) return false;
  const raw = value.raw;
  return (
    typeof value.id === "string" &&
    typeof value.addressLine === "string" &&
    typeof value.city === "string" &&
    typeof value.state === "string" &&
    typeof value.zip === "string" &&
    Array.isArray(value.flags) &&
    Array.isArray(raw.ownerPhoneNumbers) &&
    Array.isArray(raw.ownerEmails)
  );
}

/** A cash buyer search result item (what a buyer card holds). */
export function isBuyerItem(value: unknown): value is CashBuyerItem {
  if (!isObject(value)) return false;
  const { owner, address, valuation, building, sale, propertyOwnerProfile } = value;
  return (
    typeof value.id === "string" &&
    isObject(owner) &&
    typeof owner.fullName === "string" &&
    Array.isArray(owner.phoneNumbers) &&
    Array.isArray(owner.emails) &&
    isObject(address) &&
    typeof address.street === "string" &&
    isObject(valuation) &&
    isObject(building) &&
    isObject(sale) &&
    isObject(propertyOwnerProfile)
  );
}

function searchOf(value: unknown): SellerCardSearch {
  const search = isObject(value) ? value : {};
  const index = num(search.index);
  const total = num(search.total);
  return {
    requestId: str(search.requestId),
    location: str(search.location),
    index: index !== null && index >= 0 ? Math.trunc(index) : 0,
    total: total !== null && total >= 1 ? Math.trunc(total) : 1,
  };
}

function offerOf(value: unknown): WizardOffer | null {
  if (!isObject(value) || !isWizardKind(value.wizard)) return null;
  const answers = isObject(value.answers) ? value.answers : {};
  const read = readAnswers({ get: (name) => answers[name] });
  return value.back === true ? { wizard: value.wizard, answers: read, back: true } : { wizard: value.wizard, answers: read };
}

/** Any JSON object with an address (and no card type of ours) is a property card; its common spellings are read. */
function propertyOf(value: Json): PropertyCard | null {
  const address = str(value.address) ?? str(value.addressLine) ?? str(value.street);
  if (!address) return null;
  const first = (...keys: string[]) => keys.map((key) => value[key]).find((item) => item !== undefined && item !== null);
  return {
    address,
    city: str(value.city),
    state: str(value.state),
    zipCode: str(first("zipCode", "zip", "postalCode")),
    price: num(first("price", "askingPrice", "listPrice")),
    arv: num(value.arv),
    maxOffer: num(value.maxOffer),
    bedrooms: num(first("bedrooms", "beds")),
    bathrooms: num(first("bathrooms", "baths")),
    squareFeet: num(first("squareFeet", "sqft")),
    yearBuilt: num(value.yearBuilt),
    propertyType: str(value.propertyType),
    ownerName: str(value.ownerName),
    contactName: str(first("contactName", "buyerName", "name")),
    phone: str(first("phone", "contactPhone", "ownerPhone")),
    email: str(first("email", "contactEmail", "ownerEmail")),
    description: str(first("description", "notes", "summary")),
  };
}

/** A stored message's content → what the chat shows. Never throws: anything else is text. */
export function parseChatContent(content: string): ChatBody {
  const text = content.trim();
  if (text.startsWith("{") && text.endsWith("}")) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = null;
    }
    if (isObject(value)) {
      if (value.type === "seller-lead" && isLeadItem(value.lead))
        return { kind: "seller-lead", lead: value.lead, search: searchOf(value.search) };
      if (value.type === "cash-buyer" && isBuyerItem(value.buyer))
        return { kind: "cash-buyer", buyer: value.buyer, market: str(value.market) ?? "" };
      if (value.type === "text" && typeof value.text === "string") return { kind: "text", text: value.text, offer: offerOf(value.offer) };
      if (value.type === undefined || value.type === "property") {
        const property = propertyOf(value);
        if (property) return { kind: "property", property };
      }
    }
  }
  return { kind: "text", text: content, offer: null };
}

/**
 * A stored message as one line of plain text: what the Messages section shows and searches, and its previews cut.
 * Cards are stored as JSON; their text is what the card is about ("Seller lead: 123 Main St, Phoenix, AZ 85004").
 */
export function messageText(content: string): string {
  return chatBodyText(parseChatContent(content));
}

/** A parsed message as one line of text (see `messageText`). */
export function chatBodyText(body: ChatBody): string {
  switch (body.kind) {
    case "text":
      return body.text;
    case "seller-lead":
      return `Seller lead: ${leadAddress(body.lead)}`;
    case "cash-buyer":
      return `Cash buyer: ${body.buyer.owner.fullName}`;
    case "property":
      return `Property: ${[body.property.address, body.property.city, body.property.state].filter(Boolean).join(", ")}`;
  }
}

export function toChatMessage(message: {
  id: string;
  role: string;
  content: string;
  isAiGenerated: boolean;
  createdAt: string;
}): ChatMessage {
  return {
    id: message.id,
    role: message.role,
    isAiGenerated: message.isAiGenerated,
    createdAt: message.createdAt,
    body: parseChatContent(message.content),
  };
}

// --- seller cards: the queue and the next card ---------------------------------------------------------------------

type SellerMessage = ChatMessage & { body: Extract<ChatBody, { kind: "seller-lead" }> };

function isSellerMessage(message: ChatMessage): message is SellerMessage {
  return message.body.kind === "seller-lead";
}

/** The seller cards of the same search as `messageId` (all seller cards when it has none), in order, once each. */
function searchGroup(messages: readonly ChatMessage[], messageId: string): { group: SellerMessage[]; at: number } | null {
  const sellers = messages.filter(isSellerMessage);
  const card = sellers.find((message) => message.id === messageId);
  if (!card) return null;
  const requestId = card.body.search.requestId;
  const seen = new Set<string>();
  const group = sellers.filter((message) => {
    if (requestId !== null && message.body.search.requestId !== requestId) return false;
    if (seen.has(message.body.lead.id)) return message.id === messageId;
    seen.add(message.body.lead.id);
    return true;
  });
  return { group, at: group.findIndex((message) => message.id === messageId) };
}

/** Let's Work It: the leads of the card's search, with the card's position (0-based) among them. */
export function sellerQueueOf(messages: readonly ChatMessage[], messageId: string) {
  const found = searchGroup(messages, messageId);
  if (!found) return null;
  const { group, at } = found;
  const search = group[at]!.body.search;
  return { leads: group.map((message) => message.body.lead), index: at, requestId: search.requestId, location: search.location };
}

/** Skip This One: the next seller card of the same search, and its place ("Showing lead X of Y"); null when none remain. */
export function nextSellerCard(messages: readonly ChatMessage[], messageId: string) {
  const found = searchGroup(messages, messageId);
  if (!found) return null;
  const next = found.group[found.at + 1];
  return next ? { id: next.id, position: found.at + 2, total: found.group.length } : null;
}

export const SKIP_HIGHLIGHT_MS = 1500;
