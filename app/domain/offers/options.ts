/**
 * The offer tiers (the spec's "Offer option" and "Offer strategies"): Aggressive 60 %, Fair 70 %, Likely 80 % of
 * the ARV. One source for every answer that lists them — POST /api/properties/calculate-arv (`offers`),
 * POST /api/properties/calculate-offer, and the screens' Demo Mode fallback. Each option is checked against the
 * user's own max offer (the 70% rule, max-offer.ts): `aboveMaxOffer`. Pure and zod-free.
 */
import { maxOfferRule } from "./max-offer.ts";

export type OfferType = "Aggressive" | "Fair" | "Likely";

export interface OfferOption {
  type: OfferType;
  /** Percent of the ARV, e.g. 70. */
  percentage: number;
  /** Whole dollars. */
  offer: number;
  rationale: string;
  /** The 70% rule's max offer the option is checked against (ARV × 70% − repairs − assignment fee). */
  maxOffer: number;
  /** Whether the option is more than the max offer. */
  aboveMaxOffer: boolean;
}

export const OFFER_STRATEGIES: readonly { type: OfferType; percentage: number; rationale: string }[] = [
  {
    type: "Aggressive",
    percentage: 60,
    rationale: "60% of ARV: the most room for repairs, holding costs and your assignment fee; expect more counter-offers.",
  },
  {
    type: "Fair",
    percentage: 70,
    rationale: "70% of ARV: the wholesaler's standard rule, the price most cash buyers will still take the deal at.",
  },
  {
    type: "Likely",
    percentage: 80,
    rationale: "80% of ARV: the most likely to be accepted, with the thinnest margin for repairs and your fee.",
  },
];

export const OFFER_TYPES: readonly OfferType[] = OFFER_STRATEGIES.map((strategy) => strategy.type);

/**
 * The three offers for an ARV, rounded to whole dollars, each against the max offer (by default the 70% rule's with
 * the default repairs and fee; calculate-offer passes the user's own).
 */
export function offerOptions(arv: number, maxOffer: number = maxOfferRule(arv).maxOffer): OfferOption[] {
  return OFFER_STRATEGIES.map(({ type, percentage, rationale }) => {
    const offer = Math.round((arv * percentage) / 100);
    return { type, percentage, offer, rationale, maxOffer, aboveMaxOffer: offer > maxOffer };
  });
}

/** The offer preselected: the highest tier at or below the max offer; null when every tier is above it. */
export function recommendedOffer(options: readonly OfferOption[]): OfferType | null {
  const within = options.filter((option) => !option.aboveMaxOffer);
  return within.length > 0 ? within.reduce((best, option) => (option.offer > best.offer ? option : best)).type : null;
}
