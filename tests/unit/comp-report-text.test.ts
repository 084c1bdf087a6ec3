// The comp report explains its ARV as the comps list on screen does: each comp's weight among the comps and its share
// of the ARV, the market model's value and share, and "few close sales" (never a flag per comp) when every comp is far.
import { describe, expect, it } from "vitest";

import { compReportText } from "#app/domain/valuation/comp-report.ts";
import { FEW_CLOSE_SALES } from "#app/domain/valuation/outliers.ts";
import { rebuildArv } from "#app/domain/valuation/rebuild.ts";
import type { ValuationResult, ValuedComp } from "#app/domain/valuation/types.ts";

const SUBJECT = { latitude: 33.5, longitude: -112.1, bedrooms: 3, bathrooms: 2, squareFeet: 1450 };

function comp(id: string, adjustedPrice: number, weight: number, distanceMiles: number): ValuedComp {
  return {
    sale: {
      id,
      parcelId: `p-${id}`,
      saleDate: "2026-09-01",
      price: adjustedPrice,
      address: `${id} W Elm St`,
      squareFeet: 1450,
      latitude: 33.51,
      longitude: -112.1,
    },
    distanceMiles,
    similarity: 0.8,
    adjustedPrice,
    adjustments: [],
    weight,
  } as ValuedComp;
}

function reportOf(comps: ValuedComp[], model = { value: 380_000, share: 0.3 }) {
  const rebuilt = rebuildArv(comps, model)!;
  const result = {
    arv: rebuilt.arv,
    range_low: 300_000,
    range_high: 420_000,
    confidence: 0.6,
    confidenceLabel: "Medium",
    typicalErrorPct: 9,
    comps,
    model,
  } as unknown as ValuationResult;
  return {
    rebuilt,
    text: compReportText({
      address: "4821 N 35th Ave, Phoenix, AZ 85019",
      subject: SUBJECT,
      result,
      valuationDate: "2026-11-01",
      madeOn: "2026-11-27",
      choices: [],
    }),
  };
}

describe("the comp report's explained numbers", () => {
  it("gives each comp's weight and share of the ARV, and the market model's value and share, so the ARV can be rebuilt", () => {
    const { rebuilt, text } = reportOf([comp("1", 350_000, 0.5, 0.3), comp("2", 400_000, 0.3, 0.6), comp("3", 300_000, 0.2, 0.8)]);
    expect(text.rows.map((row) => row.share)).toEqual([
      "Weight 50 % of the comps (35 % of the ARV).",
      "Weight 30 % of the comps (21 % of the ARV).",
      "Weight 20 % of the comps (14 % of the ARV).",
    ]);
    expect(text.value).toContain(
      `The ARV blends the comps' weighted value, $${rebuilt.compsValue.toLocaleString("en-US")} (70 % of the ARV), with the market model's value, $380,000 (30 % of the ARV).`,
    );
    expect(text.value.join(" ")).not.toContain(FEW_CLOSE_SALES);
  });

  it("says 'few close sales' once and flags no comp for distance when every comp is beyond the mile", () => {
    const { text } = reportOf([comp("1", 350_000, 0.4, 1.4), comp("2", 355_000, 0.3, 2.1), comp("3", 348_000, 0.3, 1.2)]);
    expect(text.value.filter((line) => line === FEW_CLOSE_SALES)).toHaveLength(1);
    expect(text.rows.every((row) => row.flags.length === 0)).toBe(true);
  });
});
