// The valuation engine on hand-made markets: selection and widening, the exclusions, each adjustment, the price index
// without look-ahead, the estimate, range and confidence, and the refusal.
import { describe, expect, it } from "vitest";

import {
  candidateWindow,
  MARKET_CELL_DEGREES,
  MARKET_LIMIT,
  MARKET_MARGIN_DEGREES,
  MARKET_MIN_SALES,
  marketCellOf,
  marketCellOfRegion,
  marketCentre,
  marketWindow,
  REGION_CELL_DEGREES,
  REGION_LIMIT,
  REGION_MILES,
  REGION_MIN_SALES,
  REGIONAL_MODEL_MAX_AGE_DAYS,
  regionCellOf,
  regionCentre,
  regionWindow,
} from "#app/domain/valuation/cells.ts";
import { NO_COMPS_MESSAGE, valueSubject } from "#app/domain/valuation/engine.ts";
import { dateOfDay, dayNumber, distanceMiles, inWindow, MILES_PER_DEGREE, monthsBefore, nearestFirst } from "#app/domain/valuation/geo.ts";
import { marketModel } from "#app/domain/valuation/market.ts";
import { extrapolatedTrend, seasonalFactor } from "#app/domain/valuation/price-index.ts";
import { regionalModel } from "#app/domain/valuation/regional.ts";
import { SELECTION_STEPS } from "#app/domain/valuation/selection.ts";
import { TUNING } from "#app/domain/valuation/tuning.ts";
import type {
  HomeFacts,
  MarketModel,
  RegionalModel,
  Sale,
  ValuationResult,
  ValuationSubject,
  ValuedComp,
} from "#app/domain/valuation/types.ts";

const VALUATION_DATE = "2015-03-01";
const CENTER = { latitude: 47.6, longitude: -122.3 };
const MILES_PER_LON_DEGREE = MILES_PER_DEGREE * Math.cos((CENTER.latitude * Math.PI) / 180);

/** A deterministic pseudo-random sequence (an LCG), so every market here is the same at every run. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The true value of a home in these markets: every rate known, so each adjustment can be checked against it. */
const TRUE_RATES = { sizeElasticity: 0.8, grade: 0.1, condition: 0.05, view: 0.08, waterfront: 0.4, trendPerYear: 0.1 };

function trueValue(home: HomeFacts, daysBefore: number): number {
  return (
    400_000 *
    ((home.squareFeet ?? 2000) / 2000) ** TRUE_RATES.sizeElasticity *
    Math.exp(TRUE_RATES.grade * ((home.qualityGrade ?? 7) - 7)) *
    Math.exp(TRUE_RATES.condition * ((home.condition ?? 3) - 3)) *
    Math.exp(TRUE_RATES.view * (home.view ?? 0)) *
    Math.exp(home.waterfront ? TRUE_RATES.waterfront : 0) *
    Math.exp((-TRUE_RATES.trendPerYear * daysBefore) / 365) *
    seasonOver(daysBefore)
  );
}

/** The season these markets have (the engine's own prior shape): a sale `daysBefore` the valuation date against it. */
function seasonOver(daysBefore: number): number {
  const valuationDay = dayNumber(VALUATION_DATE);
  return Math.exp(seasonalFactor(valuationDay - daysBefore) - seasonalFactor(valuationDay));
}

interface MarketOptions {
  count?: number;
  seed?: number;
  radiusMiles?: number;
  /** Multiplicative noise on prices (log sd). */
  noise?: number;
  /** Override facts of every sale. */
  facts?: Partial<Sale>;
  /** Days before the valuation date the sales spread over. */
  days?: number;
}

function market({ count = 400, seed = 1, radiusMiles = 0.8, noise = 0, facts = {}, days = 250 }: MarketOptions = {}): Sale[] {
  const next = rng(seed);
  const valuationDay = dayNumber(VALUATION_DATE);
  const sales: Sale[] = [];
  for (let i = 0; i < count; i++) {
    const angle = next() * 2 * Math.PI;
    const r = radiusMiles * Math.sqrt(next());
    const daysBefore = 1 + Math.floor(next() * days);
    const home = {
      latitude: CENTER.latitude + (r * Math.sin(angle)) / MILES_PER_DEGREE,
      longitude: CENTER.longitude + (r * Math.cos(angle)) / MILES_PER_LON_DEGREE,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: Math.round(1700 + next() * 600),
      lotSquareFeet: 6000,
      yearBuilt: 1975 + Math.floor(next() * 10),
      yearRenovated: 0,
      basementSquareFeet: 0,
      stories: 1,
      qualityGrade: 6 + Math.floor(next() * 3),
      condition: 2 + Math.floor(next() * 3),
      view: next() < 0.8 ? 0 : 2,
      waterfront: next() < 0.05,
      ...facts,
    };
    const gaussian = Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
    sales.push({
      id: `s${seed}-${i}`,
      parcelId: `p${seed}-${i}`,
      saleDate: dateOfDay(valuationDay - daysBefore),
      price: Math.round(trueValue(home, daysBefore) * Math.exp(noise * gaussian)),
      ...home,
    });
  }
  return sales;
}

const SUBJECT: ValuationSubject = {
  ...CENTER,
  parcelId: "subject",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 2000,
  lotSquareFeet: 6000,
  yearBuilt: 1980,
  yearRenovated: 0,
  basementSquareFeet: 0,
  stories: 1,
  qualityGrade: 7,
  condition: 3,
  view: 0,
  waterfront: false,
};

function value(subject: ValuationSubject, sales: readonly Sale[], date = VALUATION_DATE): ValuationResult {
  const outcome = valueSubject(subject, sales, { valuationDate: date });
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.message}`);
  return outcome.result;
}

function adjustment(comp: ValuedComp, kind: string): number {
  return comp.adjustments.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.amount, 0);
}

/** Sales placed by hand: `miles` north of the centre, `daysBefore` the valuation date. */
function sale(id: string, miles: number, daysBefore: number, facts: Partial<Sale> = {}): Sale {
  const home = { ...SUBJECT, latitude: CENTER.latitude + miles / MILES_PER_DEGREE, longitude: CENTER.longitude, ...facts };
  return {
    ...home,
    id,
    parcelId: facts.parcelId ?? `parcel-${id}`,
    saleDate: dateOfDay(dayNumber(VALUATION_DATE) - daysBefore),
    price: facts.price ?? Math.round(trueValue(home, daysBefore)),
  };
}

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

describe("the price index", () => {
  const rising = market({ seed: 7, count: 600, radiusMiles: 0.6, days: 360 });

  it("brings older sales up in a rising market, by about the trend", () => {
    const result = value(SUBJECT, rising);
    for (const comp of result.comps) {
      const daysBefore = dayNumber(VALUATION_DATE) - dayNumber(comp.sale.saleDate);
      const expected = comp.sale.price * (Math.exp((TRUE_RATES.trendPerYear * daysBefore) / 365) / seasonOver(daysBefore) - 1);
      const actual = adjustment(comp, "market_time");
      if (daysBefore > 30) expect(actual).toBeGreaterThan(0);
      expect(Math.abs(actual - expected)).toBeLessThan(0.3 * Math.abs(expected) + 2000);
    }
    expect(result.rationale).toMatch(/local price index \(\+\d+\.\d % over the last \d+ months?\)/);
  });

  it("looks only at sales before the valuation date: adding later sales changes nothing", () => {
    const later = market({ seed: 8, count: 300, radiusMiles: 0.6, days: 60 }).map((s) => ({
      ...s,
      id: `later-${s.id}`,
      saleDate: dateOfDay(dayNumber(s.saleDate) + 61),
      price: s.price * 2,
    }));
    expect(later.every((s) => s.saleDate >= VALUATION_DATE)).toBe(true);
    expect(value(SUBJECT, [...rising, ...later])).toEqual(value(SUBJECT, rising));
  });

  it("knows the yearly season: highest in mid-June, lowest in mid-December, the same day alike in any year", () => {
    const june = seasonalFactor(dayNumber("2014-06-15"));
    const december = seasonalFactor(dayNumber("2014-12-15"));
    expect(june).toBeCloseTo(TUNING.seasonAmplitude, 4);
    expect(december).toBeCloseTo(-TUNING.seasonAmplitude, 4);
    expect(seasonalFactor(dayNumber("2014-03-15"))).toBeGreaterThan(december);
    expect(seasonalFactor(dayNumber("2014-03-15"))).toBeLessThan(june);
    expect(seasonalFactor(dayNumber("2015-06-15"))).toBeCloseTo(june, 2);
  });

  it("carries the trend past the latest sale damped: about the full rate at first, ever less per day after", () => {
    const tenPercent = (days: number) => (0.1 * days) / 365;
    expect(extrapolatedTrend(tenPercent, 0, 300)).toBe(0);
    const carried = (gap: number) => extrapolatedTrend(tenPercent, gap, 300);
    expect(carried(10)).toBeGreaterThan(0.9 * tenPercent(10));
    expect(carried(10)).toBeLessThan(tenPercent(10));
    expect(carried(90)).toBeCloseTo(tenPercent(TUNING.trendDampingDays) * (1 - Math.exp(-90 / TUNING.trendDampingDays)), 10);
    expect(carried(180) - carried(90)).toBeLessThan(carried(90));
    // Never past the damped ceiling, however long the gap.
    expect(carried(3650)).toBeLessThanOrEqual(tenPercent(TUNING.trendDampingDays) + 1e-12);
    expect(extrapolatedTrend((days) => -tenPercent(days), 90, 300)).toBeCloseTo(-carried(90), 12);
  });

  it("reads the carried rate from the last months of the data only", () => {
    // Flat for the last TUNING.trendDays, falling steeply before: the carried trend is the recent flat one.
    const recentFlat = (days: number) => (days <= TUNING.trendDays ? 0 : (-0.5 * (days - TUNING.trendDays)) / 365);
    expect(extrapolatedTrend(recentFlat, 60, 360)).toBeCloseTo(0, 12);
    // Data shorter than TUNING.trendDays: the rate over what there is.
    const risingShort = (days: number) => (0.2 * Math.min(days, 40)) / 365;
    expect(extrapolatedTrend(risingShort, 10, 40)).toBeGreaterThan(0.9 * ((0.2 * 10) / 365));
  });

  it("values a home months past the latest sale above its value at that sale in a rising market, damped", () => {
    // The sales stop 91 days before VALUATION_DATE; the same home is valued at the latest sale, 91 and 182 days on.
    const stopped = rising.filter((s) => dayNumber(VALUATION_DATE) - dayNumber(s.saleDate) > 91);
    const last = stopped.reduce((max, s) => (s.saleDate > max ? s.saleDate : max), "");
    const dayAfter = dateOfDay(dayNumber(last) + 1);
    const atGap = (gap: number) => {
      const date = dateOfDay(dayNumber(last) + gap);
      // Take out the seasonal factor's share: what is left is the trend carried on.
      return (
        Math.log(value(SUBJECT, stopped, date).arv / value(SUBJECT, stopped, dayAfter).arv) -
        (seasonalFactor(dayNumber(date)) - seasonalFactor(dayNumber(dayAfter)))
      );
    };
    const quarter = atGap(91);
    const half = atGap(182);
    expect(quarter).toBeGreaterThan(0.01);
    expect(half).toBeGreaterThan(quarter);
    expect(half - quarter).toBeLessThan(quarter);
  });

  it("values the same home lower on an earlier date in a rising market", () => {
    const early = "2014-12-01";
    const before = rising.filter((s) => s.saleDate < early);
    expect(value(SUBJECT, before, early).arv).toBeLessThan(value(SUBJECT, rising).arv);
  });
});

describe("location", () => {
  // A 1970s–80s neighbourhood with one newer, better subdivision in its middle that sells 20 % above what its facts
  // say: the location factor reads the residuals of the subject's own kind of neighbours (era and grade), not of
  // every nearby sale.
  const older = market({ seed: 21, count: 500, radiusMiles: 1.2 });
  const subdivision = market({ seed: 22, count: 40, radiusMiles: 0.3, facts: { yearBuilt: 2004, qualityGrade: 9 } }).map((s) => ({
    ...s,
    price: Math.round(s.price * 1.2),
  }));
  // Homes like the subdivision's elsewhere in the market sell at what their facts say.
  const elsewhere = market({ seed: 23, count: 120, radiusMiles: 3, facts: { yearBuilt: 2004, qualityGrade: 9 } }).filter(
    (s) => distanceMiles(CENTER, s) > 1.5,
  );
  const sales = [...older, ...subdivision, ...elsewhere];

  it("prices a home of the subdivision with its premium and an older home beside it without", () => {
    const newer: ValuationSubject = { ...SUBJECT, parcelId: "newer", yearBuilt: 2004, qualityGrade: 9 };
    expect(value(newer, sales).arv / trueValue(newer, 0)).toBeGreaterThan(1.12);
    const old = value(SUBJECT, sales).arv / trueValue(SUBJECT, 0);
    expect(old).toBeGreaterThan(0.95);
    expect(old).toBeLessThan(1.05);
  });

  it("is not dragged down by a few odd sales next door: teardowns sold for their land move the ARV by little", () => {
    const street = market({ seed: 24, noise: 0.05 });
    // Three homes like the subject, a few doors away, sold for 35 % of what their facts say (the buyers paid for the
    // land). The fits already set them aside; unclipped, the location factor would take their whole discount.
    const teardowns = [0.03, -0.04, 0.05].map((miles, i) => {
      const home = sale(`teardown-${i}`, miles, 20 + 30 * i);
      return { ...home, price: Math.round(home.price * 0.35) };
    });
    const without = value(SUBJECT, street).arv;
    const withTeardowns = value(SUBJECT, [...street, ...teardowns]);
    expect(withTeardowns.arv / without).toBeGreaterThan(0.975);
    expect(withTeardowns.arv / trueValue(SUBJECT, 0)).toBeGreaterThan(0.96);
  });
});

describe("the local model", () => {
  // Old small homes with a new large kind among them, across the same square mile: among the large homes the price
  // rises steeply with size (elasticity 1.5), among the small ones around them gently (0.3).
  const next = rng(31);
  const ofKind = (home: Pick<HomeFacts, "squareFeet" | "qualityGrade">) =>
    400_000 * (home.squareFeet! / 2000) ** (home.squareFeet! > 2500 ? 1.5 : 0.3) * Math.exp(0.1 * (home.qualityGrade! - 7));
  const sales: Sale[] = Array.from({ length: 460 }, (_, i) => {
    const large = i < 80;
    const angle = next() * 2 * Math.PI;
    const r = Math.sqrt(next());
    const facts = large
      ? {
          squareFeet: Math.round(2800 + next() * 1400),
          qualityGrade: 9 + Math.floor(next() * 2),
          yearBuilt: 2000 + Math.floor(next() * 10),
        }
      : {
          squareFeet: Math.round(1000 + next() * 600),
          qualityGrade: 6 + Math.floor(next() * 2),
          yearBuilt: 1950 + Math.floor(next() * 10),
        };
    const home = { ...SUBJECT, ...facts, latitude: CENTER.latitude + (r * Math.sin(angle)) / MILES_PER_DEGREE };
    return {
      ...home,
      longitude: CENTER.longitude + (r * Math.cos(angle)) / MILES_PER_LON_DEGREE,
      id: `kind${i}`,
      parcelId: `kind-${i}`,
      saleDate: dateOfDay(dayNumber(VALUATION_DATE) - 1 - Math.floor(next() * 250)),
      price: Math.round(ofKind(home)),
    };
  });

  it("values a home unlike its neighbours partly by the rates of homes like it", () => {
    const large = (squareFeet: number): ValuationSubject => ({ ...SUBJECT, squareFeet, yearBuilt: 2005, qualityGrade: 9 });
    const rise = value(large(4100), sales).arv / value(large(2900), sales).arv;
    // The true rise is (4100 / 2900)^1.5 = 1.68 and the small homes' rate would say 1.11; fits over the nearest sales
    // alone (every kind together) give 1.28, with the fit over homes like the subject's 1.36.
    expect(rise).toBeGreaterThan(1.32);
    expect(rise).toBeLessThan(ofKind(large(4100)) / ofKind(large(2900)));
  });
  it("sees a price step along a street that the linear fits smear out", () => {
    // Homes north of an east–west street sell 25 % above those south of it. The location factors blur that across
    // the street; the boosted fit's trees can split on it: either side, 0.08 miles from the street, the ARVs differ by
    // 9.8 % with them and by 7.0 % without.
    const next = rng(5);
    const worth = (home: Pick<HomeFacts, "latitude" | "squareFeet">) =>
      400_000 * (home.squareFeet! / 2000) ** 0.8 * (home.latitude > CENTER.latitude ? 1.25 : 1);
    const street: Sale[] = Array.from({ length: 600 }, (_, i) => {
      const east = 2 * next() - 1;
      const north = 2 * next() - 1;
      const home = {
        ...SUBJECT,
        squareFeet: Math.round(1600 + next() * 800),
        latitude: CENTER.latitude + north / MILES_PER_DEGREE,
        longitude: CENTER.longitude + east / MILES_PER_LON_DEGREE,
      };
      const saleDate = dateOfDay(dayNumber(VALUATION_DATE) - 1 - Math.floor(next() * 250));
      return { ...home, id: `street${i}`, parcelId: `street-${i}`, saleDate, price: Math.round(worth(home)) };
    });
    const at = (miles: number) => value({ ...SUBJECT, latitude: CENTER.latitude + miles / MILES_PER_DEGREE }, street).arv;
    expect(at(0.08) / at(-0.08)).toBeGreaterThan(1.085);
  });

  it("weighs sales by likeness only against one another: a subject unlike every sale is valued like one merely unusual", () => {
    // Every sale built in 1980, so the year built moves no rate: a subject built in 1700 is only less like all of them
    // alike, and a 1-sq-ft one so unlike that each likeness weight alone would underflow to zero.
    const built1980 = [1, 2, 3, 4, 5, 6, 7].flatMap((k) =>
      [1, 2, 3].map((m) => sale(`b${k}-${m}`, 0.05 * k + 0.01 * m, 10 * k + m, { squareFeet: 1800 + 100 * k + 10 * m, yearBuilt: 1980 })),
    );
    for (const squareFeet of [1, 400]) {
      const recent = value({ ...SUBJECT, squareFeet, yearBuilt: 1975 }, built1980).arv;
      expect(value({ ...SUBJECT, squareFeet, yearBuilt: 1700 }, built1980).arv).toBe(recent);
    }
  });
});

describe("estimate, range and confidence", () => {
  it("lands near the true value and inside its range", () => {
    const result = value(SUBJECT, market({ seed: 9, noise: 0.05 }));
    const truth = trueValue(SUBJECT, 0);
    expect(Math.abs(result.arv / truth - 1)).toBeLessThan(0.03);
    expect(result.range_low).toBeLessThanOrEqual(result.arv);
    expect(result.range_high).toBeGreaterThanOrEqual(result.arv);
    expect(result.confidence).toBeGreaterThan(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    const weights = result.comps.reduce((s, c) => s + c.weight, 0);
    expect(weights).toBeCloseTo(1, 3);
    expect(result.method).toMatch(/comparable sales/i);
    expect(result.rationale).toMatch(/from \d+ comparable sales/);
  });

  it("says how much the comps' mean and the market model each weigh in the ARV, and the ARV is their weighted mean", () => {
    const money = (text: string) => Number(text.replace(/[$,]/g, ""));
    const blendOf = (rationale: string) => {
      const found =
        /The ARV weighs their mean, (\$[\d,]+), at (\d+) % and the local market model's value for this home's facts and location, (\$[\d,]+), at (\d+) %\./.exec(
          rationale,
        );
      expect(found).not.toBeNull();
      const [, comps, compsShare, model, modelShare] = found!;
      return { comps: money(comps), compsShare: Number(compsShare) / 100, model: money(model), modelShare: Number(modelShare) / 100 };
    };
    const faq = value(SUBJECT, market({ seed: 9, noise: 0.05 }));
    expect(faq.selectionStep).toBe(0);
    const atFaq = blendOf(faq.rationale);
    expect([atFaq.compsShare, atFaq.modelShare]).toEqual([0.3, 0.7]);
    // The comps' mean is the weighted mean of their adjusted ln prices (the weights as shown, rounded to 4 places).
    const shown = faq.comps.reduce((s, c) => s + c.weight, 0);
    const compsMean = Math.exp(faq.comps.reduce((s, c) => s + c.weight * Math.log(c.adjustedPrice), 0) / shown);
    expect(Math.abs(atFaq.comps / compsMean - 1)).toBeLessThan(0.001);
    expect(Math.abs(faq.arv / (atFaq.comps ** 0.3 * atFaq.model ** 0.7) - 1)).toBeLessThan(0.001);

    // Past step 0 the comps are less alike, and weigh less.
    const widened = value(
      SUBJECT,
      [1, 2, 3, 4, 5, 6].map((i) => sale(`w${i}`, 0.1 * i, 30 + i, { bedrooms: 5, squareFeet: 3400 })),
    );
    expect(widened.selectionStep).toBeGreaterThan(0);
    const atWidened = blendOf(widened.rationale);
    expect([atWidened.compsShare, atWidened.modelShare]).toEqual([0.1, 0.9]);
    expect(Math.abs(widened.arv / (atWidened.comps ** 0.1 * atWidened.model ** 0.9) - 1)).toBeLessThan(0.001);
  });

  it("is more confident with more comps", () => {
    const few = value(
      SUBJECT,
      [1, 2].map((i) => sale(`few${i}`, 0.1 * i, 20 + i)),
    );
    const many = value(
      SUBJECT,
      [1, 2, 3, 4, 5, 6, 7, 8].map((i) => sale(`many${i}`, 0.1 * i, 20 + i)),
    );
    expect(many.confidence).toBeGreaterThan(few.confidence);
  });

  it("is more confident with closer comps", () => {
    const near = value(
      SUBJECT,
      [1, 2, 3, 4, 5, 6].map((i) => sale(`near${i}`, 0.05 * i, 20 + i)),
    );
    const far = value(
      SUBJECT,
      [1, 2, 3, 4, 5, 6].map((i) => sale(`far${i}`, 1.6 + 0.05 * i, 20 + i)),
    );
    expect(near.confidence).toBeGreaterThan(far.confidence);
  });

  it("is more confident, with a narrower range, when the comps agree", () => {
    const prices = [0.97, 1.03, 0.99, 1.01, 0.98, 1.02];
    const spread = [0.8, 1.25, 0.9, 1.15, 0.85, 1.2];
    const make = (factors: number[], tag: string) =>
      factors.map((f, i) => sale(`${tag}${i}`, 0.1 * (i + 1), 20 + i, { price: Math.round(trueValue(SUBJECT, 20 + i) * f) }));
    const tight = value(SUBJECT, make(prices, "tight"));
    const loose = value(SUBJECT, make(spread, "loose"));
    expect(tight.confidence).toBeGreaterThan(loose.confidence);
    expect(tight.range_high - tight.range_low).toBeLessThan(loose.range_high - loose.range_low);
  });
});

describe("regional models", () => {
  const cell = regionCellOf(CENTER);
  const options = { valuationDate: VALUATION_DATE };
  /** A region of 1,500 sales over 5 miles with the markets' 10 % a year rise. */
  const region = market({ seed: 21, count: 1500, radiusMiles: 5, days: 360, noise: 0.1 });
  /** A thin place: 40 sales nearby whose prices did not rise at all (the trend taken out), noisy. */
  const thin = market({ seed: 22, count: 40, radiusMiles: 0.8, days: 360, noise: 0.12 }).map((s) => ({
    ...s,
    price: Math.round(s.price * Math.exp((TRUE_RATES.trendPerYear * (dayNumber(VALUATION_DATE) - dayNumber(s.saleDate))) / 365)),
  }));
  const withModel = (regional: RegionalModel | null) => {
    const outcome = valueSubject(SUBJECT, thin, { ...options, regional });
    if (!outcome.ok) throw new Error(outcome.refusal.message);
    return outcome.result;
  };
  const marketTime = (result: ValuationResult) => result.comps.reduce((sum, comp) => sum + adjustment(comp, "market_time"), 0);

  it("numbers cells of 0.05° from 90° S and 180° W; a cell's window is about 7 miles each way around its centre", () => {
    expect(cell).toEqual({ latitudeCell: Math.trunc(137.6 / 0.05), longitudeCell: Math.trunc(57.7 / 0.05) });
    const centre = regionCentre(cell);
    expect(regionCellOf(centre)).toEqual(cell);
    expect(Math.abs(centre.latitude - CENTER.latitude)).toBeLessThanOrEqual(REGION_CELL_DEGREES / 2);
    const window = regionWindow(cell, options);
    expect(window.limit).toBe(REGION_LIMIT);
    expect(distanceMiles(centre, { latitude: window.maxLatitude, longitude: centre.longitude })).toBeCloseTo(REGION_MILES, 1);
    expect(distanceMiles(centre, { latitude: centre.latitude, longitude: window.minLongitude })).toBeCloseTo(REGION_MILES, 1);
    expect(window.fromDate).toBe(monthsBefore(VALUATION_DATE, 12));
    expect(window.beforeDate).toBe(VALUATION_DATE);
  });

  it("fits no model for a region of fewer than 200 usable sales, and none from a sale on or after its date", () => {
    expect(regionalModel(cell, region.slice(0, REGION_MIN_SALES - 1), options)).toBeNull();
    const model = regionalModel(cell, region, options);
    expect(model).toMatchObject({ asOf: VALUATION_DATE, sales: region.length });
    expect(model?.rates.every(Number.isFinite)).toBe(true);
    const later = region.slice(0, 300).map((s) => ({ ...s, id: `later-${s.id}`, saleDate: "2015-04-01", price: s.price * 3 }));
    expect(regionalModel(cell, [...region, ...later], options)).toEqual(model);
  });

  it("lends a thin place its region's price index: flat local prices are brought up by the region's rise", () => {
    const model = regionalModel(cell, region, options);
    const without = withModel(null);
    const leaning = withModel(model);
    expect(Math.abs(marketTime(without))).toBeLessThan(0.02 * without.arv * without.comps.length);
    expect(marketTime(leaning)).toBeGreaterThan(marketTime(without) + 0.01 * without.arv * without.comps.length);
    expect(leaning.rationale).not.toEqual(without.rationale);
  });

  it("counts for little where sales are many: a dense place's own fit decides", () => {
    const dense = market({ seed: 23, count: 1000, radiusMiles: 0.8, days: 360, noise: 0.05 });
    const model = regionalModel(cell, region, options);
    const a = valueSubject(SUBJECT, dense, { ...options, regional: model });
    const b = valueSubject(SUBJECT, dense, options);
    if (!a.ok || !b.ok) throw new Error("refused");
    expect(Math.abs(Math.log(a.result.arv / b.result.arv))).toBeLessThan(0.01);
  });

  it("uses a model fitted for the valuation date or up to 90 days before it; never a later one or one of another layout", () => {
    const model = regionalModel(cell, region, options)!;
    const without = withModel(null);
    const shifted = (days: number) => ({ ...model, asOf: dateOfDay(dayNumber(VALUATION_DATE) + days) });
    expect(withModel(shifted(-REGIONAL_MODEL_MAX_AGE_DAYS))).not.toEqual(without);
    expect(withModel(shifted(-REGIONAL_MODEL_MAX_AGE_DAYS - 1))).toEqual(without);
    expect(withModel(shifted(1))).toEqual(without);
    expect(withModel({ ...model, rates: model.rates.slice(1) })).toEqual(without);
    expect(withModel({ ...model, rates: model.rates.map((rate, i) => (i === 0 ? Number.NaN : rate)) })).toEqual(without);
  });
});

describe("market trees", () => {
  const options = { valuationDate: VALUATION_DATE };
  const cell = marketCellOf(CENTER);
  /** A market of 1,200 sales over 5 miles with the markets' 10 % a year rise. */
  const sales = market({ seed: 31, count: MARKET_MIN_SALES + 200, radiusMiles: 5, days: 360, noise: 0.1 });
  const model = marketModel(cell, sales, options)!;
  const near = market({ seed: 32, count: 300, radiusMiles: 0.8, days: 300, noise: 0.08 });
  const withTrees = (trees: MarketModel | null) => {
    const outcome = valueSubject(SUBJECT, near, { ...options, market: trees });
    if (!outcome.ok) throw new Error(outcome.refusal.message);
    return outcome.result;
  };

  it("number cells of 0.5° (ten region cells a side); a cell's window is the cell and 0.25° around it", () => {
    expect(cell).toEqual({ latitudeCell: Math.floor(137.6 / 0.5), longitudeCell: Math.floor(57.7 / 0.5) });
    expect(marketCellOfRegion(regionCellOf(CENTER))).toEqual(cell);
    const centre = marketCentre(cell);
    expect(marketCellOf(centre)).toEqual(cell);
    const window = marketWindow(cell, options);
    expect(window.maxLatitude - window.minLatitude).toBeCloseTo(MARKET_CELL_DEGREES + 2 * MARKET_MARGIN_DEGREES, 9);
    expect(window.minLongitude).toBeCloseTo(centre.longitude - MARKET_CELL_DEGREES / 2 - MARKET_MARGIN_DEGREES, 9);
    expect(window.limit).toBe(MARKET_LIMIT);
    expect([window.fromDate, window.beforeDate]).toEqual([monthsBefore(VALUATION_DATE, 12), VALUATION_DATE]);
  });

  it("are fitted from MARKET_MIN_SALES usable sales on, anchored at the latest, never from a sale on or after their date", () => {
    expect(marketModel(cell, sales.slice(0, MARKET_MIN_SALES - 1), options)).toBeNull();
    expect(model).toMatchObject({ asOf: VALUATION_DATE, sales: sales.length });
    expect(model.anchor).toBe(
      sales
        .map((s) => s.saleDate)
        .sort()
        .at(-1),
    );
    expect(Number.isFinite(model.base)).toBe(true);
    const later = sales.slice(0, 300).map((s) => ({ ...s, id: `later-${s.id}`, saleDate: VALUATION_DATE, price: s.price * 3 }));
    expect(marketModel(cell, [...later, ...sales], options)).toEqual(model);
  });

  it("take TUNING.marketShare of the model value: trees of the same market priced 20 % higher lift the ARV by about that share", () => {
    const dearer = marketModel(
      cell,
      sales.map((s) => ({ ...s, price: s.price * 1.2 })),
      options,
    )!;
    const base = withTrees(model);
    const lifted = withTrees(dearer);
    expect(base.selectionStep).toBe(0);
    // At step 0 the model value weighs TUNING.modelBlend in the ARV.
    const expected = TUNING.modelBlend * TUNING.marketShare * Math.log(1.2);
    expect(Math.log(lifted.arv / base.arv)).toBeGreaterThan(0.8 * expected);
    expect(Math.log(lifted.arv / base.arv)).toBeLessThan(1.2 * expected);
    // And they value this market's homes near their true value, as the local fits do.
    expect(Math.abs(Math.log(base.arv / trueValue(SUBJECT, 0)))).toBeLessThan(0.05);
  });

  it("are used when fitted for the valuation date or up to 90 days before it; never later ones, another layout or not trees", () => {
    const without = withTrees(null);
    const shifted = (days: number) => ({ ...model, asOf: dateOfDay(dayNumber(VALUATION_DATE) + days) });
    expect(withTrees(shifted(-REGIONAL_MODEL_MAX_AGE_DAYS))).not.toEqual(without);
    expect(withTrees(shifted(-REGIONAL_MODEL_MAX_AGE_DAYS - 1))).toEqual(without);
    expect(withTrees(shifted(1))).toEqual(without);
    const trees = model.trees as { features: number; cuts: number[][] };
    expect(withTrees({ ...model, trees: { ...trees, features: trees.features - 1, cuts: trees.cuts.slice(1) } })).toEqual(without);
    expect(withTrees({ ...model, trees: "not trees" })).toEqual(without);
    expect(withTrees({ ...model, base: Number.NaN })).toEqual(without);
  });
});
