// The ARV's 80 % range and its confidence words (app/domain/valuation/interval.ts, ADR 076): the re-fit recovers a
// known error scale and covers 80 % of held-out errors, the scale follows the evidence, and the words follow the
// calibration's thresholds both ways.
import { describe, expect, it } from "vitest";

import {
  confidenceOf,
  confidenceSentence,
  confidenceWordsOf,
  errorScale,
  HIGH_CONFIDENCE_MAX_ERROR_PCT,
  intervalOf,
  isLowConfidence,
  labelOf,
  MEDIUM_CONFIDENCE_MAX_ERROR_PCT,
  RANGE_COVERAGE,
  UNKNOWN_FACTS,
  unknownShareOf,
} from "#app/domain/valuation/interval.ts";
import type { HomeFacts, IntervalEvidence } from "#app/domain/valuation/types.ts";
import { confidenceWordsText, RANGE_LABEL } from "#app/domain/valuation/view.ts";
import { fitInterval, type ErrorSample } from "#tests/bench/valuation/interval-fit.ts";
import { rangeFigures } from "#tests/bench/valuation/metrics.ts";

import { market, rng, SUBJECT, value } from "./valuation-fixture.ts";

const TYPICAL: IntervalEvidence = {
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

/** Evidence drawn at random over the ranges the bench sees. */
function randomEvidence(next: () => number): IntervalEvidence {
  return {
    spread: 0.02 + 0.3 * next(),
    disagreement: 0.2 * next(),
    effectiveComps: 1 + 9 * next(),
    medianMiles: 0.1 + 2 * next(),
    stepIndex: next() < 0.2 ? 1 + Math.floor(3 * next()) : 0,
    gapDays: 90 * next(),
    medianCompDays: 30 + 300 * next(),
    unknownShare: next() < 0.5 ? 1 / 14 : 10 / 14,
    residualScale: 0.05 + 0.2 * next(),
    fitSpread: 0.1 * next(),
  };
}

/** A market whose true error scale is known: |ln error| is exponential with scale e^(x·truth). */
function sample(seed: number, count: number, truth: readonly number[]): ErrorSample[] {
  const next = rng(seed);
  const out: ErrorSample[] = [];
  for (let i = 0; i < count; i++) {
    const evidence = randomEvidence(next);
    const scale = errorScale(evidence, truth);
    const magnitude = -Math.log(1 - next()) * scale;
    out.push({ evidence, logError: next() < 0.5 ? magnitude : -magnitude });
  }
  return out;
}

describe("the 80 % range", () => {
  it("re-fitted on one sample, holds 80 % of the prices of another where the truth is known", () => {
    const truth = [0, 0.5, 0.1, -0.3, 0.2, 0.2, 0.1, 0.6, 0.3, 0.1];
    // Fitted at exactly 80 %: this market does not drift.
    const fit = fitInterval(sample(11, 10_000, truth), RANGE_COVERAGE);
    const heldOut = sample(12, 10_000, truth);
    const price = 300_000;
    const coverageOf = (samples: ErrorSample[]) =>
      rangeFigures(
        samples.map((s) => {
          const halfWidth = errorScale(s.evidence, fit.coefficients);
          const arv = price / Math.exp(s.logError);
          return { price, arv, rangeLow: arv * Math.exp(-halfWidth), rangeHigh: arv * Math.exp(halfWidth) };
        }),
      ).coverage;
    // Overall, and for the homes with most facts known and with most unknown, each on its own.
    for (const part of [
      heldOut,
      heldOut.filter((s) => s.evidence.unknownShare < 0.5),
      heldOut.filter((s) => s.evidence.unknownShare > 0.5),
    ]) {
      expect(coverageOf(part)).toBeGreaterThan(78);
      expect(coverageOf(part)).toBeLessThan(82);
    }
    // The spread and the unknown facts are recovered near their true weights, and the median ratio is the exponential's.
    expect(Math.abs(fit.coefficients[1] - 0.5)).toBeLessThan(0.1);
    expect(Math.abs(fit.coefficients[7] - 0.6)).toBeLessThan(0.15);
    expect(fit.medianRatio).toBeCloseTo(Math.log(2) / Math.log(5), 1);
  });

  it("is narrow where the evidence is strong and wide where it is weak", () => {
    const base = errorScale(TYPICAL);
    expect(errorScale({ ...TYPICAL, spread: 0.3 })).toBeGreaterThan(base);
    expect(errorScale({ ...TYPICAL, effectiveComps: 2 })).toBeGreaterThan(base);
    expect(errorScale({ ...TYPICAL, medianMiles: 2 })).toBeGreaterThan(base);
    expect(errorScale({ ...TYPICAL, stepIndex: 2 })).toBeGreaterThan(base);
    expect(errorScale({ ...TYPICAL, unknownShare: 10 / 14 })).toBeGreaterThan(base);
    expect(errorScale({ ...TYPICAL, residualScale: 0.3 })).toBeGreaterThan(base);
  });

  it("is centred on the estimate in ln price and rounded to $100", () => {
    const interval = intervalOf(Math.log(400_000), TYPICAL);
    expect(interval.rangeLow % 100).toBe(0);
    expect(interval.rangeHigh % 100).toBe(0);
    expect(Math.abs(Math.log((interval.rangeLow * interval.rangeHigh) / 400_000 ** 2))).toBeLessThan(0.001);
    expect(interval.rangeHigh / 400_000 - 1).toBeCloseTo(Math.exp(interval.halfWidth) - 1, 3);
  });

  it("counts the subject's unknown facts", () => {
    expect(unknownShareOf(SUBJECT)).toBeCloseTo(2 / UNKNOWN_FACTS.length, 6); // zip and property type
    expect(unknownShareOf({ latitude: 47.6, longitude: -122.3 })).toBe(1);
  });
});

describe("the confidence words", () => {
  it("are High up to the first bound of typical error, Medium up to the second, Low beyond", () => {
    expect(labelOf(HIGH_CONFIDENCE_MAX_ERROR_PCT)).toBe("High");
    expect(labelOf(HIGH_CONFIDENCE_MAX_ERROR_PCT + 1)).toBe("Medium");
    expect(labelOf(MEDIUM_CONFIDENCE_MAX_ERROR_PCT)).toBe("Medium");
    expect(labelOf(MEDIUM_CONFIDENCE_MAX_ERROR_PCT + 1)).toBe("Low");
  });

  it("are Low exactly where the number's typical error passes the Medium bound", () => {
    for (let percent = 1; percent < 100; percent++) {
      const words = confidenceWordsOf(percent / 100)!;
      expect(isLowConfidence(percent / 100)).toBe(words.typicalErrorPct > MEDIUM_CONFIDENCE_MAX_ERROR_PCT);
    }
    expect(isLowConfidence(0.2)).toBe(true);
    expect(isLowConfidence(0.9)).toBe(false);
    expect(isLowConfidence(null)).toBe(false);
  });

  it("come with a number that falls as the range widens and reads back to the same words", () => {
    let previous = 1;
    for (const halfWidth of [0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 0.5, 0.8]) {
      const said = confidenceOf(halfWidth);
      expect(said.confidence).toBeLessThan(previous);
      previous = said.confidence;
      // A view holding only the whole percent says the same words.
      const percent = Math.round(said.confidence * 100);
      expect(said.confidence * 100).toBeCloseTo(percent, 9);
      expect(confidenceWordsOf(percent / 100)).toEqual({ label: said.confidenceLabel, typicalErrorPct: said.typicalErrorPct });
    }
  });

  it("are said in plain words next to the number, and N/A when unknown", () => {
    const words = confidenceWordsOf(0.82)!;
    expect(confidenceSentence(words)).toBe(`${words.label} confidence — typically within ${words.typicalErrorPct} %`);
    expect(confidenceWordsText(82)).toBe(`${words.label} — typically within ${words.typicalErrorPct} % (82%)`);
    expect(confidenceWordsText(null)).toBe("N/A");
    expect(confidenceWordsOf(0)).toBeNull();
    expect(RANGE_LABEL).toBe("80 % range");
  });
});

/** The columns a market may lack (blank in its CSV): condition, grade, view, waterfront, basement, renovation, stories, lot, ZIP. */
const OPTIONAL: readonly (keyof HomeFacts)[] = [
  "condition",
  "qualityGrade",
  "view",
  "waterfront",
  "basementSquareFeet",
  "yearRenovated",
  "stories",
  "lotSquareFeet",
  "zip",
];
const blank = <T extends HomeFacts>(home: T): T => ({ ...home, ...Object.fromEntries(OPTIONAL.map((key) => [key, null])) });

describe("a market without the optional columns", () => {
  it("is valued from what there is, never refused, with a wider range than the same market with every column", () => {
    for (const seed of [3, 5, 8]) {
      const sales = market({ seed, noise: 0.08 });
      const full = value(SUBJECT, sales);
      const bare = value(blank(SUBJECT), sales.map(blank));
      expect(bare.arv).toBeGreaterThan(0);
      expect(bare.range_low).toBeLessThan(bare.arv);
      expect(bare.range_high).toBeGreaterThan(bare.arv);
      expect(bare.evidence.unknownShare).toBeGreaterThan(full.evidence.unknownShare);
      expect(bare.range_high / bare.range_low).toBeGreaterThan(full.range_high / full.range_low);
      expect(bare.typicalErrorPct).toBeGreaterThanOrEqual(full.typicalErrorPct);
      expect(bare.confidence).toBeLessThan(full.confidence);
      expect(bare.assumptions).toContain("Condition unknown: assumed like each comp's (no condition adjustment).");
    }
  });
});
