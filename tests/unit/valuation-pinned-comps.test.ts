// The user's pinned and excluded comps in the engine (ADR 091): an excluded sale is never a comp and moves the ARV; a pinned sale is
// always a comp, even one selection would not choose and one the outlier cut would drop; and the outlier reasons.
import { describe, expect, it } from "vitest";

import { valueSubject } from "#app/domain/valuation/engine.ts";
import { outlierReasons } from "#app/domain/valuation/outliers.ts";

import { market, sale, SUBJECT, VALUATION_DATE, value } from "./valuation-fixture.ts";

const sales = market({ count: 300, seed: 7, noise: 0.05 });
const ok = (outcome: ReturnType<typeof valueSubject>) => {
  if (!outcome.ok) throw new Error(outcome.refusal.message);
  return outcome.result;
};

describe("pinned and excluded comps in the engine", () => {
  it("leaves an excluded sale out of the comps and values again without it", () => {
    const plain = value(SUBJECT, sales);
    const heaviest = [...plain.comps].sort((a, b) => b.weight - a.weight)[0].sale.id;
    const choices = { pinned: new Set<string>(), excluded: new Set([heaviest]) };
    const without = ok(valueSubject(SUBJECT, sales, { valuationDate: VALUATION_DATE, choices }));
    expect(without.comps.map((c) => c.sale.id)).not.toContain(heaviest);
    expect(without.arv).not.toBe(plain.arv);
  });

  it("keeps a pinned sale as a comp even when selection and the outlier cut would not", () => {
    // Near and recent but priced at three times its neighbours: the outlier cut drops it unless it is pinned.
    const odd = sale("odd", 0.2, 30, { price: 3_000_000 });
    const plain = value(SUBJECT, [...sales, odd]);
    expect(plain.comps.map((c) => c.sale.id)).not.toContain("odd");
    const choices = { pinned: new Set(["odd"]), excluded: new Set<string>() };
    const pinned = ok(valueSubject(SUBJECT, [...sales, odd], { valuationDate: VALUATION_DATE, choices }));
    const comp = pinned.comps.find((c) => c.sale.id === "odd");
    expect(comp).toBeDefined();
    expect(comp!.weight).toBeGreaterThan(0);
    expect(pinned.arv).toBeGreaterThan(plain.arv);
  });
});

describe("outlier reasons", () => {
  it("says which comp stands out and why: $/sq ft, adjusted price, distance and age of sale", () => {
    const base = { soldDate: "2015-01-10", pricePerSqft: 200, distance: 0.3, adjustedPrice: 400_000 };
    const reasons = outlierReasons([
      { id: "a", ...base },
      { id: "b", ...base, pricePerSqft: 210 },
      { id: "c", ...base, pricePerSqft: 190, adjustedPrice: 410_000 },
      { id: "d", ...base, pricePerSqft: 320, adjustedPrice: 520_000, distance: 1.6, soldDate: "2014-03-01" },
    ]);
    expect(reasons.get("a")).toEqual([]);
    expect(reasons.get("d")).toEqual([
      "$/sq ft 56 % above the comps' median",
      "adjusted price 28 % above the comps' median",
      "1.60 mi away (over 1 mile)",
      "sold 10 months before the newest comp",
    ]);
  });
});
