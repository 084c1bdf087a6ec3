/**
 * Money as people type it. Every money field accepts a number or money text; this is the one place that reads such
 * text, strictly: `parseStrictMoney` for the deal numbers' zod schemas (money-schema.ts,
 * docs/decisions/077-strict-money-and-offer-warnings.md), and `parseMoneyText`, the same reading as a zod preprocess
 * for the other amounts a user types (deal values, buyer leads, the monthly spend cap). Zod-free: the screens import it.
 */

/** Strict money text → number; a blank string → undefined ("not given"); anything else is returned for zod to refuse. */
export function parseMoneyText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  if (value.trim() === "") return undefined;
  return parseStrictMoney(value) ?? value;
}

/** The largest amount a letter, a mail record or a stored deal number may hold. */
export const MONEY_MAX = 100_000_000;
/** The smallest amount a letter, a mail record or a stored deal number may hold, after rounding to whole dollars. */
export const MONEY_MIN = 1;

/** The least ARV a property, an analysis or an offer may hold: below it every tier is a few dollars, not an offer. */
export const ARV_MIN = 1_000;

/** "250000", "250000.5", "$1,234,567.89" (commas only in groups of three), with an optional minus to be refused by range. */
const MONEY_TEXT = /^(-?)\$?(\d+|\d{1,3}(?:,\d{3})+)(\.\d+)?$/;

/**
 * Strict money: a finite number, or text that is a plain decimal ("250000.50") or one grouped in thousands
 * ("1,234,567.89"), with an optional "$". Anything else — "12,34,56", "1e6", "NaN", "Infinity", "", "0x10" — is null.
 */
export function parseStrictMoney(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const match = MONEY_TEXT.exec(value.trim());
  if (!match) return null;
  const number = Number(`${match[1]}${match[2].replace(/,/g, "")}${match[3] ?? ""}`);
  return Number.isFinite(number) ? number : null;
}
