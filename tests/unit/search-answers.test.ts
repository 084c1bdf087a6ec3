import { describe, expect, it } from "vitest";

import { backToWizardHref, searchAnswers, searchOffer } from "#app/domain/chat/search-answers.ts";
import { EMPTY_ANSWERS, sellerCriteria } from "#app/domain/chat/wizard.ts";
import { sellerRequestParams, SellerSearchSchema } from "#app/domain/leads/search.ts";

describe("a stored search's wizard answers (Back to Wizard)", () => {
  it("reads a seller search's city, state, seller type, bedrooms and price range back", () => {
    const params = {
      location: "Phoenix, AZ",
      search: { city: "Phoenix", state: "AZ" },
      sellerType: "inherited",
      minBedrooms: 3,
      minPrice: 1_000_000,
      maxPrice: 2_000_000,
    };
    expect(searchAnswers("seller", params)).toEqual({
      ...EMPTY_ANSWERS,
      cityOrZip: "Phoenix",
      state: "AZ",
      sellerType: "inherited",
      minBedrooms: "3",
      price: "8",
    });
  });

  it("round-trips what a seller search stores: the answers rebuild the same criteria", () => {
    const answers = { ...EMPTY_ANSWERS, cityOrZip: "85004, 85008", sellerType: "high_equity", minBedrooms: "2", price: "4" };
    const criteria = sellerCriteria(answers);
    // What the search route stores: the wizard's criteria through the search's own schema.
    const stored = sellerRequestParams(SellerSearchSchema.parse({ criteria }).criteria, 5);
    expect(sellerCriteria(searchAnswers("seller", stored))).toEqual(criteria);
  });

  it("reads a buyer search's place and type, and gives the defaults for damaged params", () => {
    expect(searchAnswers("buyer", { search: { zips: ["85004"] }, buyerType: "cash_buyers" })).toMatchObject({
      cityOrZip: "85004",
      buyerType: "cash_buyers",
    });
    expect(searchAnswers("seller", null)).toEqual(EMPTY_ANSWERS);
    expect(searchAnswers("seller", { search: "x", minBedrooms: "9", maxPrice: 7 })).toEqual(EMPTY_ANSWERS);
  });

  it("links to the Lead Finder's wizard with the answers, and offers only the wizard's own fields", () => {
    const href = backToWizardHref("seller", {
      search: { city: "Mesa", state: "AZ" },
      sellerType: "inherited",
      minBedrooms: 1,
      maxPrice: 3_000_000,
    });
    expect(href).toBe("/?section=chat&agent=lead-finder&wizard=seller&cityOrZip=Mesa&state=AZ&sellerType=inherited");
    const offer = searchOffer("buyer", {
      ...EMPTY_ANSWERS,
      cityOrZip: "Mesa",
      state: "AZ",
      buyerType: "fix_and_flip",
      sellerType: "inherited",
    });
    expect(offer).toEqual({ wizard: "buyer", answers: { cityOrZip: "Mesa", state: "AZ", buyerType: "fix_and_flip" }, back: true });
  });
});
