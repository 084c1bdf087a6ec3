/**
 * The 70% rule: max offer = ARV × 70% − repair estimate − assignment fee, with the repair estimate and
 * the fee's defaults. The user's own ceiling: every offer is checked against it (warnings.ts). Pure and zod-free.
 */

/** What the repair estimate defaults to before the user edits it: 10% of the ARV (docs/decisions/052-offers-as-form-posts.md). */
export const DEFAULT_REPAIR_RATE = 0.1;
/** What the assignment fee defaults to before the user edits it (docs/decisions/052-offers-as-form-posts.md). */
export const DEFAULT_ASSIGNMENT_FEE = 10_000;
export const RULE_PERCENTAGE = 70;

export type MaxOfferRule = { arv: number; percentage: number; repairs: number; assignmentFee: number; maxOffer: number };

/** The default repair estimate for an ARV, rounded to the nearest $500. */
export function defaultRepairs(arv: number): number {
  return Math.round((arv * DEFAULT_REPAIR_RATE) / 500) * 500;
}

/** Max offer = ARV × 70% − rehab costs − assignment fee, in whole dollars and never below 0. */
export function maxOfferRule(arv: number, repairs = defaultRepairs(arv), assignmentFee = DEFAULT_ASSIGNMENT_FEE): MaxOfferRule {
  const maxOffer = Math.max(0, Math.round((arv * RULE_PERCENTAGE) / 100 - repairs - assignmentFee));
  return { arv, percentage: RULE_PERCENTAGE, repairs, assignmentFee, maxOffer };
}
