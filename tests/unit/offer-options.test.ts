import { describe, expect, it } from "vitest";

import { OFFER_TYPES, offerOptions } from "#app/domain/offers/options.ts";

describe("offerOptions", () => {
  it("lists Aggressive 60 %, Fair 70 % and Likely 80 % of the ARV in whole dollars", () => {
    const options = offerOptions(312_345);
    expect(options.map(({ type, percentage, offer }) => ({ type, percentage, offer }))).toEqual([
      { type: "Aggressive", percentage: 60, offer: 187_407 },
      { type: "Fair", percentage: 70, offer: 218_642 },
      { type: "Likely", percentage: 80, offer: 249_876 },
    ]);
    expect(options.every((option) => option.rationale.startsWith(`${option.percentage}% of ARV`))).toBe(true);
  });

  it("names the tiers in the order the screens show them", () => {
    expect(OFFER_TYPES).toEqual(["Aggressive", "Fair", "Likely"]);
  });
});
