// the views' one reading of a property's numbers (app/domain/offers/deal-numbers.ts).
import { describe, expect, it } from "vitest";

import { dealNumbersOf, ruleMaxOfferOf } from "#app/domain/offers/deal-numbers.ts";

describe("a property's deal numbers", () => {
  it("reads the stored max offer and the chosen offer apart, with the repairs and fee the max offer used", () => {
    const numbers = dealNumbersOf({
      arv: 300_000,
      arvLow: 270_000,
      arvHigh: 335_000,
      valuedAt: "2026-11-20T10:00:00.000Z",
      valuationSource: "engine",
      repairEstimate: 20_000,
      assignmentFee: null,
      ruleMaxOffer: 180_000,
      maxOffer: 210_000,
    });
    expect(numbers).toMatchObject({
      arv: 300_000,
      rangeLow: 270_000,
      asOf: "2026-11-20",
      source: "engine",
      repairs: 20_000,
      assignmentFee: 10_000,
      maxOffer: 180_000,
      offer: 210_000,
    });
  });

  it("falls back to the rule's figure for a row stored before the record was kept, and shows no $0 offer", () => {
    expect(dealNumbersOf({ arv: 300_000, ruleMaxOffer: null, maxOffer: 0 })).toMatchObject({ maxOffer: 170_000, offer: null });
    expect(dealNumbersOf({ arv: null, ruleMaxOffer: null, maxOffer: null })).toMatchObject({ arv: null, maxOffer: null, repairs: null });
    expect(ruleMaxOfferOf(300_000, 5_000, 5_000)).toBe(200_000);
    expect(ruleMaxOfferOf(40_000, 30_000, 10_000)).toBe(0);
  });
});
