// The valuation engine on hand-made markets (valuation-fixture.ts): the regional models and the market trees.
import { describe, expect, it } from "vitest";

import {
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
import { valueSubject } from "#app/domain/valuation/engine.ts";
import { dateOfDay, dayNumber, distanceMiles, monthsBefore } from "#app/domain/valuation/geo.ts";
import { marketModel } from "#app/domain/valuation/market.ts";
import { regionalModel } from "#app/domain/valuation/regional.ts";
import { TUNING } from "#app/domain/valuation/tuning.ts";
import type { MarketModel, RegionalModel, ValuationResult } from "#app/domain/valuation/types.ts";

import { adjustment, CENTER, market, SUBJECT, TRUE_RATES, trueValue, VALUATION_DATE } from "./valuation-fixture.ts";

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
