import { describe, expect, it } from "vitest";

import {
  BUYER_TYPE_REQUIRED,
  buyerSearch,
  chatHref,
  countErrors,
  EMPTY_ANSWERS,
  readWizardRequest,
  SELLER_TYPE_REQUIRED,
  sellerCriteria,
  settleWizard,
  stepErrors,
  wizardSearchParams,
  type WizardAnswers,
} from "#app/domain/chat/wizard.ts";
import { CITY_REQUIRED, STATE_REQUIRED, unknownState } from "#app/domain/leads/lead-location.ts";
import { PRICE_OPTIONS } from "#app/domain/leads/search-options.ts";

const answers = (fields: Partial<WizardAnswers>): WizardAnswers => ({ ...EMPTY_ANSWERS, ...fields });

describe("the seller wizard's step rules", () => {
  it("step 1 Next needs the city and the state, unless a ZIP or 'City, ST' says it all", () => {
    expect(stepErrors("seller", 1, answers({}))).toEqual({ cityOrZip: CITY_REQUIRED });
    expect(stepErrors("seller", 1, answers({ cityOrZip: "Phoenix" }))).toEqual({ state: STATE_REQUIRED });
    expect(stepErrors("seller", 1, answers({ cityOrZip: "Phoenix", state: "DC" }))).toEqual({ state: unknownState("DC") });
    expect(stepErrors("seller", 1, answers({ cityOrZip: "Phoenix", state: "AZ" }))).toEqual({});
    expect(stepErrors("seller", 1, answers({ cityOrZip: "85004" }))).toEqual({});
    expect(stepErrors("seller", 1, answers({ cityOrZip: "Phoenix, AZ" }))).toEqual({});
  });

  it("step 2 Next needs one of the six seller types", () => {
    expect(stepErrors("seller", 2, answers({}))).toEqual({ sellerType: SELLER_TYPE_REQUIRED });
    expect(stepErrors("seller", 2, answers({ sellerType: "motivated" }))).toEqual({ sellerType: SELLER_TYPE_REQUIRED });
    expect(stepErrors("seller", 2, answers({ sellerType: "high_equity" }))).toEqual({});
  });

  it("step 3's filters are optional: 1+ bedrooms and up to $3M unless chosen, and only the listed options", () => {
    expect(stepErrors("seller", 3, answers({}))).toEqual({});
    expect(stepErrors("seller", 3, answers({ minBedrooms: "6", price: "10" }))).toEqual({
      minBedrooms: "Choose a minimum number of bedrooms",
      price: "Choose a maximum price",
    });
  });

  it("sends the spec's criteria: the location rule, the type, bedrooms and the price option's bounds", () => {
    const base = { cityOrZip: "phoenix", state: "az", sellerType: "inherited" };
    expect(sellerCriteria(answers(base))).toEqual({
      location: "phoenix, AZ",
      sellerType: "inherited",
      minBedrooms: 1,
      maxPrice: 3_000_000,
    });
    const range = PRICE_OPTIONS.findIndex((option) => option.label === "$1M – $2M");
    expect(sellerCriteria(answers({ ...base, minBedrooms: "3", price: String(range) }))).toMatchObject({
      minBedrooms: 3,
      minPrice: 1_000_000,
      maxPrice: 2_000_000,
    });
    expect(sellerCriteria(answers({ cityOrZip: "85004, 85008", sellerType: "preforeclosure" }))).toMatchObject({
      location: "85004",
      locations: ["85004", "85008"],
    });
    expect(sellerCriteria(answers({ cityOrZip: "85004" }))).toBeNull();
  });
});

describe("the cash buyer wizard's step rules", () => {
  it("step 1 needs the location; Find Cash Buyers and the count need a buyer type", () => {
    expect(stepErrors("buyer", 1, answers({}))).toEqual({ cityOrZip: CITY_REQUIRED });
    expect(stepErrors("buyer", 2, answers({ cityOrZip: "85004" }))).toEqual({ buyerType: BUYER_TYPE_REQUIRED });
    expect(countErrors("buyer", answers({ cityOrZip: "85004" }))).toEqual({ step: 2, errors: { buyerType: BUYER_TYPE_REQUIRED } });
    expect(countErrors("buyer", answers({ state: "AZ", buyerType: "cash_buyers" }))).toEqual({
      step: 1,
      errors: { cityOrZip: CITY_REQUIRED },
    });
  });

  it("sends location, buyer type, the type's quick lists and minProperties 3", () => {
    expect(buyerSearch(answers({ cityOrZip: "Atlanta", state: "GA", buyerType: "fix_and_flip" }))).toEqual({
      location: "Atlanta, GA",
      buyerType: "fix_and_flip",
      quickLists: ["fix-and-flip"],
      minProperties: 3,
    });
    expect(buyerSearch(answers({ cityOrZip: "85004,85008", buyerType: "cash_buyers" }))?.location).toBe("85004, 85008");
  });
});

describe("the wizards in the URL (without JavaScript)", () => {
  const request = (query: string) => readWizardRequest(new URLSearchParams(query))!;

  it("reads the wizard, the step asked for and the answers; no wizard without a known kind", () => {
    expect(readWizardRequest(new URLSearchParams("section=chat"))).toBeNull();
    expect(readWizardRequest(new URLSearchParams("wizard=landlord"))).toBeNull();
    expect(request("wizard=seller&step=9&cityOrZip=85004")).toMatchObject({ kind: "seller", step: 3, intent: "next" });
    expect(request("wizard=buyer&step=0")).toMatchObject({ kind: "buyer", step: 1 });
    // The count button leaves `step` out; `at` says which step the form was on.
    expect(request("wizard=seller&at=3&intent=count")).toMatchObject({ step: 3, intent: "count" });
  });

  it("lands on the step asked for when the steps before it pass, else on the first refused one with its messages", () => {
    expect(settleWizard(request("wizard=seller&step=2&cityOrZip=Phoenix&state=AZ"))).toEqual({ step: 2, errors: {}, count: false });
    expect(settleWizard(request("wizard=seller&step=2&cityOrZip=Phoenix"))).toEqual({
      step: 1,
      errors: { state: STATE_REQUIRED },
      count: false,
    });
    expect(settleWizard(request("wizard=seller&step=3&cityOrZip=85004"))).toEqual({
      step: 2,
      errors: { sellerType: SELLER_TYPE_REQUIRED },
      count: false,
    });
    // A later step's answers are not judged before it is submitted: an empty step 1 is shown without messages.
    expect(settleWizard(request("wizard=seller"))).toEqual({ step: 1, errors: {}, count: false });
  });

  it("counts only when the count's needs are met", () => {
    expect(settleWizard(request("wizard=seller&at=3&intent=count&cityOrZip=85004&sellerType=inherited"))).toEqual({
      step: 3,
      errors: {},
      count: true,
    });
    expect(settleWizard(request("wizard=buyer&at=2&intent=count&cityOrZip=85004"))).toEqual({
      step: 2,
      errors: { buyerType: BUYER_TYPE_REQUIRED },
      count: false,
    });
  });

  it("links carry the wizard's own answers only, and leave defaults out", () => {
    const params = wizardSearchParams("buyer", 2, answers({ cityOrZip: "85004", sellerType: "inherited", buyerType: "cash_buyers" }), {
      agent: "lead-finder",
      c: null,
    });
    expect(params.toString()).toBe("section=chat&agent=lead-finder&wizard=buyer&step=2&cityOrZip=85004&buyerType=cash_buyers");
    expect(chatHref("negotiation", "c1", { details: "m1" }, "#x")).toBe("/?section=chat&agent=negotiation&c=c1&details=m1#x");
  });
});
