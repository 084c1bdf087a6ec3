import { describe, expect, it } from "vitest";

import { describeSellerSearch, EMPTY_ANSWERS, leadCountOf, stepErrors, type WizardAnswers } from "#app/domain/chat/wizard.ts";
import { savedSearchCriteria } from "#app/domain/leads/saved-search-words.ts";
import { storedAnswers } from "#app/domain/leads/saved-searches.ts";

const answers = (fields: Partial<WizardAnswers>): WizardAnswers => ({ ...EMPTY_ANSWERS, ...fields });

describe("a saved search's criteria in words", () => {
  it("names a seller search's type, place, bedrooms, price and leads a run", () => {
    const seller = answers({
      cityOrZip: "85033",
      state: "AZ",
      sellerType: "preforeclosure",
      minBedrooms: "3",
      price: "4",
      leadCount: "10",
    });
    expect(savedSearchCriteria("seller", seller)).toEqual([
      { term: "Seller type", words: "Preforeclosure" },
      { term: "Location", words: "85033, AZ" },
      { term: "Bedrooms", words: "3+" },
      { term: "Price", words: "Under $500k" },
      { term: "Leads a run", words: "10" },
    ]);
  });

  it("names a buyer search's type and place, and keeps a typed 'City, ST' as it is", () => {
    expect(savedSearchCriteria("buyer", answers({ cityOrZip: "Mesa, AZ", state: "AZ", buyerType: "fix_and_flip" }))).toEqual([
      { term: "Buyer type", words: "Fix & Flip" },
      { term: "Location", words: "Mesa, AZ" },
    ]);
  });

  it("reads a search saved before the lead count was asked with the wizard's defaults", () => {
    const old = storedAnswers({ cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited", minBedrooms: "2", price: "0" });
    expect(old.leadCount).toBe("5");
    expect(savedSearchCriteria("seller", old).at(-1)).toEqual({ term: "Leads a run", words: "5" });
  });
});

describe("how many leads a seller search pulls", () => {
  it("is one of 5, 10, 25 and 50, 5 by default, and the wizard's last step refuses any other", () => {
    expect(leadCountOf(EMPTY_ANSWERS)).toBe(5);
    expect(leadCountOf(answers({ leadCount: "25" }))).toBe(25);
    expect(stepErrors("seller", 3, answers({ leadCount: "50" }))).toEqual({});
    expect(stepErrors("seller", 3, answers({ leadCount: "7" }))).toEqual({ leadCount: "Choose how many leads to pull: 5, 10, 25, 50" });
    expect(describeSellerSearch(answers({ sellerType: "inherited", leadCount: "25" }), "Phoenix, AZ")).toBe(
      "Find 25 Inherited sellers in Phoenix, AZ · 1+ beds · Up to $3M",
    );
  });
});
