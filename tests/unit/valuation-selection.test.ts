// The valuation engine on hand-made markets (valuation-fixture.ts): the candidate window, selection and widening, the
// exclusions, the refusal and each adjustment.
import { describe, expect, it } from "vitest";

import { candidateWindow } from "#app/domain/valuation/cells.ts";
import { NO_COMPS_MESSAGE, valueSubject } from "#app/domain/valuation/engine.ts";
import { dayNumber, distanceMiles, inWindow, monthsBefore, nearestFirst } from "#app/domain/valuation/geo.ts";
import { SELECTION_STEPS } from "#app/domain/valuation/selection.ts";
import type { ValuationSubject } from "#app/domain/valuation/types.ts";

import { adjustment, CENTER, market, sale, SUBJECT, TRUE_RATES, VALUATION_DATE, value } from "./valuation-fixture.ts";

describe("the candidate window", () => {
  it("is a box of about 3 miles each way, the 12 months before the valuation date, at most 1,000 sales", () => {
    const window = candidateWindow(SUBJECT, { valuationDate: VALUATION_DATE });
    expect(window.beforeDate).toBe(VALUATION_DATE);
    expect(window.fromDate).toBe("2014-03-01");
    expect(window.limit).toBe(1000);
    const north = { ...CENTER, latitude: window.maxLatitude };
    const east = { ...CENTER, longitude: window.maxLongitude };
    expect(distanceMiles(CENTER, north)).toBeCloseTo(3, 1);
    expect(distanceMiles(CENTER, east)).toBeCloseTo(3, 1);
    expect(inWindow({ ...CENTER, saleDate: "2015-02-28" }, window)).toBe(true);
    expect(inWindow({ ...CENTER, saleDate: VALUATION_DATE }, window)).toBe(false);
    expect(inWindow({ ...CENTER, saleDate: "2014-02-28" }, window)).toBe(false);
  });

  it("keeps the nearest sales first when more than the limit qualify", () => {
    const sales = [sale("far", 2, 10), sale("near", 0.1, 10), sale("mid", 1, 10)];
    expect(nearestFirst(sales, CENTER, 2).map((s) => s.id)).toEqual(["near", "mid"]);
  });

  it("reads calendar months back and rejects impossible dates", () => {
    expect(monthsBefore("2015-03-31", 1)).toBe("2015-02-28");
    expect(monthsBefore("2015-01-15", 12)).toBe("2014-01-15");
    expect(dayNumber("2015-02-30")).toBeNaN();
    expect(() => valueSubject(SUBJECT, [], { valuationDate: "03/01/2015" })).toThrow(RangeError);
  });
});

describe("selection", () => {
  it("uses the FAQ criteria first: same bedrooms, living area within 20 %, built within 10 years, sold within 9 months", () => {
    const result = value(SUBJECT, market({ seed: 2 }));
    expect(result.selectionStep).toBe(0);
    expect(result.comps.length).toBeGreaterThanOrEqual(5);
    for (const comp of result.comps) {
      expect(comp.sale.bedrooms).toBe(SUBJECT.bedrooms);
      expect(Math.abs(comp.sale.squareFeet! / SUBJECT.squareFeet! - 1)).toBeLessThanOrEqual(0.2);
      expect(Math.abs(comp.sale.yearBuilt! - SUBJECT.yearBuilt!)).toBeLessThanOrEqual(10);
      expect(dayNumber(VALUATION_DATE) - dayNumber(comp.sale.saleDate)).toBeLessThanOrEqual(9 * 30.44);
      expect(comp.distanceMiles).toBeLessThanOrEqual(1);
    }
    expect(result.rationale).toContain("FAQ criteria");
  });

  it("widens step by step when too few sales meet the stricter criteria", () => {
    // Four sales meet the FAQ criteria (fewer than the five a step needs); the rest meet only a wider step.
    const faq = [1, 2, 3, 4].map((i) => sale(`faq${i}`, 0.1 * i, 30));
    const step1 = [1, 2, 3, 4, 5].map((i) => sale(`one${i}`, 0.1 * i, 30, { bedrooms: 4, squareFeet: 2500 }));
    const step2 = [1, 2, 3, 4, 5].map((i) => sale(`two${i}`, 0.1 * i, 30, { bedrooms: 5, squareFeet: 2900, yearBuilt: 1950 }));
    const step3 = [1, 2, 3, 4, 5].map((i) => sale(`three${i}`, 0.1 * i, 30, { bedrooms: 7, squareFeet: 4000 }));
    expect(value(SUBJECT, [...faq, ...step1, ...step2, ...step3]).selectionStep).toBe(1);
    expect(value(SUBJECT, [...faq, ...step2, ...step3]).selectionStep).toBe(2);
    expect(value(SUBJECT, [...faq, ...step3]).selectionStep).toBe(3);
    // At the widest step even the four are enough.
    const widest = value(SUBJECT, faq);
    expect(widest.selectionStep).toBe(3);
    expect(widest.comps).toHaveLength(4);
    expect(SELECTION_STEPS).toHaveLength(4);
  });

  it("widens on distance and time too: a sale 1.2 miles away or 10 months ago is not a step-0 comp", () => {
    const far = [1, 2, 3, 4, 5].map((i) => sale(`far${i}`, 1.1 + 0.05 * i, 30));
    const old = [1, 2, 3, 4, 5].map((i) => sale(`old${i}`, 0.1 * i, 300 + i));
    expect(value(SUBJECT, far).selectionStep).toBe(1);
    expect(value(SUBJECT, old).selectionStep).toBe(1);
  });

  it("requires the same property type when both are known", () => {
    const condos = [1, 2, 3, 4, 5, 6].map((i) => sale(`condo${i}`, 0.1 * i, 30, { propertyType: "condo" }));
    const houses = [1, 2].map((i) => sale(`house${i}`, 0.2 * i, 30, { propertyType: "single_family" }));
    const result = value({ ...SUBJECT, propertyType: "single_family" }, [...condos, ...houses]);
    expect(result.comps.map((c) => c.sale.id).sort()).toEqual(["house1", "house2"]);
  });

  it("never uses a sale of the subject's own parcel", () => {
    const sales = market({ seed: 3 });
    const own = sale("own", 0, 20, { parcelId: "subject", price: 9_000_000 });
    const result = value(SUBJECT, [own, ...sales]);
    expect(result.comps.some((c) => c.sale.parcelId === "subject")).toBe(false);
    expect(result).toEqual(value(SUBJECT, sales));
  });

  it("never uses a sale dated on or after the valuation date", () => {
    const sales = market({ seed: 4 });
    const later = [sale("same-day", 0.01, 0, { price: 9_000_000 }), sale("later", 0.01, -30, { price: 9_000_000 })];
    const result = value(SUBJECT, [...sales, ...later]);
    expect(result.comps.some((c) => c.sale.saleDate >= VALUATION_DATE)).toBe(false);
    expect(result).toEqual(value(SUBJECT, sales));
  });

  it("gives the same answer whatever order the candidates come in", () => {
    const sales = market({ seed: 5, noise: 0.1 });
    expect(value(SUBJECT, [...sales].reverse())).toEqual(value(SUBJECT, sales));
  });
});

describe("refusal", () => {
  it("refuses with no_comps and a clear message when no sale qualifies even at the widest step", () => {
    const onlyOwnAndLater = [sale("own", 0, 10, { parcelId: "subject" }), sale("later", 0.1, -5)];
    for (const candidates of [[], onlyOwnAndLater, [sale("too-old", 0.1, 400)]]) {
      const outcome = valueSubject(SUBJECT, candidates, { valuationDate: VALUATION_DATE });
      expect(outcome).toEqual({ ok: false, refusal: { reason: "no_comps", message: NO_COMPS_MESSAGE } });
    }
    expect(NO_COMPS_MESSAGE).toMatch(/no comparable sales/i);
  });
});

describe("adjustments", () => {
  // A market where every fact varies and every rate is known: each comp's adjustments should carry the true rate.
  const sales = market({ seed: 6, count: 800, radiusMiles: 0.6 });

  it("adjusts for size, quality, condition, view and waterfront with the right sign and about the true size", () => {
    const subject: ValuationSubject = { ...SUBJECT, squareFeet: 2300, qualityGrade: 8, condition: 4, view: 2, waterfront: true };
    const result = value(subject, sales);
    let checked = 0;
    for (const comp of result.comps) {
      const price = comp.sale.price;
      const expectations: [string, number][] = [
        ["size", (subject.squareFeet! / comp.sale.squareFeet!) ** TRUE_RATES.sizeElasticity],
        ["quality", Math.exp(TRUE_RATES.grade * (subject.qualityGrade! - comp.sale.qualityGrade!))],
        ["condition", Math.exp(TRUE_RATES.condition * (subject.condition! - comp.sale.condition!))],
        ["view", Math.exp(TRUE_RATES.view * (subject.view! - comp.sale.view!))],
        ["waterfront", Math.exp(comp.sale.waterfront ? 0 : TRUE_RATES.waterfront)],
      ];
      for (const [kind, ratio] of expectations) {
        const expected = price * (ratio - 1);
        const actual = adjustment(comp, kind);
        if (Math.abs(expected) < 2000) {
          expect(Math.abs(actual)).toBeLessThan(Math.max(4000, 0.02 * price));
          continue;
        }
        expect(Math.sign(actual)).toBe(Math.sign(expected));
        // Sequential application compounds the earlier adjustments, hence the tolerance.
        expect(Math.abs(actual - expected)).toBeLessThan(0.35 * Math.abs(expected) + 3000);
        checked++;
      }
      // Every adjustment has a readable note with its amount, and the adjusted price adds them up.
      for (const a of comp.adjustments) expect(a.note).toMatch(/^[+−]\$[\d,]+: /);
      expect(comp.adjustedPrice).toBe(price + comp.adjustments.reduce((s, a) => s + a.amount, 0));
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("adjusts a smaller subject down and says why", () => {
    const result = value({ ...SUBJECT, squareFeet: 1700 }, sales);
    const larger = result.comps.filter((c) => c.sale.squareFeet! > 1750);
    expect(larger.length).toBeGreaterThan(0);
    for (const comp of larger) {
      expect(adjustment(comp, "size")).toBeLessThan(0);
      expect(comp.adjustments.find((a) => a.kind === "size")!.note).toContain("living area 1,700 sq ft for the subject");
    }
  });

  it("makes no adjustment for a fact the subject does not know, and says what it assumed", () => {
    const result = value({ ...SUBJECT, qualityGrade: null, condition: undefined }, sales);
    for (const comp of result.comps) {
      expect(adjustment(comp, "quality")).toBe(0);
      expect(adjustment(comp, "condition")).toBe(0);
    }
    expect(result.assumptions.join(" ")).toMatch(/Quality grade unknown/);
    expect(result.assumptions.join(" ")).toMatch(/Condition unknown/);
  });
});
