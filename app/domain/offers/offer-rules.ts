/**
 * Offers (the spec's "Create Offer dialog"; "Offer" and the workbench status flow, custom offer and ARV rules,
 * the offer messages, the 70% rule): the rules the workbench, the CRM's property card and the offer routes share.
 * Pure and zod-free, so components import it; the tiers themselves are `offer-options.ts`.
 */
import type { PropertyStatus } from "#db/enums.ts";
import { MONEY_MAX, MONEY_MIN, parseStrictMoney } from "#app/domain/shared/money.ts";
import { valuationStepOf, valuationStepParams, type ValuationStep } from "#app/domain/valuation/view.ts";

import type { OfferType } from "./options.ts";

// --- messages ------------------------------------------------------------------------------------------

type Message = { title: string; description: string };

/** An offer needs an ARV above 0. 'ARV Missing' when there is none yet, 'ARV Required' when it is not above 0. */
export const ARV_MISSING: Message = { title: "ARV Missing", description: "Get the property value first: an offer is a share of the ARV." };
export const ARV_REQUIRED: Message = { title: "ARV Required", description: "The ARV must be above $0 before an offer is created." };
/** Exactly the spec's texts. */
export const INVALID_OFFER_AMOUNT: Message = { title: "Invalid Offer Amount", description: "Please enter a valid offer amount." };
/** A tier of a tiny ARV rounds to $0; every letter's amount is $1 … $100,000,000. */
export const OFFER_OUT_OF_RANGE: Message = {
  title: "Invalid Offer Amount",
  description: "The offer must be at least $1 and at most $100,000,000 after rounding to whole dollars.",
};
export const NO_OFFER_SELECTED: Message = {
  title: "No Offer Selected",
  description: "Please select an offer option or enter a custom amount.",
};
/** Send Offer without a max offer ("create one first"), and the two failures. */
export const NO_OFFER_CREATED: Message = { title: "No Offer Created", description: "Create an offer first, then send it." };
export const OFFER_CREATION_FAILED: Message = { title: "Offer Creation Failed", description: "The Letter of Intent could not be created." };
export const SEND_OFFER_FAILED: Message = { title: "Send Offer Failed", description: "The offer could not be mailed." };
/** The spec's Demo Mode fallbacks (only when the call failed; the screen says so). */
export const DEMO_MODE = {
  value: "Property Value Calculated (Demo Mode)",
  offers: "Offer Options (Demo Mode)",
  letter: "Offer Generated (Demo Mode)",
  mailed: "Offer Mailed Successfully! (Demo Mode)",
} as const;
/** The placeholder sample letter the spec's confirm-offer fallback links to (a static file in public/). */
export const SAMPLE_LETTER_URL = "/sample-letter-of-intent.pdf";

/** "Title: description", the way a message travels in an /api answer's `message`. */
export function messageText(message: Message): string {
  return `${message.title}: ${message.description}`;
}

// --- the 70% rule: max-offer.ts, re-exported for the screens and services that read it here ------------------

export {
  DEFAULT_ASSIGNMENT_FEE,
  DEFAULT_REPAIR_RATE,
  defaultRepairs,
  maxOfferRule,
  RULE_PERCENTAGE,
  type MaxOfferRule,
} from "./max-offer.ts";

// --- the offer chosen --------------------------------------------------------------------------------------

export const CUSTOM_OFFER = "custom";
export type OfferChoice = OfferType | typeof CUSTOM_OFFER;

/** The largest amount an offer may be (every amount that reaches a letter is at most $100,000,000). */
export const OFFER_MAX = MONEY_MAX;

/** What the custom amount field keeps of what was typed: its digits only. */
export function customOfferDigits(typed: string): string {
  return typed.replace(/\D/g, "");
}

/** The custom amount, rounded; null unless it is strict money of at least $1 after rounding and at most OFFER_MAX. */
export function customOfferAmount(value: string | number | null | undefined): number | null {
  const number = parseStrictMoney(value);
  if (number === null) return null;
  const rounded = Math.round(number);
  return rounded >= MONEY_MIN && rounded <= OFFER_MAX ? rounded : null;
}

export type OfferAmount = { ok: true; amount: number; offerType: OfferChoice } | { ok: false; message: Message };

/**
 * The amount of the chosen offer. No choice → 'No Offer Selected'; a custom amount that is not a positive number →
 * 'Invalid Offer Amount'; an ARV not above 0 → 'ARV Required' (a tier is a share of it).
 */
export function chosenOfferAmount(choice: {
  offerType: OfferChoice | null | undefined;
  customOffer?: string | number | null;
  arv: number | null | undefined;
  options: { type: OfferType; offer: number }[];
}): OfferAmount {
  if (!choice.offerType) return { ok: false, message: NO_OFFER_SELECTED };
  if (choice.offerType === CUSTOM_OFFER) {
    const amount = customOfferAmount(choice.customOffer);
    return amount === null ? { ok: false, message: INVALID_OFFER_AMOUNT } : { ok: true, amount, offerType: CUSTOM_OFFER };
  }
  if (!choice.arv || choice.arv <= 0) return { ok: false, message: ARV_REQUIRED };
  const option = choice.options.find((entry) => entry.type === choice.offerType);
  if (!option) return { ok: false, message: NO_OFFER_SELECTED };
  // A tier is a share of the ARV rounded to whole dollars: 60% of $0.50 is $0, which no letter may say.
  if (option.offer < MONEY_MIN || option.offer > OFFER_MAX) return { ok: false, message: OFFER_OUT_OF_RANGE };
  return { ok: true, amount: option.offer, offerType: option.type };
}

/**
 * The workbench's preselected offer (fewer clicks): the recommended tier (options.ts recommendedOffer);
 * when every tier is above the max offer (as the default repairs and fee make them), the max offer itself as the
 * custom amount — never above it, so accepting the default needs no "Confirm anyway".
 */
export function preselectedOffer(recommended: OfferType | null, maxOffer: number): { initial: OfferChoice | null; customOffer?: string } {
  if (recommended || maxOffer < MONEY_MIN) return { initial: recommended };
  return { initial: CUSTOM_OFFER, customOffer: String(Math.round(maxOffer)) };
}

// --- the status flow ---------------------------------------------------------------------------------------

/** The workbench's own statuses; a lead the CRM has moved on (contacted … closed) keeps its CRM status. */
const WORKBENCH_FLOW: readonly PropertyStatus[] = ["new", "analyzed", "offer_produced", "offer_sent"];

/** Analyzed → offer_produced once the letter is generated (a new letter after mailing is a new offer). */
export function statusAfterLetter(status: PropertyStatus): PropertyStatus {
  return WORKBENCH_FLOW.includes(status) ? "offer_produced" : status;
}

/** Offer_produced → offer_sent once it is mailed. */
export function statusAfterMail(status: PropertyStatus): PropertyStatus {
  return WORKBENCH_FLOW.includes(status) ? "offer_sent" : status;
}

// --- file names and addresses -----------------------------------------------------------------------------------

/**
 * The downloaded letter is named from the address and a timestamp and ends in .pdf:
 * `Letter-of-Intent-4821-N-35th-Ave-Phoenix-AZ-20261123-154501.pdf` (UTC; letters, digits and dashes only).
 */
export function offerPdfFileName(place: { address: string; city?: string | null; state?: string | null }, at: Date): string {
  const slug = [place.address, place.city, place.state]
    .filter(Boolean)
    .join(" ")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
  return `Letter-of-Intent-${slug || "property"}-${stamp}.pdf`;
}

export type MailingAddress = { line1: string; line2?: string; city: string; state: string; zip: string };

/**
 * A one-line US mailing address ("123 Main St, Apt 4, Phoenix, AZ 85004") as a postal address, or null when it is not
 * street, city, state and ZIP. The owner's mailing address and the property's address are written this way.
 */
export function parseMailingAddress(text: string): MailingAddress | null {
  const match = /^(.+?),\s*([^,]+?),\s*([A-Za-z]{2})\.?\s+(\d{5}(?:-\d{4})?)\s*$/.exec(text.trim());
  if (!match) return null;
  const [street, ...rest] = match[1].split(",").map((part) => part.trim());
  if (!street) return null;
  const line2 = rest.filter(Boolean).join(", ");
  return { line1: street, ...(line2 ? { line2 } : {}), city: match[2].trim(), state: match[3].toUpperCase(), zip: match[4] };
}

/** A property's own address on one line (the recipient when the owner's mailing address is unknown). */
export function propertyAddressLine(place: { address: string; city?: string | null; state?: string | null; zip?: string | null }): string {
  return [place.address, place.city, [place.state, place.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

// --- the workbench's offer steps in the URL ---------------------------------------------------------------------

/**
 * Where a lead's offer stands on the workbench, carried in the page's URL so a reload, the forms' redirects and a
 * browser without JavaScript all show the same step (docs/decisions/052-offers-as-form-posts.md). Next Lead's address has none of them, so
 * moving on resets every per-lead step.
 */
export type OfferSteps = {
  /** Get Property Value's answer (ARV, range, confidence) or the spec's demo; the offers start from its ARV. */
  valuation: ValuationStep | null;
  /** The ARV the offers are for (after Get Max Offer). */
  arv: number | null;
  repairs: number | null;
  fee: number | null;
  /** The options are the spec's Demo Mode fallback. */
  demoOffers: boolean;
  /** The letter generated: its document id, or `sample` (the spec's Demo Mode placeholder). */
  letter: string | null;
  /** Mailed: the tracking id, or `demo` (the spec's Demo Mode). */
  mailed: string | null;
};

export const SAMPLE_LETTER = "sample";
export const DEMO_MAILED = "demo";

function wholeParam(value: string | null): number | null {
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

function idParam(value: string | null): string | null {
  return value !== null && /^[\w-]{1,80}$/.test(value) ? value : null;
}

export function offerStepsOf(params: URLSearchParams): OfferSteps {
  const arv = wholeParam(params.get("arv"));
  return {
    valuation: valuationStepOf((name) => params.get(name)),
    arv: arv && arv > 0 ? arv : null,
    repairs: wholeParam(params.get("repairs")),
    fee: wholeParam(params.get("fee")),
    demoOffers: params.get("demo") === "offers",
    letter: idParam(params.get("letter")),
    mailed: idParam(params.get("mailed")),
  };
}

/** `base` (the workbench's address for the lead) with the offer steps given. */
export function offerStepsHref(base: string, steps: Partial<OfferSteps>): string {
  const url = new URL(base, "http://breeze.invalid");
  for (const [name, value] of valuationStepParams(steps.valuation)) url.searchParams.set(name, value);
  const set = (name: string, value: string | number | null | undefined) => {
    if (value !== null && value !== undefined && value !== "") url.searchParams.set(name, String(value));
  };
  set("arv", steps.arv);
  set("repairs", steps.repairs);
  set("fee", steps.fee);
  if (steps.demoOffers) url.searchParams.set("demo", "offers");
  set("letter", steps.letter);
  set("mailed", steps.mailed);
  return `${url.pathname}${url.search}`;
}

/** "Title: description" back into its parts (a zod message of this module's texts). */
export function splitMessage(text: string): { title: string; description: string } {
  const at = text.indexOf(": ");
  return at > 0 ? { title: text.slice(0, at), description: text.slice(at + 2) } : { title: "Error", description: text };
}
