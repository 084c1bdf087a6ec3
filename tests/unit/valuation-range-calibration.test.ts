// The 80 % range calibrated per market (app/domain/valuation/range-calibration.ts): on a synthetic market whose true
// error scale is known, the learnt scale recovers it and its range holds 80 % of fresh sales; a region with too few
// sales keeps no scale, so the global one is used and the confidence says Low; a stale calibration is not used.
import { describe, expect, it } from "vitest";

import { dayNumber } from "#app/domain/valuation/geo.ts";
import { errorScale, INTERVAL_CALIBRATION, intervalOf, LOW_CONFIDENCE_MAX } from "#app/domain/valuation/interval.ts";
import {
  calibrateRange,
  CALIBRATION_MIN_SALES,
  fromKept,
  toKept,
  usableCalibration,
  type CalibrationSample,
} from "#app/domain/valuation/range-calibration.ts";
import type { IntervalEvidence } from "#app/domain/valuation/types.ts";

import { rng } from "./valuation-fixture.ts";

const EVIDENCE: IntervalEvidence = {
  spread: 0.1,
  disagreement: 0.05,
  effectiveComps: 6,
  medianMiles: 0.5,
  stepIndex: 0,
  gapDays: 1,
  medianCompDays: 120,
  unknownShare: 1 / 14,
  residualScale: 0.12,
  fitSpread: 0.03,
};

/** The 80 % quantile and the median of |z| for a standard normal z. */
const NORMAL_Q80 = 1.2816;
const NORMAL_MEDIAN = 0.6745;

/** A standard normal draw (Box–Muller). */
function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/**
 * A market whose errors run `trueScale` times what the global half-width predicts: each sale's half-width h varies,
 * and its ln error is normal with the spread that puts 80 % of |error| within trueScale × h.
 */
function market(trueScale: number, count: number, seed: number): CalibrationSample[] {
  const next = rng(seed);
  return Array.from({ length: count }, () => {
    const halfWidth = 0.05 + 0.3 * next();
    return { halfWidth, logError: (normal(next) * trueScale * halfWidth) / NORMAL_Q80 };
  });
}

describe("calibrateRange", () => {
  it.each([0.6, 1, 1.5])("recovers a market's true error scale (%s × the global) and holds 80 % of fresh sales", (trueScale) => {
    const learnt = calibrateRange(market(trueScale, 4000, 7), "2026-11-01")!;
    expect(learnt.sales).toBe(4000);
    expect(learnt.scale).toBeGreaterThan(trueScale * 0.95);
    expect(learnt.scale).toBeLessThan(trueScale * 1.05);
    expect(learnt.medianRatio).toBeCloseTo(NORMAL_MEDIAN / NORMAL_Q80, 1);
    const fresh = market(trueScale, 4000, 99);
    const inside = fresh.filter((s) => Math.abs(s.logError) <= learnt.scale * s.halfWidth).length / fresh.length;
    expect(inside).toBeGreaterThan(0.78);
    expect(inside).toBeLessThan(0.82);
  });

  it("keeps no scale for a region with fewer than the minimum of usable sales", () => {
    expect(calibrateRange(market(1, CALIBRATION_MIN_SALES - 1, 3), "2026-11-01")).toBeNull();
    const unusable = [...market(1, CALIBRATION_MIN_SALES - 1, 3), { halfWidth: 0, logError: 0.1 }];
    expect(calibrateRange(unusable, "2026-11-01")).toBeNull();
    expect(calibrateRange(market(1, CALIBRATION_MIN_SALES, 3), "2026-11-01")).not.toBeNull();
  });
});

describe("intervalOf with a region's calibration", () => {
  const estimateLog = Math.log(400_000);
  const global = errorScale(EVIDENCE);

  it("widens or narrows the global half-width by the region's scale, and says its typical error", () => {
    const wide = intervalOf(estimateLog, EVIDENCE, { asOf: "2026-11-01", sales: 300, scale: 1.5, medianRatio: 0.5 });
    expect(wide.halfWidth).toBeCloseTo(global * 1.5, 10);
    expect(wide.rangeLow).toBeLessThan(intervalOf(estimateLog, EVIDENCE).rangeLow);
    const narrow = intervalOf(estimateLog, EVIDENCE, { asOf: "2026-11-01", sales: 300, scale: 0.7, medianRatio: 0.5 });
    expect(narrow.halfWidth).toBeCloseTo(global * 0.7, 10);
    expect(narrow.typicalErrorPct).toBeLessThanOrEqual(wide.typicalErrorPct);
    // Its typical error is the region's median ratio × its half-width (to the whole percent the words carry).
    expect(Math.abs(wide.typicalErrorPct - 100 * (Math.exp(wide.halfWidth * 0.5) - 1))).toBeLessThanOrEqual(1);
  });

  it("falls back to the global half-width with a Low confidence when the region had too few sales", () => {
    const fallback = intervalOf(estimateLog, EVIDENCE, null);
    expect(fallback.halfWidth).toBe(global);
    expect(fallback.confidenceLabel).toBe("Low");
    expect(fallback.confidence).toBeLessThanOrEqual(LOW_CONFIDENCE_MAX);
    // Without any calibration asked for, this evidence reads better than Low.
    expect(intervalOf(estimateLog, EVIDENCE).confidenceLabel).not.toBe("Low");
    expect(INTERVAL_CALIBRATION.medianRatio).toBeGreaterThan(0);
  });

  it("uses a calibration only when learnt for the valuation date or at most the allowed days before", () => {
    const calibration = { asOf: "2026-11-01", sales: 300, scale: 1.2, medianRatio: 0.5 };
    expect(usableCalibration(calibration, dayNumber("2026-11-20"), dayNumber, 90)).toBe(calibration);
    expect(usableCalibration(calibration, dayNumber("2026-10-31"), dayNumber, 90)).toBeUndefined();
    expect(usableCalibration(calibration, dayNumber("2027-03-01"), dayNumber, 90)).toBeUndefined();
    expect(usableCalibration(null, dayNumber("2026-11-20"), dayNumber, 90)).toBeNull();
    expect(usableCalibration({ ...calibration, scale: Number.NaN }, dayNumber("2026-11-20"), dayNumber, 90)).toBeUndefined();
  });
});

describe("a region's calibration as the refresh keeps it", () => {
  const day = dayNumber("2026-11-20");

  it("reads back a learnt scale, a sparse region as null (the global scale, Low), and nothing or a stale one as undefined", () => {
    const learnt = { asOf: "2026-11-01", sales: 300, scale: 1.2, medianRatio: 0.5 };
    expect(fromKept(toKept(learnt, "2026-11-01", 300), day, dayNumber, 90)).toEqual(learnt);
    const sparse = toKept(null, "2026-11-01", 40);
    expect(sparse).toEqual({ asOf: "2026-11-01", sales: 40, scale: null, medianRatio: null });
    expect(fromKept(sparse, day, dayNumber, 90)).toBeNull();
    expect(fromKept(null, day, dayNumber, 90)).toBeUndefined();
    expect(fromKept(sparse, dayNumber("2027-03-01"), dayNumber, 90)).toBeUndefined();
    expect(fromKept(toKept(learnt, "2026-11-01", 300), dayNumber("2026-10-31"), dayNumber, 90)).toBeUndefined();
  });
});
