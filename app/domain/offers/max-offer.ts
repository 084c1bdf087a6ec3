/**
 * The max-offer rule: max offer = ARV × the rule's percent − repair estimate − assignment fee, with the
 * user's deal rule (deal-rule.ts: 70 %, repairs 10 % of the ARV, fee $10,000 unless they set others). The user's own
 * ceiling: every offer is checked against it (warnings.ts). Pure and zod-free.
 */
import { DEFAULT_DEAL_RULE, type DealRule } from "./deal-rule.ts";

/** What the repair estimate defaults to before the user edits it: 10% of the ARV (docs/decisions/052-offers-as-form-posts.md). */
export const DEFAULT_REPAIR_RATE = DEFAULT_DEAL_RULE.repairRatePct / 100;
/** What the assignment fee defaults to before the user edits it (docs/decisions/052-offers-as-form-posts.md). */
export const DEFAULT_ASSIGNMENT_FEE = DEFAULT_DEAL_RULE.assignmentFee;
export const RULE_PERCENTAGE = DEFAULT_DEAL_RULE.fairPct;
/** The default repair estimate is a multiple of this many dollars. */
export const REPAIRS_STEP = 500;

export type MaxOfferRule = { arv: number; percentage: number; repairs: number; assignmentFee: number; maxOffer: number };

/** The default repair estimate for an ARV, rounded to the nearest $500. */
export function defaultRepairs(arv: number, rule: DealRule = DEFAULT_DEAL_RULE): number {
  return Math.round((arv * (rule.repairRatePct / 100)) / REPAIRS_STEP) * REPAIRS_STEP;
}

/**
 * A share of the ARV net of repairs and fee, in whole dollars and never below 0 (NaN-free for finite inputs). Every
 * tier and the max offer are this, so the Fair tier and the max offer are the same number by construction. The order
 * of operations is the SQL recompute's (property-valuations.server.ts), so both round alike.
 */
export function netShare(arv: number, percentage: number, repairs: number, assignmentFee: number): number {
  const net = Math.round((arv * percentage) / 100 - repairs - assignmentFee);
  return Number.isFinite(net) ? Math.max(0, net) : 0;
}

/** Max offer = ARV × the rule's percent − rehab costs − assignment fee (the user's, else the rule's defaults). */
export function maxOfferRule(
  arv: number,
  repairs?: number | null,
  assignmentFee?: number | null,
  rule: DealRule = DEFAULT_DEAL_RULE,
): MaxOfferRule {
  const costs = { repairs: repairs ?? defaultRepairs(arv, rule), assignmentFee: assignmentFee ?? rule.assignmentFee };
  return { arv, percentage: rule.fairPct, ...costs, maxOffer: netShare(arv, rule.fairPct, costs.repairs, costs.assignmentFee) };
}
