/**
 * The agent chat's two search wizards: the Seller Lead Wizard (3 steps) and the Cash Buyer Wizard
 * (2 steps). Pure and zod-free: the wizard component (with JavaScript), the chat section's loader (the same steps as
 * GET forms without it) and the search action all use these rules, so a step refuses the same input everywhere.
 *
 * A wizard's answers travel as form fields (strings): in the component's state with JavaScript, in the query string
 * of the chat section without it (`?section=chat&wizard=seller&step=2&cityOrZip=85004…`).
 */
import { BUYER_TYPE_LABELS, BUYER_TYPES, SELLER_TYPES, type BuyerType, type SellerType } from "#db/enums.ts";
import { buildSearchLocation } from "#app/domain/leads/lead-location.ts";
import {
  BUYER_TYPE_QUICK_LISTS,
  DEFAULT_MIN_BEDROOMS,
  LEAD_COUNT_OPTIONS,
  MIN_BEDROOM_OPTIONS,
  MIN_PROPERTIES,
  PRICE_OPTIONS,
  SELLER_SEARCH_COUNT,
} from "#app/domain/leads/search-options.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";

export type WizardKind = "seller" | "buyer";

export const WIZARD_TITLES: Record<WizardKind, string> = { seller: "Seller Lead Wizard", buyer: "Cash Buyer Wizard" };
export const WIZARD_STEPS: Record<WizardKind, number> = { seller: 3, buyer: 2 };

/** The steps' headings, by wizard. */
export const STEP_TITLES: Record<WizardKind, readonly string[]> = {
  seller: ["Where are you looking?", "What kind of seller?", "Any filters?"],
  buyer: ["Where are you looking?", "What kind of buyer?"],
};

export const SELLER_TYPE_OPTIONS: readonly { value: SellerType; label: string; description: string }[] = [
  { value: "preforeclosure", label: "Preforeclosure", description: "Owners who have received a default or foreclosure notice." },
  {
    value: "out-of-state-absentee-owner",
    label: "Out-of-State Absentee Owner",
    description: "Owners whose mailing address is in another state.",
  },
  { value: "high_equity", label: "High Equity", description: "Owners with 50% or more equity in the property." },
  { value: "inherited", label: "Inherited", description: "Properties that passed to heirs or an estate." },
  { value: "corporate-owned", label: "Corporate Owned", description: "Properties held by a company rather than a person." },
  { value: "tired-landlord", label: "Tired Landlord", description: "Long-time owners of rentals who may be ready to sell." },
];

export const BUYER_TYPE_OPTIONS: readonly { value: BuyerType; label: string; description: string }[] = [
  {
    value: "active_landlord",
    label: BUYER_TYPE_LABELS.active_landlord,
    description: "Absentee owners who bought 6–100 properties in the last 3 years.",
  },
  { value: "fix_and_flip", label: BUYER_TYPE_LABELS.fix_and_flip, description: "Investors who buy and resell within 12 months." },
  { value: "cash_buyers", label: BUYER_TYPE_LABELS.cash_buyers, description: "Owners of 3–100 properties bought without a mortgage." },
];

export function sellerTypeLabel(value: string): string {
  return SELLER_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

export function buyerTypeLabel(value: string): string {
  return BUYER_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/** The minimum-bedroom options "1+" … "5+" (default 1). */
export const BEDROOM_OPTIONS = MIN_BEDROOM_OPTIONS.map((beds) => ({ value: String(beds), label: `${beds}+` }));
/** The maximum-price options, by their index in PRICE_OPTIONS (default 0, "Up to $3M"). */
export const PRICE_SELECT_OPTIONS = PRICE_OPTIONS.map((option, index) => ({ value: String(index), label: option.label }));
/** How many leads to pull: 5 (the spec's count, the default), 10, 25 or 50. */
export const LEAD_COUNT_SELECT_OPTIONS = LEAD_COUNT_OPTIONS.map((count) => ({ value: String(count), label: `${count} leads` }));

// --- messages (ours where the spec names only the rule) --------------------------------------------------

export const SELLER_TYPE_REQUIRED = "Choose a seller type";
export const BUYER_TYPE_REQUIRED = "Choose a buyer type";
export const BEDROOMS_INVALID = "Choose a minimum number of bedrooms";
export const PRICE_INVALID = "Choose a maximum price";
export const LEAD_COUNT_INVALID = `Choose how many leads to pull: ${LEAD_COUNT_OPTIONS.join(", ")}`;

// --- answers ----------------------------------------------------------------------------------------------------

/** Every answer of either wizard, as form fields. */
export type WizardAnswers = {
  cityOrZip: string;
  state: string;
  sellerType: string;
  minBedrooms: string;
  price: string;
  /** How many leads a seller search pulls (one of LEAD_COUNT_OPTIONS). */
  leadCount: string;
  buyerType: string;
};
export type WizardField = keyof WizardAnswers;
export type WizardErrors = Partial<Record<WizardField, string>>;

export const WIZARD_FIELDS: readonly WizardField[] = ["cityOrZip", "state", "sellerType", "minBedrooms", "price", "leadCount", "buyerType"];

export const EMPTY_ANSWERS: WizardAnswers = {
  cityOrZip: "",
  state: "",
  sellerType: "",
  minBedrooms: String(DEFAULT_MIN_BEDROOMS),
  price: "0",
  leadCount: String(SELLER_SEARCH_COUNT),
  buyerType: "",
};

/** The fields each step shows (the others travel hidden in the no-JavaScript forms). */
export const STEP_FIELDS: Record<WizardKind, readonly (readonly WizardField[])[]> = {
  seller: [["cityOrZip", "state"], ["sellerType"], ["minBedrooms", "price", "leadCount"]],
  buyer: [["cityOrZip", "state"], ["buyerType"]],
};

/** The fields a wizard keeps (a seller wizard has no buyer type, and the other way round). */
export function wizardFields(kind: WizardKind): readonly WizardField[] {
  return STEP_FIELDS[kind].flat();
}

const FIELD_MAX = 300;

/** Answers from form fields or a query string: strings, trimmed of nothing, capped; missing ones take the defaults. */
export function readAnswers(source: { get(name: string): unknown }): WizardAnswers {
  const answers = { ...EMPTY_ANSWERS };
  for (const field of WIZARD_FIELDS) {
    const value = source.get(field);
    if (typeof value === "string" && (value !== "" || EMPTY_ANSWERS[field] === "")) answers[field] = value.slice(0, FIELD_MAX);
  }
  return answers;
}

export function isWizardKind(value: unknown): value is WizardKind {
  return value === "seller" || value === "buyer";
}

function clampStep(kind: WizardKind, step: unknown): number {
  const n = typeof step === "string" ? Number.parseInt(step, 10) : typeof step === "number" ? step : 1;
  return Number.isFinite(n) ? Math.min(Math.max(Math.trunc(n), 1), WIZARD_STEPS[kind]) : 1;
}

// --- step rules --------------------------------------------------------------------------------------------

function locationErrors(answers: WizardAnswers): WizardErrors {
  const built = buildSearchLocation(answers.cityOrZip, answers.state);
  return built.ok ? {} : built.errors;
}

function filterErrors(answers: WizardAnswers): WizardErrors {
  const errors: WizardErrors = {};
  if (!BEDROOM_OPTIONS.some((option) => option.value === answers.minBedrooms)) errors.minBedrooms = BEDROOMS_INVALID;
  if (!PRICE_SELECT_OPTIONS.some((option) => option.value === answers.price)) errors.price = PRICE_INVALID;
  if (!LEAD_COUNT_SELECT_OPTIONS.some((option) => option.value === answers.leadCount)) errors.leadCount = LEAD_COUNT_INVALID;
  return errors;
}

/**
 * What keeps a step from going on: seller step 1 needs the city and state (a ZIP or "City, ST" is enough), step 2
 * a seller type, step 3 a valid filter; buyer step 1 the city and state, step 2 a buyer type.
 */
export function stepErrors(kind: WizardKind, step: number, answers: WizardAnswers): WizardErrors {
  if (step === 1) return locationErrors(answers);
  if (kind === "seller") {
    if (step === 2) return isOneOf(SELLER_TYPES, answers.sellerType) ? {} : { sellerType: SELLER_TYPE_REQUIRED };
    return filterErrors(answers);
  }
  return isOneOf(BUYER_TYPES, answers.buyerType) ? {} : { buyerType: BUYER_TYPE_REQUIRED };
}

/** The first step (from 1 up to `through`) whose answers are refused, with its errors; null when all pass. */
export function firstInvalidStep(kind: WizardKind, answers: WizardAnswers, through = WIZARD_STEPS[kind]) {
  for (let step = 1; step <= through; step++) {
    const errors = stepErrors(kind, step, answers);
    if (Object.keys(errors).length > 0) return { step, errors };
  }
  return null;
}

/**
 * Check Lead Count and Check Buyer Count need the city and state; the seller count also sends the seller type and
 * filters, the buyer count the buyer type (the count call tells sellers from buyers by it), so those are checked too.
 */
export function countErrors(kind: WizardKind, answers: WizardAnswers) {
  return firstInvalidStep(kind, answers);
}

/** Find Properties / Find Cash Buyers: every step must pass. */
export function searchErrors(kind: WizardKind, answers: WizardAnswers) {
  return firstInvalidStep(kind, answers);
}

// --- what the wizards send -----------------------------------------------------------------------------------

export type SellerCriteriaBody = {
  location: string;
  locations?: string[];
  sellerType: SellerType;
  minBedrooms: number;
  maxPrice: number;
  minPrice?: number;
};

/** The criteria of POST /api/properties/batch and the seller count; null while a step is refused. */
export function sellerCriteria(answers: WizardAnswers): SellerCriteriaBody | null {
  if (searchErrors("seller", answers)) return null;
  const built = buildSearchLocation(answers.cityOrZip, answers.state);
  if (!built.ok) return null;
  const price = PRICE_OPTIONS[Number(answers.price)]!;
  return {
    ...built.value,
    // The wizard reaches here only past searchErrors, which checked the seller type is one of SELLER_TYPES.
    sellerType: answers.sellerType as SellerType,
    minBedrooms: Number(answers.minBedrooms),
    maxPrice: price.maxPrice,
    ...("minPrice" in price ? { minPrice: price.minPrice } : {}),
  };
}

export type BuyerSearchBody = { location: string; buyerType: BuyerType; quickLists: string[]; minProperties: number };

/** The body of POST /api/cash-buyers/search (and, without quick lists, of the buyer count); null while refused. */
export function buyerSearch(answers: WizardAnswers): BuyerSearchBody | null {
  if (searchErrors("buyer", answers)) return null;
  const built = buildSearchLocation(answers.cityOrZip, answers.state);
  if (!built.ok) return null;
  // A cash-buyer search has one location: several ZIPs are searched together under the first one's name.
  const location = built.value.locations ? built.value.locations.join(", ") : built.value.location;
  const buyerType = answers.buyerType as BuyerType;
  return { location, buyerType, quickLists: [...BUYER_TYPE_QUICK_LISTS[buyerType]], minProperties: MIN_PROPERTIES };
}

/** How many leads the answers ask for: the chosen count, else the spec's 5. */
export function leadCountOf(answers: WizardAnswers): number {
  const chosen = LEAD_COUNT_OPTIONS.find((count) => String(count) === answers.leadCount);
  return chosen ?? SELLER_SEARCH_COUNT;
}

/** "Inherited sellers in Phoenix, AZ · 3+ beds · Under $500k": the user's side of a seller search in the chat. */
export function describeSellerSearch(answers: WizardAnswers, location: string): string {
  const parts = [`${sellerTypeLabel(answers.sellerType)} sellers in ${location}`, `${answers.minBedrooms}+ beds`];
  parts.push(PRICE_OPTIONS[Number(answers.price)]?.label ?? PRICE_OPTIONS[0].label);
  return `Find ${leadCountOf(answers)} ${parts.join(" · ")}`;
}

export function describeBuyerSearch(answers: WizardAnswers, location: string): string {
  return `Find cash buyers in ${location} (${buyerTypeLabel(answers.buyerType)})`;
}

// --- addresses ---------------------------------------------------------------------------------------------------

/** The chat section's address: the agent, the conversation (`new` for a new one), more parameters and a hash. */
export function chatHref(
  agent: string | null | undefined,
  conversationId: string | null,
  extra: Record<string, string> = {},
  hash = "",
): string {
  const params = new URLSearchParams({ section: "chat", agent: agent || "lead-finder" });
  if (conversationId) params.set("c", conversationId);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `/?${params}${hash}`;
}

// --- the wizard in the URL (without JavaScript) ---------------------------------------------------------------------

export type WizardIntent = "next" | "count";

/** A wizard the chat section's URL opens: which, the step asked for, the answers so far, and whether to count. */
export type WizardRequest = { kind: WizardKind; step: number; answers: WizardAnswers; intent: WizardIntent };

export function readWizardRequest(params: URLSearchParams): WizardRequest | null {
  const kind = params.get("wizard");
  if (!isWizardKind(kind)) return null;
  // The step buttons are named `step`; the count button leaves it out and the form's `at` says where it was.
  const step = clampStep(kind, params.get("step") ?? params.get("at") ?? "1");
  return { kind, step, answers: readAnswers(params), intent: params.get("intent") === "count" ? "count" : "next" };
}

/**
 * Where a wizard request lands: the step asked for when every earlier step passes (answers for a later step are
 * not judged until it is submitted), else the first refused step with its messages. A count asked for checks the
 * count's needs.
 */
export function settleWizard(request: WizardRequest): { step: number; errors: WizardErrors; count: boolean } {
  if (request.intent === "count") {
    const refused = countErrors(request.kind, request.answers);
    return refused
      ? { step: Math.min(refused.step, request.step), errors: refused.errors, count: false }
      : { step: request.step, errors: {}, count: true };
  }
  const refused = firstInvalidStep(request.kind, request.answers, request.step - 1);
  return refused ? { step: refused.step, errors: refused.errors, count: false } : { step: request.step, errors: {}, count: false };
}

/** The query of a wizard link: the chat section with the wizard open at `step`, carrying the answers it keeps. */
export function wizardSearchParams(
  kind: WizardKind,
  step: number,
  answers: Partial<WizardAnswers>,
  base: Record<string, string | null | undefined> = {},
): URLSearchParams {
  const params = new URLSearchParams({ section: "chat" });
  for (const [key, value] of Object.entries(base)) if (value) params.set(key, value);
  params.set("wizard", kind);
  if (step > 1) params.set("step", String(step));
  for (const field of wizardFields(kind)) {
    const value = answers[field];
    if (value && value !== EMPTY_ANSWERS[field]) params.set(field, value);
  }
  return params;
}
