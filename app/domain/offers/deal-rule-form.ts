/**
 * The Profile form of the user's deal rule (deal-rule.ts): whole percents and a whole-dollar fee, strictly read (no
 * "70.5", "7e1", "-5" or "1,0"), bounded, with Aggressive < Fair < Likely. Shared by the server and the browser.
 */
import { z } from "zod";

import { parseStrictMoney } from "#app/domain/shared/money.ts";

import { ASSIGNMENT_FEE_MAX, dealRuleProblems, REPAIR_RATE_MAX, TIER_PCT_MAX, TIER_PCT_MIN, type DealRule } from "./deal-rule.ts";

function wholePercent(label: string, min: number, max: number) {
  return z.unknown().transform((value, ctx) => {
    const text = typeof value === "string" ? value.trim().replace(/\s*%$/, "") : typeof value === "number" ? String(value) : "";
    if (!/^\d{1,3}$/.test(text) || Number(text) < min || Number(text) > max) {
      ctx.addIssue({ code: "custom", message: `${label} must be a whole percent from ${min} to ${max}` });
      return z.NEVER;
    }
    return Number(text);
  });
}

const fee = z.unknown().transform((value, ctx) => {
  const amount = parseStrictMoney(value);
  if (amount === null || !Number.isInteger(amount) || amount < 0 || amount > ASSIGNMENT_FEE_MAX) {
    ctx.addIssue({ code: "custom", message: "Default assignment fee must be whole dollars from $0 to $1,000,000" });
    return z.NEVER;
  }
  return amount;
});

export const DealRuleSchema = z
  .object({
    aggressivePct: wholePercent("Aggressive", TIER_PCT_MIN, TIER_PCT_MAX),
    fairPct: wholePercent("Fair (the max-offer rule)", TIER_PCT_MIN, TIER_PCT_MAX),
    likelyPct: wholePercent("Likely", TIER_PCT_MIN, TIER_PCT_MAX),
    repairRatePct: wholePercent("Default repairs", 0, REPAIR_RATE_MAX),
    assignmentFee: fee,
  })
  .superRefine((rule, ctx) => {
    for (const [field, message] of Object.entries(dealRuleProblems(rule))) ctx.addIssue({ code: "custom", path: [field], message });
  }) satisfies z.ZodType<DealRule>;
