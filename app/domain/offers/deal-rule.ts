/**
 * The user's deal rule: the tier percentages (Fair's is the max-offer rule's), the default repair rate and the default
 * assignment fee. Kept in the user's preferences under `dealRule`; anything missing or out of bounds there reads as the
 * default, so a stored rule can never produce a tier order the screens would contradict. Pure and zod-free.
 */

export type DealRule = {
  /** Percent of the ARV the Aggressive tier starts from (before repairs and fee). */
  aggressivePct: number;
  /** Percent of the ARV of the max-offer rule; the Fair tier is the max offer. */
  fairPct: number;
  /** Percent of the ARV the Likely tier starts from; above the max offer by construction. */
  likelyPct: number;
  /** The repair estimate before the user types one, in percent of the ARV (rounded to $500). */
  repairRatePct: number;
  /** The assignment fee before the user types one, whole dollars. */
  assignmentFee: number;
};

export const DEFAULT_DEAL_RULE: DealRule = Object.freeze({
  aggressivePct: 60,
  fairPct: 70,
  likelyPct: 80,
  repairRatePct: 10,
  assignmentFee: 10_000,
});

/** Whole percents a tier may use; the three must rise strictly from Aggressive to Likely. */
export const TIER_PCT_MIN = 10;
export const TIER_PCT_MAX = 100;
export const REPAIR_RATE_MAX = 50;
export const ASSIGNMENT_FEE_MAX = 1_000_000;

export const DEAL_RULE_FIELDS = ["aggressivePct", "fairPct", "likelyPct", "repairRatePct", "assignmentFee"] as const;

function wholeIn(value: unknown, min: number, max: number): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** Why a rule is not one the screens can use, per field; empty when it is. */
export function dealRuleProblems(rule: Record<(typeof DEAL_RULE_FIELDS)[number], unknown>): Partial<Record<keyof DealRule, string>> {
  const problems: Partial<Record<keyof DealRule, string>> = {};
  const tier = (field: "aggressivePct" | "fairPct" | "likelyPct", label: string) => {
    if (wholeIn(rule[field], TIER_PCT_MIN, TIER_PCT_MAX) === null)
      problems[field] = `${label} must be a whole percent from ${TIER_PCT_MIN} to ${TIER_PCT_MAX}`;
  };
  tier("aggressivePct", "Aggressive");
  tier("fairPct", "Fair (the max-offer rule)");
  tier("likelyPct", "Likely");
  if (!problems.aggressivePct && !problems.fairPct && (rule.aggressivePct as number) >= (rule.fairPct as number))
    problems.aggressivePct = "Aggressive must be below Fair";
  if (!problems.likelyPct && !problems.fairPct && (rule.likelyPct as number) <= (rule.fairPct as number))
    problems.likelyPct = "Likely must be above Fair";
  if (wholeIn(rule.repairRatePct, 0, REPAIR_RATE_MAX) === null)
    problems.repairRatePct = `Default repairs must be a whole percent from 0 to ${REPAIR_RATE_MAX}`;
  if (wholeIn(rule.assignmentFee, 0, ASSIGNMENT_FEE_MAX) === null)
    problems.assignmentFee = `Default assignment fee must be whole dollars from $0 to $1,000,000`;
  return problems;
}

/** The rule stored in a user's preferences, else the defaults (a partial or invalid stored rule is not used at all). */
export function dealRuleOf(preferences: Record<string, unknown> | null | undefined): DealRule {
  const stored = preferences?.dealRule;
  if (!stored || typeof stored !== "object") return DEFAULT_DEAL_RULE;
  const candidate = Object.fromEntries(DEAL_RULE_FIELDS.map((field) => [field, (stored as Record<string, unknown>)[field]])) as DealRule;
  return Object.keys(dealRuleProblems(candidate)).length === 0 ? candidate : DEFAULT_DEAL_RULE;
}

/** "Max Offer (70% Rule)": the label the max offer carries everywhere, with the user's percent. */
export function maxOfferLabel(rule: DealRule = DEFAULT_DEAL_RULE): string {
  return `Max Offer (${rule.fairPct}% Rule)`;
}

/** "Max offer = ARV × 70% − rehab costs − assignment fee." with the user's percent. */
export function maxOfferRuleText(rule: DealRule = DEFAULT_DEAL_RULE): string {
  return `Max offer = ARV × ${rule.fairPct}% − rehab costs − assignment fee.`;
}
