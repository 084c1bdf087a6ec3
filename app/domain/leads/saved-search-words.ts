/**
 * A saved search's criteria in words, as its card on the Saved Searches page reads them (zod-free: the page's
 * component imports it).
 */
import {
  buyerTypeLabel,
  leadCountOf,
  PRICE_SELECT_OPTIONS,
  sellerTypeLabel,
  type WizardAnswers,
  type WizardKind,
} from "#app/domain/chat/wizard.ts";

/** The longest name a saved search takes (it is a row's title on a phone). */
export const SAVED_SEARCH_NAME_MAX = 60;

/** One criterion: what it is and its value in words. */
export type CriterionWords = { term: string; words: string };

/** "Seller type: Preforeclosure · Location: 85033, AZ · Bedrooms: 3+ · Price: Under $500k · Leads a run: 10". */
export function savedSearchCriteria(kind: WizardKind, answers: WizardAnswers): CriterionWords[] {
  const location = answers.state && !answers.cityOrZip.includes(",") ? `${answers.cityOrZip}, ${answers.state}` : answers.cityOrZip;
  if (kind === "buyer") {
    return [
      { term: "Buyer type", words: answers.buyerType ? buyerTypeLabel(answers.buyerType) : "Any" },
      { term: "Location", words: location },
    ];
  }
  const price = PRICE_SELECT_OPTIONS.find((option) => option.value === answers.price)?.label ?? PRICE_SELECT_OPTIONS[0]!.label;
  return [
    { term: "Seller type", words: answers.sellerType ? sellerTypeLabel(answers.sellerType) : "Any" },
    { term: "Location", words: location },
    { term: "Bedrooms", words: `${answers.minBedrooms || "1"}+` },
    { term: "Price", words: price },
    { term: "Leads a run", words: String(leadCountOf(answers)) },
  ];
}
