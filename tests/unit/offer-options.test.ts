// The deal numbers' owner: tiers net of repairs and fee, Fair equal to the max offer, never negative or NaN, whole
// dollars (exact to the cent), for any ARV, repairs, fee and deal rule a user may set.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { dealNumbersOf, headlineNumbersOf, OFFER_TYPES, offerOptions, tiersOf } from "#app/domain/offers/deal-numbers.ts";
import { dealRuleOf, dealRuleProblems, DEFAULT_DEAL_RULE, type DealRule } from "#app/domain/offers/deal-rule.ts";
import { maxOfferRule } from "#app/domain/offers/max-offer.ts";

/** Any rule Profile accepts: whole percents, Aggressive < Fair < Likely. */
const rules: fc.Arbitrary<DealRule> = fc
  .tuple(fc.integer({ min: 10, max: 98 }), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }))
  .filter(([aggressive, up, more]) => aggressive + up + more <= 100)
  .chain(([aggressive, up, more]) =>
    fc.record({
      aggressivePct: fc.constant(aggressive),
      fairPct: fc.constant(aggressive + up),
      likelyPct: fc.constant(aggressive + up + more),
      repairRatePct: fc.integer({ min: 0, max: 50 }),
      assignmentFee: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  );
const cents = (max: number) => fc.integer({ min: 0, max: max * 100 }).map((value) => value / 100);
const arvs = fc.integer({ min: 100, max: 100_000_000 * 100 }).map((value) => value / 100);

describe("the deal numbers' tiers", () => {
  it("rise from Aggressive to Likely, Fair is the max offer, Likely alone may sit above it, all whole dollars ≥ 0", () => {
    fc.assert(
      fc.property(
        arvs,
        fc.option(cents(2_000_000), { nil: undefined }),
        fc.option(cents(1_000_000), { nil: undefined }),
        rules,
        (arv, repairs, fee, rule) => {
          const line = maxOfferRule(arv, repairs, fee, rule);
          const tiers = tiersOf(line, rule);
          expect(tiers.map((tier) => tier.type)).toEqual(OFFER_TYPES);
          for (const tier of tiers) {
            expect(Number.isInteger(tier.offer)).toBe(true);
            expect(tier.offer).toBeGreaterThanOrEqual(0);
            expect(tier.maxOffer).toBe(line.maxOffer);
            expect(tier.aboveMaxOffer).toBe(tier.offer > line.maxOffer);
            // Exact to the cent: the share less repairs and fee, rounded once, floored at $0.
            expect(tier.offer).toBe(Math.max(0, Math.round((arv * tier.percentage) / 100 - line.repairs - line.assignmentFee)));
          }
          const [aggressive, fair, likely] = tiers;
          expect(fair!.offer).toBe(line.maxOffer);
          expect(aggressive!.offer).toBeLessThanOrEqual(fair!.offer);
          expect(fair!.offer).toBeLessThanOrEqual(likely!.offer);
          expect(aggressive!.aboveMaxOffer || fair!.aboveMaxOffer).toBe(false);
          expect(tiers.every((tier) => tier.rationale.length > 0 && tier.rationale.includes(`${tier.percentage}% of the`))).toBe(true);
        },
      ),
    );
  });

  it("agree between the record's numbers, a list row and the tiers (one ARV, one max offer, one offer)", () => {
    fc.assert(
      fc.property(
        arvs,
        fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 5_000_000 }), { nil: null }),
        rules,
        (arv, repairs, offer, rule) => {
          const record = { arv, repairEstimate: repairs, assignmentFee: null, ruleMaxOffer: null, maxOffer: offer };
          const numbers = dealNumbersOf(record, rule);
          expect(headlineNumbersOf(record, rule)).toEqual({ arv: numbers.arv, maxOffer: numbers.maxOffer, offer: numbers.offer });
          expect(numbers.tiers.find((tier) => tier.type === "Fair")!.offer).toBe(numbers.maxOffer);
          expect(numbers.offer).toBe(offer);
          expect(Number.isNaN(numbers.maxOffer)).toBe(false);
        },
      ),
    );
  });

  it("never makes an offer the user did not choose, and reads no numbers without an ARV", () => {
    const numbers = dealNumbersOf({ arv: null, ruleMaxOffer: null, maxOffer: null });
    expect(numbers).toMatchObject({ arv: null, maxOffer: null, offer: null, tiers: [], recommended: null });
    expect(dealNumbersOf({ arv: 0, ruleMaxOffer: null, maxOffer: 0 }).offer).toBeNull();
  });

  it("uses the defaults 60/70/80 %, 10 % repairs and a $10,000 fee", () => {
    expect(offerOptions(312_345).map(({ type, percentage, offer }) => ({ type, percentage, offer }))).toEqual([
      { type: "Aggressive", percentage: 60, offer: 146_407 },
      { type: "Fair", percentage: 70, offer: 177_642 },
      { type: "Likely", percentage: 80, offer: 208_876 },
    ]);
  });
});

describe("the user's deal rule", () => {
  it("reads a stored rule only when every field is whole, bounded and ordered", () => {
    expect(dealRuleOf({})).toBe(DEFAULT_DEAL_RULE);
    const mine = { aggressivePct: 55, fairPct: 65, likelyPct: 75, repairRatePct: 12, assignmentFee: 8_000 };
    expect(dealRuleOf({ dealRule: mine })).toEqual(mine);
    expect(dealRuleOf({ dealRule: { ...mine, fairPct: 55 } })).toBe(DEFAULT_DEAL_RULE);
    expect(dealRuleOf({ dealRule: { ...mine, fairPct: 65.5 } })).toBe(DEFAULT_DEAL_RULE);
    expect(dealRuleOf({ dealRule: { ...mine, assignmentFee: -1 } })).toBe(DEFAULT_DEAL_RULE);
    expect(dealRuleProblems({ ...mine, likelyPct: 60 })).toEqual({ likelyPct: "Likely must be above Fair" });
  });
});
