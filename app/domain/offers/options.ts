/**
 * The offer tiers (the spec's "Offer option" and "Offer strategies"): each a share of the ARV net of the repairs and
 * the assignment fee — Aggressive 60 %, Fair 70 % (the max offer itself), Likely 80 % by default, the user's own
 * percentages when set (deal-rule.ts). Likely is above the max offer by construction: it is marked and warned. One
 * source for every answer that lists them (calculate-arv's `offers`, calculate-offer, the screens). Pure and zod-free.
 */
import { formatMoney } from "#app/domain/shared/format.ts";

import { DEFAULT_DEAL_RULE, type DealRule } from "./deal-rule.ts";
import { maxOfferRule, netShare, type MaxOfferRule } from "./max-offer.ts";

export type OfferType = "Aggressive" | "Fair" | "Likely";

export interface OfferOption {
  type: OfferType;
  /** Percent of the ARV the tier starts from, e.g. 70, before repairs and fee. */
  percentage: number;
  /** Whole dollars: ARV × percentage − repairs − fee, never below 0. */
  offer: number;
  rationale: string;
  /** The max offer the option is checked against (the rule's: ARV × rule % − repairs − assignment fee). */
  maxOffer: number;
  /** Whether the option is more than the max offer. */
  aboveMaxOffer: boolean;
}

export const OFFER_TYPES: readonly OfferType[] = ["Aggressive", "Fair", "Likely"];

/** What each tier means, after its arithmetic. */
const MEANING: Record<OfferType, string> = {
  Aggressive: "the most room for holding costs and surprises; expect more counter-offers.",
  Fair: "your max offer, the wholesaler's standard rule: the most a cash buyer will still take the deal at.",
  Likely: "the most likely to be accepted, but above your max offer: your margin is thinner than your rule allows.",
};

function percentOf(type: OfferType, rule: DealRule): number {
  return type === "Aggressive" ? rule.aggressivePct : type === "Fair" ? rule.fairPct : rule.likelyPct;
}

/** "60% of the $371,000 ARV − $37,000 repairs − $10,000 fee = $175,600: …". */
function rationaleOf(type: OfferType, percentage: number, offer: number, rule: MaxOfferRule): string {
  const sum = `${percentage}% of the ${formatMoney(rule.arv)} ARV − ${formatMoney(rule.repairs)} repairs − ${formatMoney(rule.assignmentFee)} fee = ${formatMoney(offer)}`;
  return `${sum}: ${MEANING[type]}`;
}

/** The three tiers of a max-offer rule (its ARV, repairs and fee), each against its max offer. */
export function tiersOf(rule: MaxOfferRule, dealRule: DealRule = DEFAULT_DEAL_RULE): OfferOption[] {
  return OFFER_TYPES.map((type) => {
    const percentage = percentOf(type, dealRule);
    const offer = type === "Fair" ? rule.maxOffer : netShare(rule.arv, percentage, rule.repairs, rule.assignmentFee);
    return {
      type,
      percentage,
      offer,
      rationale: rationaleOf(type, percentage, offer, rule),
      maxOffer: rule.maxOffer,
      aboveMaxOffer: offer > rule.maxOffer,
    };
  });
}

/** The tiers of an ARV with the user's repairs and fee (absent: the rule's defaults). */
export function offerOptions(
  arv: number,
  costs: { repairs?: number | null; assignmentFee?: number | null } = {},
  dealRule: DealRule = DEFAULT_DEAL_RULE,
): OfferOption[] {
  return tiersOf(maxOfferRule(arv, costs.repairs, costs.assignmentFee, dealRule), dealRule);
}

/** The offer preselected: the highest tier at or below the max offer and above $0; null when none is. */
export function recommendedOffer(options: readonly OfferOption[]): OfferType | null {
  const within = options.filter((option) => !option.aboveMaxOffer && option.offer >= 1);
  return within.length > 0 ? within.reduce((best, option) => (option.offer > best.offer ? option : best)).type : null;
}
