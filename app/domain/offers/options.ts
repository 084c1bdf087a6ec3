/**
 * The offer tiers (spec 02 §3 "Offer option" and "Offer strategies", §9): Aggressive 60 %, Fair 70 %, Likely 80 % of
 * the ARV. One source for every answer that lists them — POST /api/properties/calculate-arv (`offers`),
 * POST /api/properties/calculate-offer, and the screens' Demo Mode fallback. Pure and zod-free.
 */

export type OfferType = "Aggressive" | "Fair" | "Likely";

export interface OfferOption {
  type: OfferType;
  /** Percent of the ARV, e.g. 70. */
  percentage: number;
  /** Whole dollars. */
  offer: number;
  rationale: string;
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

/** The three offers for an ARV, rounded to whole dollars. */
export function offerOptions(arv: number): OfferOption[] {
  return OFFER_STRATEGIES.map(({ type, percentage, rationale }) => ({
    type,
    percentage,
    offer: Math.round((arv * percentage) / 100),
    rationale,
  }));
}
