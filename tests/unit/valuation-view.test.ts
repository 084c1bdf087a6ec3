import { describe, expect, it } from "vitest";

import { offerStepsHref, offerStepsOf } from "#app/domain/offers/offer-rules.ts";
import {
  compCells,
  COMPS_MESSAGES,
  compsCardHref,
  demoValuation,
  progressAfter,
  progressAt,
  VALUATION_MESSAGES,
  valuationStepOf,
  valuationStepParams,
} from "#app/domain/valuation/view.ts";

describe("the progress schedule ("Valuation progress")", () => {
  it("has six messages for the valuation and six for the comps search", () => {
    expect(VALUATION_MESSAGES).toHaveLength(6);
    expect(COMPS_MESSAGES).toHaveLength(6);
    expect(new Set(VALUATION_MESSAGES).size).toBe(6);
  });

  it("changes the message every 5 s, cycling, and rises 15 % per period to at most 90 %", () => {
    expect(progressAt(0, VALUATION_MESSAGES)).toEqual({ percent: 15, message: VALUATION_MESSAGES[0] });
    expect(progressAt(4_999, VALUATION_MESSAGES)).toEqual({ percent: 15, message: VALUATION_MESSAGES[0] });
    expect(progressAt(5_000, VALUATION_MESSAGES)).toEqual({ percent: 30, message: VALUATION_MESSAGES[1] });
    expect(progressAt(25_000, VALUATION_MESSAGES)).toEqual({ percent: 90, message: VALUATION_MESSAGES[5] });
    // The seventh period starts the messages over; the bar never passes 90 % while waiting.
    expect(progressAt(30_000, VALUATION_MESSAGES)).toEqual({ percent: 90, message: VALUATION_MESSAGES[0] });
    expect(progressAt(10 * 60_000, VALUATION_MESSAGES).percent).toBe(90);
    for (let ms = 0; ms < 120_000; ms += 1_000) expect(progressAt(ms, COMPS_MESSAGES).percent).toBeLessThanOrEqual(90);
  });

  it("shows 100 % and 'Complete!' on success, and stays where it was on failure", () => {
    const last = progressAt(7_000, VALUATION_MESSAGES);
    expect(progressAfter(last, true)).toEqual({ percent: 100, message: "Complete!" });
    expect(progressAfter(last, false)).toEqual(last);
  });
});

describe("a comp's cells", () => {
  const comp = {
    address: "4821 N 35th Ave",
    soldPrice: 312499.6,
    soldDate: "2025-11-03",
    daysOnMarket: 1234,
    bedrooms: 3,
    bathrooms: 2.5,
    squareFeet: 1850,
    pricePerSqft: 168.92,
    distance: 0.4,
  };

  it("are whole en-US numbers, baths with their half, distance in miles", () => {
    expect(compCells(comp)).toEqual({
      address: "4821 N 35th Ave",
      soldPrice: "$312,500",
      soldDate: "2025-11-03",
      daysOnMarket: "1,234",
      bedsBaths: "3 / 2.5",
      squareFeet: "1,850",
      pricePerSqft: "$169",
      distance: "0.40 mi",
    });
  });

  it("say N/A for what is missing", () => {
    const cells = compCells({
      ...comp,
      daysOnMarket: null,
      bedrooms: null,
      bathrooms: null,
      squareFeet: null,
      pricePerSqft: null,
      distance: null,
    });
    expect(cells).toMatchObject({
      daysOnMarket: "N/A",
      bedsBaths: "N/A / N/A",
      squareFeet: "N/A",
      pricePerSqft: "N/A",
      distance: "N/A",
    });
  });
});

describe("the spec's value-calculation Demo Mode", () => {
  it("makes three comps at 95 %, 102 % and 105 % of the estimated value and the ARV their average", () => {
    expect(demoValuation(300_000)).toEqual({
      arv: 302_000,
      comps: [
        { address: "Demo comparable 1", soldPrice: 285_000 },
        { address: "Demo comparable 2", soldPrice: 306_000 },
        { address: "Demo comparable 3", soldPrice: 315_000 },
      ],
    });
  });

  it("starts from 250,000 when the estimated value is missing", () => {
    expect(demoValuation(null).comps.map((c) => c.soldPrice)).toEqual([237_500, 255_000, 262_500]);
    expect(demoValuation(0).arv).toBe(251_667);
  });
});

describe("the valuation step in the workbench's URL", () => {
  it("round-trips through the URL and the offer steps keep it", () => {
    const step = { arv: 312_000, low: 290_000, high: 335_000, confidence: 72 };
    const href = offerStepsHref("/leads/workbench?lead=2&request=abc", { valuation: step, arv: 312_000 });
    expect(href).toBe("/leads/workbench?lead=2&request=abc&value=312000&low=290000&high=335000&conf=72&arv=312000");
    const params = new URL(href, "http://x").searchParams;
    expect(offerStepsOf(params).valuation).toEqual(step);
    expect(valuationStepParams(step)).toEqual([
      ["value", "312000"],
      ["low", "290000"],
      ["high", "335000"],
      ["conf", "72"],
    ]);
  });

  it("reads demo, and nothing from odd or missing values", () => {
    expect(valuationStepOf((name) => ({ value: "demo" })[name])).toBe("demo");
    expect(valuationStepOf(() => null)).toBeNull();
    expect(valuationStepOf((name) => ({ value: "-5" })[name])).toBeNull();
    expect(valuationStepOf((name) => ({ value: "0" })[name])).toBeNull();
    expect(valuationStepOf((name) => ({ value: "200000", conf: "150", low: "x" })[name])).toEqual({
      arv: 200_000,
      low: null,
      high: null,
      confidence: null,
    });
    expect(offerStepsOf(new URLSearchParams("lead=0")).valuation).toBeNull();
  });

  it("the property card's comps are `comps=1` of the CRM's card", () => {
    expect(compsCardHref("abc-123")).toBe("/?section=crm&lead=abc-123&comps=1");
  });
});
