// Offers checked against the user's own rules: the max offer on each tier, the recommended tier, the warnings.
import { describe, expect, it } from "vitest";

import { chosenOfferAmount, maxOfferRule, preselectedOffer } from "#app/domain/offers/offer-rules.ts";
import { offerOptions, recommendedOffer } from "#app/domain/offers/options.ts";
import { aboveMaxOfferText, arvConfidenceOf, offerWarnings, propertyOfferWarnings } from "#app/domain/offers/warnings.ts";
import { confidenceWordsOf } from "#app/domain/valuation/interval.ts";

describe("offer tiers against the max offer", () => {
  it("nets every tier of the repairs and fee: Fair is the max offer, Likely above it and marked", () => {
    // ARV $460,500 with $46,000 repairs and a $10,000 fee: the max offer is $322,350 − $56,000 = $266,350.
    const options = offerOptions(460_500, { repairs: 46_000, assignmentFee: 10_000 });
    expect(options.map(({ type, offer, maxOffer, aboveMaxOffer }) => ({ type, offer, maxOffer, aboveMaxOffer }))).toEqual([
      { type: "Aggressive", offer: 220_300, maxOffer: 266_350, aboveMaxOffer: false },
      { type: "Fair", offer: 266_350, maxOffer: 266_350, aboveMaxOffer: false },
      { type: "Likely", offer: 312_400, maxOffer: 266_350, aboveMaxOffer: true },
    ]);
    expect(recommendedOffer(options)).toBe("Fair");
    expect(aboveMaxOfferText(312_400, 266_350)).toBe("$46,050 above your max offer");
    expect(options[0]!.rationale).toBe(
      "60% of the $460,500 ARV − $46,000 repairs − $10,000 fee = $220,300: the most room for holding costs and surprises; expect more counter-offers.",
    );
  });

  it("defaults to the rule's own repairs and fee, and recommends the highest tier at or below the max offer", () => {
    const options = offerOptions(300_000);
    expect(options[1]!.offer).toBe(maxOfferRule(300_000).maxOffer);
    expect(options.map((option) => option.offer)).toEqual([140_000, 170_000, 200_000]);
    expect(options.map((option) => option.aboveMaxOffer)).toEqual([false, false, true]);
    expect(recommendedOffer(options)).toBe("Fair");
  });

  it("refuses a tier that rounds to $0 (confirm-offer {Aggressive, arv: 0.5})", () => {
    const outcome = chosenOfferAmount({ offerType: "Aggressive", arv: 0.5, options: offerOptions(0.5) });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? null : outcome.message.title).toBe("Invalid Offer Amount");
    const free = offerOptions(2, { repairs: 0, assignmentFee: 0 });
    expect(chosenOfferAmount({ offerType: "Likely", arv: 2, options: free })).toMatchObject({ ok: true, amount: 2 });
  });
});

describe("offer warnings", () => {
  const calm = { amount: 150_000, maxOffer: 170_000, arv: 300_000, confidence: 0.8, asIs: 280_000 };

  it("says nothing for an offer within the max offer on a confident ARV near the as-is value", () => {
    expect(offerWarnings(calm)).toEqual([]);
    expect(offerWarnings({ ...calm, amount: 170_000, confidence: null, asIs: null, maxOffer: 170_000 })).toEqual([]);
  });

  it("warns above the max offer, in dollars", () => {
    expect(offerWarnings({ ...calm, amount: 226_000 })).toEqual([
      {
        code: "above_max_offer",
        message: "The offer of $226,000 is $56,000 above your max offer of $170,000 (ARV × 70% − repairs − assignment fee).",
      },
    ]);
  });

  it("warns on a confidence that reads as Low (the calibrated words), and not on Medium, High or unknown", () => {
    expect(confidenceWordsOf(0.06)?.label).toBe("Low");
    expect(offerWarnings({ ...calm, confidence: 0.06 }).map((warning) => warning.code)).toEqual(["low_confidence"]);
    expect(offerWarnings({ ...calm, confidence: 0.06 })[0].message).toContain(
      `confidence is Low (typically within ${confidenceWordsOf(0.06)!.typicalErrorPct} %)`,
    );
    for (const confidence of [0.9, 0.7, null]) {
      expect(confidence === null || confidenceWordsOf(confidence)?.label !== "Low").toBe(true);
      expect(offerWarnings({ ...calm, confidence })).toEqual([]);
    }
  });

  it("warns when the ARV is more than 25 % above the as-is estimate", () => {
    const far = offerWarnings({ ...calm, arv: 460_500, asIs: 261_900, maxOffer: 400_000 });
    expect(far).toEqual([{ code: "arv_above_as_is", message: expect.stringContaining("76% above the as-is estimate of $261,900") }]);
    expect(offerWarnings({ ...calm, arv: 325_000, asIs: 260_000 })).toEqual([]); // exactly 25 %
  });

  it("reads a property's confidence score as the ARV confidence, and checks against its ARV and price", () => {
    expect(arvConfidenceOf({ confidenceScore: 6 })).toBe(0.06);
    expect(arvConfidenceOf({ confidenceScore: null })).toBeNull();
    const property = { arv: 460_500, confidenceScore: 6, price: 261_900 };
    expect(propertyOfferWarnings(property, 322_350).map((warning) => warning.code)).toEqual([
      "above_max_offer",
      "low_confidence",
      "arv_above_as_is",
    ]);
    expect(propertyOfferWarnings({ arv: null, confidenceScore: null, price: null }, 100_000)).toEqual([]);
  });

  it("checks against the user's stored repairs and fee, a rule's own figures first", () => {
    // $300,000 × 70 % = $210,000; the defaults ($30,000 + $10,000) leave $170,000, stored $5,000 + $5,000 leave $200,000.
    const property = { arv: 300_000, confidenceScore: 90, price: 300_000, repairEstimate: 5_000, assignmentFee: 5_000 };
    expect(propertyOfferWarnings(property, 190_000)).toEqual([]);
    expect(propertyOfferWarnings({ ...property, repairEstimate: null, assignmentFee: null }, 190_000).map((w) => w.code)).toEqual([
      "above_max_offer",
    ]);
    expect(propertyOfferWarnings(property, 190_000, { repairs: 30_000 }).map((w) => w.code)).toEqual(["above_max_offer"]);
  });
});

describe("the workbench's preselected offer", () => {
  it("is the recommended tier (Fair, the max offer, by default), else nothing when every tier is $0", () => {
    expect(preselectedOffer(recommendedOffer(offerOptions(300_000)), 170_000)).toEqual({ initial: "Fair" });
    // A tiny ARV leaves every tier at $0 once the repairs and fee are taken off: nothing to preselect.
    expect(recommendedOffer(offerOptions(5_000))).toBeNull();
    expect(preselectedOffer(null, 0)).toEqual({ initial: null });
  });
});
