/**
 * A search's wizard answers back from what the server stored of it (lead_requests.request_params, written by
 * `sellerRequestParams` / `buyerRequestParams`): so "Back to Wizard" reopens the wizard with the last search filled
 * in, on any device and without JavaScript. Pure and zod-free; unknown or damaged params give the defaults.
 */
import { PRICE_OPTIONS } from "#app/domain/leads/search-options.ts";
import { isRecord } from "#app/domain/shared/guards.ts";

import type { WizardOffer } from "./messages.ts";
import { EMPTY_ANSWERS, wizardFields, wizardSearchParams, type WizardAnswers, type WizardKind } from "./wizard.ts";

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The stored `search` ({city, state} or {zips}) as the wizard's step 1. */
function placeAnswers(search: unknown): Pick<WizardAnswers, "cityOrZip" | "state"> {
  if (!isRecord(search)) return { cityOrZip: "", state: "" };
  if (Array.isArray(search.zips)) return { cityOrZip: search.zips.filter((zip) => typeof zip === "string").join(", "), state: "" };
  return { cityOrZip: text(search.city), state: text(search.state) };
}

/** The price option whose bounds the search used (the first, "Up to $3M", when none matches). */
function priceAnswer(params: Record<string, unknown>): string {
  const index = PRICE_OPTIONS.findIndex(
    (option) =>
      option.maxPrice === params.maxPrice && ("minPrice" in option ? option.minPrice : undefined) === (params.minPrice ?? undefined),
  );
  return String(Math.max(index, 0));
}

/** The answers a stored search of `kind` was made with. */
export function searchAnswers(kind: WizardKind, params: unknown): WizardAnswers {
  const stored = isRecord(params) ? params : {};
  const answers: WizardAnswers = { ...EMPTY_ANSWERS, ...placeAnswers(stored.search) };
  if (kind === "buyer") return { ...answers, buyerType: text(stored.buyerType) };
  const beds = typeof stored.minBedrooms === "number" ? String(stored.minBedrooms) : EMPTY_ANSWERS.minBedrooms;
  return { ...answers, sellerType: text(stored.sellerType), minBedrooms: beds, price: priceAnswer(stored) };
}

/** "Back to Wizard": the Lead Finder's chat with the wizard open at step 1 and the stored search's answers. */
export function backToWizardHref(kind: WizardKind, params: unknown): string {
  return `/?${wizardSearchParams(kind, 1, searchAnswers(kind, params), { agent: "lead-finder" })}`;
}

/** The "Back to Wizard" a search's answer in the chat carries: the wizard with the answers the search was made with. */
export function searchOffer(kind: WizardKind, answers: WizardAnswers): WizardOffer {
  return { wizard: kind, answers: Object.fromEntries(wizardFields(kind).map((field) => [field, answers[field]])), back: true };
}
