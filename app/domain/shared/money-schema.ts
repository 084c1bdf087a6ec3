/**
 * The one strict money schema (docs/decisions/077-strict-money-and-offer-warnings.md): every boundary that
 * takes a deal number — calculate-arv, calculate-offer, confirm-offer, mail-offer, send-offer, PATCH
 * /api/properties/{id}, the workbench's and the CRM's offer forms — reads it through these, so "12,34,56", "1e6",
 * "NaN", "-5" and "" are a 400 naming the field, and an amount is $1 … $100,000,000 after rounding.
 */
import { z } from "zod";

import { formatMoney as formatDollars } from "./format.ts";
import { MONEY_MAX, MONEY_MIN, parseStrictMoney } from "./money.ts";

type MoneyOptions = {
  /** The least allowed after rounding to whole dollars (default $1; 0 for repairs and fees). */
  min?: number;
  max?: number;
  /** A figure under this (above `min`) is not a real one: "<label> must be at least $1,000" (an ARV). */
  least?: number;
  /** The message for a missing or too small amount (e.g. the spec's 'ARV Required: …'); default "<label> must be at least $1". */
  tooSmall?: string;
};

function checked(label: string, { min = MONEY_MIN, max = MONEY_MAX, least = min, tooSmall }: MoneyOptions) {
  const smallMessage = tooSmall ?? (min === 0 ? `${label} cannot be negative` : `${label} must be at least ${formatDollars(min)}`);
  return (value: unknown, ctx: z.RefinementCtx): number => {
    const amount = parseStrictMoney(value);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: `${label} must be a number` });
      return z.NEVER;
    }
    // Money is kept in cents: the value checked is the value stored, so -0.4 is not a $0 fee.
    const cents = Math.round(amount * 100) / 100;
    if ((cents < 0 && min >= 0) || Math.round(cents) < min) {
      ctx.addIssue({ code: "custom", message: smallMessage });
      return z.NEVER;
    }
    if (Math.round(cents) < least) {
      ctx.addIssue({ code: "custom", message: `${label} must be at least ${formatDollars(least)}` });
      return z.NEVER;
    }
    if (cents > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be at most ${formatDollars(max)}` });
      return z.NEVER;
    }
    return cents;
  };
}

/** A required amount: missing (undefined, null) → "<label> is required" (or `tooSmall`), else strictly parsed and in range. */
export function moneySchema(label: string, options: MoneyOptions = {}) {
  const missing = options.tooSmall ?? `${label} is required`;
  return z.unknown().transform((value, ctx) => {
    if (value === undefined || value === null) {
      ctx.addIssue({ code: "custom", message: missing });
      return z.NEVER;
    }
    return checked(label, options)(value, ctx);
  });
}

/** An optional amount: undefined or null → undefined; anything given (an empty string too) strictly parsed and in range. */
export function optionalMoneySchema(label: string, options: MoneyOptions = {}) {
  return z
    .unknown()
    .transform((value, ctx) => (value === undefined || value === null ? undefined : checked(label, options)(value, ctx)))
    .optional();
}

/** A stored amount that may be cleared: null and "" → null, undefined → undefined (unchanged), else strict and in range. */
export function nullableMoneySchema(label: string, options: MoneyOptions = {}) {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || (typeof value === "string" && value.trim() === "")) return null;
      return checked(label, options)(value, ctx);
    })
    .optional();
}
