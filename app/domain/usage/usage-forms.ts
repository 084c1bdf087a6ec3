import { z } from "zod";

import { parseMoneyText } from "#app/domain/shared/money.ts";

import { MAX_MONTHLY_SPEND_CAP_CENTS } from "./kinds.ts";

const MAX_CAP_DOLLARS = MAX_MONTHLY_SPEND_CAP_CENTS / 100;

/** The Usage tab's form: the user's monthly spending cap in dollars (whole dollars, $1 to $100,000). */
export const SpendCapSchema = z.object({
  monthlyCap: z.preprocess(
    parseMoneyText,
    z
      .number({ error: "Enter the monthly cap in dollars" })
      .int("Enter whole dollars")
      .min(1, "The cap must be at least $1")
      .max(MAX_CAP_DOLLARS, `The cap can be at most $${MAX_CAP_DOLLARS.toLocaleString("en-US")}`),
  ),
});

/**
 * The owner's form for one member's monthly spending cap in dollars (cents allowed): blank removes the member's cap,
 * the workspace's cap still holds.
 */
export const MemberCapSchema = z.object({
  userId: z.string().min(1).max(64),
  monthlyCap: z.preprocess(
    parseMoneyText,
    z
      .number({ error: "Enter the cap in dollars, or leave it blank for no member cap" })
      .min(0, "The cap cannot be negative")
      .max(MAX_CAP_DOLLARS, `The cap can be at most $${MAX_CAP_DOLLARS.toLocaleString("en-US")}`)
      .refine((dollars) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6, "Enter dollars and cents, at most two decimals")
      .transform((dollars) => Math.round(dollars * 100))
      .optional(),
  ),
});
