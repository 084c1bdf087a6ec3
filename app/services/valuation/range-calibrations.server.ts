/**
 * Learning each region's 80 % range calibration for the scheduled refresh (docs/decisions/076-valuation-80-percent-range.md)
 * and keeping it beside the region's model (`regional_models.range_calibration`), where valuations read it in the
 * same statement as the model. A region is calibrated once its model is current for the date: one read of the sales
 * around it, then its recent sales valued in memory (calibration-learning.ts). That is seconds of CPU a region, so a
 * Worker run calibrates at most CALIBRATION_CELLS_PER_RUN of them, those not yet calibrated for the date first; the
 * kept rows say what is left, so the next run continues.
 */
import { and, eq } from "drizzle-orm";

import { regionalModels } from "#db/schema.ts";
import { calibrationPoolWindow, learnRegionCalibration, listLookup } from "#app/domain/valuation/calibration-learning.ts";
import { REGIONAL_MODEL_VERSION, regionCentre } from "#app/domain/valuation/cells.ts";
import { toKept } from "#app/domain/valuation/range-calibration.ts";
import type { RegionCell } from "#app/domain/valuation/types.ts";

import { candidatesFor, type SalesSources } from "./sales.server.ts";

/** Regions one scheduled run calibrates: 5–6 s of CPU each for a dense region (400 valuations and their regions' models), within 30 s. */
export const CALIBRATION_CELLS_PER_RUN = 3;
/** The most sales one region's calibration reads: its recent sales, their candidates and their regions' models. */
export const CALIBRATION_POOL_LIMIT = 20_000;

export type CalibrationRefresh = { calibrated: number; withScale: number; left: number };

/** Learns and keeps one region's calibration for `asOf` (the global scale, said as Low, when its recent sales are too few). */
async function calibrateCell(sources: SalesSources, cell: RegionCell, asOf: string) {
  const pool = await candidatesFor(sources, regionCentre(cell), calibrationPoolWindow(cell, asOf, CALIBRATION_POOL_LIMIT));
  const learnt = learnRegionCalibration(cell, asOf, listLookup(pool));
  return { cell, kept: toKept(learnt.calibration, asOf, learnt.recent) };
}

/**
 * One bounded run: calibrates up to `limit` region cells whose kept model is current for `asOf` (fitted, or recorded
 * as too sparse to fit) and whose calibration is not, and writes them in one batch, each only while its row is still
 * the model for `asOf`.
 */
export async function refreshRangeCalibrations(
  sources: SalesSources,
  asOf: string,
  limit = CALIBRATION_CELLS_PER_RUN,
): Promise<CalibrationRefresh> {
  const { db } = sources;
  const current = and(eq(regionalModels.asOf, asOf), eq(regionalModels.version, REGIONAL_MODEL_VERSION));
  const rows = await db
    .select({
      latitudeCell: regionalModels.latitudeCell,
      longitudeCell: regionalModels.longitudeCell,
      rangeCalibration: regionalModels.rangeCalibration,
    })
    .from(regionalModels)
    .where(current);
  const due = rows.filter((row) => row.rangeCalibration?.asOf !== asOf);
  const learnt = [];
  // One region at a time: each holds its pool of sales in memory while its recent sales are valued.
  for (const cell of due.slice(0, limit)) learnt.push(await calibrateCell(sources, cell, asOf));
  const [first, ...rest] = learnt.map(({ cell, kept }) =>
    db
      .update(regionalModels)
      .set({ rangeCalibration: kept })
      .where(and(eq(regionalModels.latitudeCell, cell.latitudeCell), eq(regionalModels.longitudeCell, cell.longitudeCell), current)),
  );
  if (first) await db.batch([first, ...rest]);
  return {
    calibrated: learnt.length,
    withScale: learnt.filter(({ kept }) => kept.scale !== null).length,
    left: due.length - learnt.length,
  };
}
