/**
 * The deal numbers a role without them never receives: one step the server applies to what it answers (a page's
 * loader data, an /api body) before it leaves, so a hidden column cannot leak through the page's data.
 */
import type { WorkspaceRole } from "#db/enums.ts";

import { mayWork } from "./roles.ts";

/**
 * Fields that carry money, by name, wherever they sit in an answer: offers and the max offer, the tiers, ARV and its
 * range, repairs and fee, a valuation's model value, a deal's profit, contract and buyer price and spread, a buyer's
 * offer amount, comparable sales' prices, the deal rule, and what paid actions cost. A number (or an object) becomes
 * null, a list becomes empty, so the answer keeps its shape.
 */
const MONEY_FIELDS = new Set([
  "adjustedPrice",
  "amount",
  "analysisArv",
  "analysisMaxOfferPrice",
  "arv",
  "arvHigh",
  "arvLow",
  "assignmentFee",
  "assignmentFeeAsked",
  "buyerPrice",
  "comps",
  "compsRefresh",
  "contractPrice",
  "costMicrocents",
  "dealRule",
  "maxOffer",
  "modelShare",
  "modelValue",
  "offer",
  "offerAmount",
  "pinnedComps",
  "price",
  "pricePerSqft",
  "profit",
  "profitMarginPct",
  "rangeHigh",
  "rangeLow",
  "repairEstimate",
  "repairs",
  "ruleMaxOffer",
  "soldPrice",
  "spread",
  "tiers",
  "unitCostCents",
  "valuations",
]);

/** A dollar amount written into a text (a letter's or a script's rendered offer, a buyer's offer in words). */
const AMOUNT_IN_TEXT = /\$\s?\d[\d,]*(\.\d+)?(\s?[kKmM]\b)?/g;
export const HIDDEN_AMOUNT = "(amount hidden)";

/** Whether `role` sees deal numbers: the roles that may work with them (the role policy's `numbers` area). */
export function seesMoney(role: WorkspaceRole): boolean {
  return mayWork(role, "numbers");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function withoutMoney(value: unknown): unknown {
  if (typeof value === "string") return value.replace(AMOUNT_IN_TEXT, HIDDEN_AMOUNT);
  if (Array.isArray(value)) return value.map(withoutMoney);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!MONEY_FIELDS.has(key) || field === null || field === undefined || typeof field === "string" || typeof field === "boolean")
      out[key] = withoutMoney(field);
    else out[key] = Array.isArray(field) ? [] : null;
  }
  return out;
}

/**
 * What `role` may receive of an answer: everything for a role that sees deal numbers; for one that does not, the same
 * answer with every money field emptied and every dollar amount in its texts replaced. The type stays the answer's:
 * the fields it empties are the nullable numbers and lists every screen already shows as "N/A" or empty.
 */
export function redactFor<T>(role: WorkspaceRole, answer: T): T {
  return seesMoney(role) ? answer : (withoutMoney(answer) as T);
}
