/**
 * the synthetic market agrees with itself — a home's estimated value and its neighbours' sales come
 * from the same price surface, so the engine's ARV from those sales lands near the estimated value. The bench
 * (`npm run bench:market-agreement`) measures 1,000 homes; this holds a smaller sample of the default market to the
 * same bound, and checks the surface is smooth: two ZIPs a mile apart are priced alike.
 */
import { describe, expect, it } from "vitest";

import { loadMetroZips } from "#db/market/metro-zips.ts";
import { METROS } from "#db/market/metros.ts";
import { priceSurface } from "#db/market/price-surface.ts";
import { measureAgreement } from "#tests/bench/market-agreement/measure.ts";

const AGREEMENT_BOUND_PCT = 10;
const ONE_MILE_DEGREES = 1 / 69;

describe("the synthetic market's agreement", () => {
  it("values 200 random homes of the default market within 10 % (median) of their estimated value", { timeout: 120_000 }, () => {
    const figures = measureAgreement({ properties: 40_000, sample: 200 });
    expect(figures.valued).toBeGreaterThan(150);
    expect(figures.medianGapPct).toBeLessThanOrEqual(AGREEMENT_BOUND_PCT);
  });

  it("prices places a mile apart alike, and spreads prices over a metro as the metro says", () => {
    const zips = loadMetroZips().filter((zip) => zip.metroId === METROS[0]!.id);
    const surface = priceSurface(1, METROS[0]!);
    const steps = zips.map((zip) =>
      Math.abs(Math.log(surface(zip.latitude + ONE_MILE_DEGREES, zip.longitude) / surface(zip.latitude, zip.longitude))),
    );
    const logs = zips.map((zip) => Math.log(surface(zip.latitude, zip.longitude)));
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / logs.length);
    steps.sort((a, b) => a - b);
    // A mile typically moves the price by a few percent (independent ZIP draws moved it by ~40 %); across the metro
    // the spread is of the metro's order.
    expect(steps[Math.floor(steps.length / 2)]).toBeLessThan(0.05);
    expect(sd).toBeGreaterThan(METROS[0]!.priceSpread / 4);
  });
});
