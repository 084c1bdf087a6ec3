/** A step's template with its placeholders filled in: `{ownerFirstName}`, `{address}`, `{offerAmount}`, `{companyName}`. */
import { formatMoney } from "#app/domain/shared/format.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";

export const PLACEHOLDERS = ["ownerFirstName", "address", "offerAmount", "companyName"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

export type TemplateValues = {
  ownerName: string | null;
  address: string;
  offerAmount: number | null;
  companyName: string | null;
};

/** What a placeholder reads when the lead does not know it: the letter still reads as a sentence. */
export const PLACEHOLDER_FALLBACKS: Record<Placeholder, string> = {
  ownerFirstName: "there",
  address: "your property",
  offerAmount: "a fair cash price",
  companyName: "our team",
};

/** Words in an owner's name that are not a first name ("Estate of", "The"), and the marks of a company. */
const NOT_A_FIRST_NAME = new Set(["the", "estate", "of", "mr", "mrs", "ms", "dr"]);
const COMPANY_WORDS = /\b(llc|inc|corp|trust|ltd|lp|company|holdings|properties)\b/i;

/** "JOHN A SMITH" → "John"; a company owner or an empty name → null. */
export function ownerFirstName(ownerName: string | null): string | null {
  if (!ownerName || COMPANY_WORDS.test(ownerName)) return null;
  const word = ownerName
    .split(/[\s,&]+/)
    .map((part) => part.replace(/[^A-Za-z'-]/g, ""))
    .find((part) => part.length > 1 && !NOT_A_FIRST_NAME.has(part.toLowerCase()));
  return word ? word[0].toUpperCase() + word.slice(1).toLowerCase() : null;
}

const PLACEHOLDER_PATTERN = /\{(\w+)\}/g;

/** The `{words}` of a template that are not placeholders (each once, in order): a typo would reach the seller as is. */
export function unknownPlaceholders(template: string): string[] {
  const names = [...template.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]);
  return [...new Set(names.filter((name) => !isOneOf(PLACEHOLDERS, name)))];
}

/** The template with every known placeholder replaced; unknown `{words}` stay as written. */
export function renderTemplate(template: string, values: TemplateValues): string {
  const filled: Record<Placeholder, string | null> = {
    ownerFirstName: ownerFirstName(values.ownerName),
    address: values.address.trim() || null,
    offerAmount: values.offerAmount !== null && values.offerAmount > 0 ? formatMoney(values.offerAmount) : null,
    companyName: values.companyName?.trim() || null,
  };
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    isOneOf(PLACEHOLDERS, name) ? (filled[name] ?? PLACEHOLDER_FALLBACKS[name]) : whole,
  );
}
