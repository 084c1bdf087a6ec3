// The comps list explains the ARV: weights and the market model's share rebuild it; a thin market flags no comp for
// distance alone and never every comp; the confidence words and the 80 % range are one sentence.
import { describe, expect, it } from "vitest";

import { compSetNote, FEW_CLOSE_SALES, outlierReasons } from "#app/domain/valuation/outliers.ts";
import { arvShareOf, rebuildArv } from "#app/domain/valuation/rebuild.ts";
import { confidenceAndRangeText, confidenceWordsText } from "#app/domain/valuation/view.ts";

const comp = (id: string, fields: Partial<{ pricePerSqft: number; adjustedPrice: number; distance: number; soldDate: string }> = {}) => ({
  id,
  soldDate: "2026-09-01",
  pricePerSqft: 200,
  adjustedPrice: 360_000,
  distance: 0.4,
  ...fields,
});

describe("the ARV rebuilt from the comps list", () => {
  it("blends the comps' weighted value with the market model's on a log scale, as the engine does", () => {
    const comps = [
      { adjustedPrice: 350_000, weight: 0.5 },
      { adjustedPrice: 400_000, weight: 0.3 },
      { adjustedPrice: 300_000, weight: 0.2 },
    ];
    const model = { value: 380_000, share: 0.3 };
    const rebuilt = rebuildArv(comps, model)!;
    const compsLog = 0.5 * Math.log(350_000) + 0.3 * Math.log(400_000) + 0.2 * Math.log(300_000);
    expect(rebuilt.compsValue).toBe(Math.round(Math.exp(compsLog)));
    expect(rebuilt.arv).toBe(Math.round(Math.exp(0.7 * compsLog + 0.3 * Math.log(380_000))));
    // The shares shown add up to the whole ARV.
    const shares = comps.map((c) => arvShareOf(c.weight, model));
    expect(shares.reduce((sum, share) => sum + share, 0) + model.share).toBeCloseTo(1, 10);
    expect(rebuildArv(comps, null)).toBeNull();
    expect(rebuildArv([{ adjustedPrice: null, weight: 1 }], model)).toBeNull();
  });
});

describe("outlier flags", () => {
  it("flag no comp for distance when every comp is far, and say 'few close sales' once", () => {
    const far = [comp("a", { distance: 1.4 }), comp("b", { distance: 2.1 }), comp("c", { distance: 1.2 })];
    const reasons = outlierReasons(far);
    expect([...reasons.values()].every((why) => why.length === 0)).toBe(true);
    expect(compSetNote(far)).toBe(FEW_CLOSE_SALES);
    expect(compSetNote([comp("a"), comp("b", { distance: 1.5 })])).toBeNull();
  });

  it("flag a comp that stands out, and never every comp", () => {
    const set = [comp("a"), comp("b", { adjustedPrice: 480_000, pricePerSqft: 290 }), comp("c", { distance: 1.6 })];
    const reasons = outlierReasons(set);
    expect(reasons.get("b")!.length).toBeGreaterThan(0);
    expect(reasons.get("c")).toEqual(["1.60 mi away (over 1 mile)"]);
    expect(reasons.get("a")).toEqual([]);
    // Each differently far, old or dear: the price flags stay, the rest no longer single anyone out.
    const all = [comp("a", { distance: 1.5 }), comp("b", { adjustedPrice: 480_000 }), comp("c", { soldDate: "2025-10-01" })];
    const flagged = [...outlierReasons(all).values()].filter((why) => why.length > 0);
    expect(flagged.length).toBeLessThan(all.length);
  });
});

describe("confidence and range in one sentence", () => {
  it("says how the words and the 80 % range relate", () => {
    expect(confidenceAndRangeText(42, 279_000, 494_000)).toBe(`${confidenceWordsText(42)}; 8 in 10 sales land between $279k and $494k`);
    expect(confidenceAndRangeText(42, null, null)).toBe(confidenceWordsText(42));
    expect(confidenceAndRangeText(null, 900_000, 1_250_000)).toBe("8 in 10 sales land between $900k and $1.25M");
  });
});
