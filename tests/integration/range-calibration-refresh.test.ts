// The 80 % range calibrated per region in production (docs/decisions/076-valuation-80-percent-range.md):
// the scheduled model refresh learns each region's scale and keeps it beside the region's model, a valuation reads
// it with the model, and a region with too few recent sales (a model of the year's sales, few of the last months')
// keeps the global scale and says Low.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { writeImportedSales } from "#db/import/write.ts";
import { regionalModels } from "#db/schema.ts";
import { MODEL_REFRESH_CRON, runScheduled } from "#workers/scheduled.ts";
import { parseSalesCsv } from "#app/domain/sales/sales-csv.ts";
import { regionCellOf, regionCentre } from "#app/domain/valuation/cells.ts";
import { CALIBRATION_MIN_SALES, type KeptCalibration } from "#app/domain/valuation/range-calibration.ts";
import type { RegionCell, ValuationSubject } from "#app/domain/valuation/types.ts";
import { value } from "#app/services/valuation/valuation.server.ts";

import { testContext } from "./context.ts";
import { db } from "./db.ts";

/** The cron's first run on the 1st: the valuation date the API uses then (the day after the last sale). */
const AS_OF = "2026-01-01";
const DENSE = regionCentre(regionCellOf({ latitude: 45.4826, longitude: -122.6434 }));
const SPARSE = regionCentre(regionCellOf({ latitude: 44.0521, longitude: -123.0868 }));
const HEADER = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,condition,quality_grade,zip,lat,lon";

/**
 * `count` sales of 2025's first `days` days within about a mile of `centre`, priced by size and place with some
 * noise.
 */
function salesAround(prefix: string, centre: { latitude: number; longitude: number }, count: number, zip: string, days = 364): string[] {
  const lines = [];
  for (let i = 0; i < count; i++) {
    const sqft = 1000 + ((i * 7) % 15) * 110;
    const dLat = (((i * 13) % 29) - 14) * 0.0009;
    const dLon = (((i * 17) % 31) - 15) * 0.0011;
    const noise = 1 + ((((i * 37) % 21) - 10) / 100) * 1.2;
    const price = Math.round(280 * sqft * Math.exp(3 * dLat) * noise);
    const day = 1 + Math.floor((i * days) / count);
    const date = new Date(Date.UTC(2025, 0, day)).toISOString().slice(0, 10);
    const [lat, lon] = [centre.latitude + dLat, centre.longitude + dLon];
    lines.push(`${prefix}-${i},${prefix}${i},${date},${price},${2 + (i % 3)},2,${sqft},5000,1,${1940 + (i % 70)},3,7,${zip},${lat},${lon}`);
  }
  return lines;
}

async function keptCalibration(cell: RegionCell) {
  const [row] = await db
    .select({ rangeCalibration: regionalModels.rangeCalibration })
    .from(regionalModels)
    .where(and(eq(regionalModels.latitudeCell, cell.latitudeCell), eq(regionalModels.longitudeCell, cell.longitudeCell)));
  return row?.rangeCalibration ?? null;
}

async function keepCalibration(cell: RegionCell, calibration: KeptCalibration | null) {
  await db
    .update(regionalModels)
    .set({ rangeCalibration: calibration })
    .where(and(eq(regionalModels.latitudeCell, cell.latitudeCell), eq(regionalModels.longitudeCell, cell.longitudeCell)));
}

async function valued(subject: ValuationSubject) {
  const outcome = await value(testContext(), subject, AS_OF);
  if (!outcome.ok) throw new Error(outcome.refusal.message);
  return outcome.result;
}

const home = (centre: { latitude: number; longitude: number }): ValuationSubject => ({
  ...centre,
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1600,
  yearBuilt: 1975,
});

beforeAll(async () => {
  const csv = [HEADER, ...salesAround("DNS", DENSE, 1500, "97202"), ...salesAround("SPR", SPARSE, 300, "97401", 290)].join("\n");
  const { rows, bad } = parseSalesCsv(csv);
  expect(bad).toEqual([]);
  await writeImportedSales(db, "calibration", rows);
  // The 1st's first cron run: the models fitted for the date, then the regions' calibrations learnt beside them.
  await runScheduled(MODEL_REFRESH_CRON, env, new Date(`${AS_OF}T00:10:00Z`));
}, 120_000);

describe("the range calibrated per region, in production", () => {
  it("the scheduled refresh learns a region's scale from its recent sales and keeps it beside the region's model", async () => {
    const kept = await keptCalibration(regionCellOf(DENSE));
    expect(kept).toMatchObject({ asOf: AS_OF });
    expect(kept!.sales).toBeGreaterThanOrEqual(CALIBRATION_MIN_SALES);
    expect(kept!.scale).toBeGreaterThan(0);
    expect(kept!.medianRatio).toBeGreaterThan(0);
  });

  it("a valuation reads its region's scale: the same ARV, its range as wide as the scale says", async () => {
    const cell = regionCellOf(DENSE);
    const learnt = (await keptCalibration(cell))!;
    const subject = home(DENSE);
    const asLearnt = await valued(subject);
    await keepCalibration(cell, { ...learnt, scale: learnt.scale! * 1.5 });
    const wider = await valued(subject);
    await keepCalibration(cell, learnt);
    expect(wider.arv).toBe(asLearnt.arv);
    const halfWidth = (result: { range_low: number; range_high: number }) => Math.log(result.range_high / result.range_low) / 2;
    expect(halfWidth(wider) / halfWidth(asLearnt)).toBeCloseTo(1.5, 1);
  });

  it("a region with too few recent sales keeps the global scale and says Low", async () => {
    const cell = regionCellOf(SPARSE);
    const kept = await keptCalibration(cell);
    expect(kept).toEqual({ asOf: AS_OF, sales: expect.any(Number), scale: null, medianRatio: null });
    expect(kept!.sales).toBeLessThan(CALIBRATION_MIN_SALES);
    const sparse = await valued(home(SPARSE));
    await keepCalibration(cell, null);
    const uncalibrated = await valued(home(SPARSE));
    await keepCalibration(cell, kept);
    expect(sparse.confidenceLabel).toBe("Low");
    expect([sparse.range_low, sparse.range_high]).toEqual([uncalibrated.range_low, uncalibrated.range_high]);
    expect(sparse.confidence).toBeLessThanOrEqual(uncalibrated.confidence);
  });
});
