/**
 * The extracted-data and buyer-save rules of the spec, pure: what of a vendor's lead or buyer record may reach a
 * card. Numbers outside their bounds become "not known" (null, shown as N/A); placeholder phone or email texts are
 * dropped; a buyer's owner type comes from the name.
 */

import type { PhoneLine } from "./phone.ts";

/** The placeholder texts vendors put where a phone or email would be, compared lower-cased. */
export const PLACEHOLDER_CONTACT_TEXTS = [
  "contact for details",
  "n/a",
  "not available",
  "none on record",
  "available via skip trace",
] as const;

/** True for a phone or email text that is a placeholder, blank, or says nothing but one. */
export function isPlaceholderContact(text: string | null | undefined): boolean {
  const normalised = (text ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  if (normalised === "" || normalised === "-" || normalised === "none" || normalised === "null") return true;
  return PLACEHOLDER_CONTACT_TEXTS.some((placeholder) => normalised.includes(placeholder));
}

/** The real phones of a list, once each (by digits), a number flagged DNC if any entry says so. */
export function cleanPhones(phones: readonly { number?: string | null; type?: string | null; dnc?: boolean | null }[]): PhoneLine[] {
  const byDigits = new Map<string, PhoneLine>();
  for (const phone of phones) {
    const number = (phone.number ?? "").trim();
    const digits = number.replace(/\D/g, "");
    if (isPlaceholderContact(number) || digits.length < 7) continue;
    const known = byDigits.get(digits);
    if (known) known.dnc ||= phone.dnc === true;
    else byDigits.set(digits, { number, type: phone.type?.trim() || "unknown", dnc: phone.dnc === true });
  }
  return [...byDigits.values()];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The real email addresses of a list, once each (case-insensitively), placeholders and non-addresses dropped. */
export function cleanEmails(emails: readonly (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const email of emails) {
    const text = (email ?? "").trim();
    if (isPlaceholderContact(text) || !EMAIL.test(text)) continue;
    if (!seen.has(text.toLowerCase())) seen.set(text.toLowerCase(), text);
  }
  return [...seen.values()];
}

/** Bedrooms, bathrooms and square feet must be greater than 0. */
export function positiveOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/** Year built over 1800 and at most the current year plus 5. */
export function yearBuiltOrNull(value: number | null | undefined, currentYear: number): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 1800 && value <= currentYear + 5 ? value : null;
}

/** Equity percentage and confidence from 0 to 100. */
export function percentOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 100 ? value : null;
}

/** A money amount or other count that cannot be negative. */
export function nonNegativeOrNull(value: number | null | undefined): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

export type OwnerType = "Corporate" | "Individual";

/**
 * Corporate when the name contains LLC, Inc or Corp, else Individual. Matched as words (so "Vince Cole" and
 * "Incline Homes" stay Individual), with their usual spellings: "L.L.C.", "Inc.", "Incorporated", "Corp.",
 * "Corporation".
 */
export function ownerTypeOf(name: string): OwnerType {
  return /\b(llc|inc|incorporated|corp|corporation)\b|\bl\.l\.c\b/i.test(name) ? "Corporate" : "Individual";
}
