/**
 * The kept regional models and market trees (docs/decisions/050-valuation-engine.md) as a valuation reads them: its region cell's
 * model and its market cell's trees by primary key, of the engine's layout, in the caller's batch.
 */
import { and, eq } from "drizzle-orm";

import { marketModels, regionalModels } from "#db/schema.ts";
import { MARKET_MODEL_VERSION, REGIONAL_MODEL_MAX_AGE_DAYS, REGIONAL_MODEL_VERSION } from "#app/domain/valuation/cells.ts";
import { dayNumber } from "#app/domain/valuation/geo.ts";
import { fromKept } from "#app/domain/valuation/range-calibration.ts";
import type { RegionalModel, RegionCell } from "#app/domain/valuation/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** A region cell's kept model of the engine's layout, by primary key. */
export function keptRegionalModelQuery(context: ServiceContext<"db">, cell: RegionCell) {
  const { db } = context;
  return db
    .select({
      asOf: regionalModels.asOf,
      sales: regionalModels.sales,
      rates: regionalModels.rates,
      rangeCalibration: regionalModels.rangeCalibration,
    })
    .from(regionalModels)
    .where(
      and(
        eq(regionalModels.latitudeCell, cell.latitudeCell),
        eq(regionalModels.longitudeCell, cell.longitudeCell),
        eq(regionalModels.version, REGIONAL_MODEL_VERSION),
      ),
    );
}

/** A market cell's kept trees of the engine's layout, by primary key (the engine checks their shape before use). */
export function keptMarketModelQuery(context: ServiceContext<"db">, cell: RegionCell) {
  const { db } = context;
  return db
    .select({
      asOf: marketModels.asOf,
      anchor: marketModels.anchor,
      sales: marketModels.sales,
      base: marketModels.base,
      trees: marketModels.trees,
    })
    .from(marketModels)
    .where(
      and(
        eq(marketModels.latitudeCell, cell.latitudeCell),
        eq(marketModels.longitudeCell, cell.longitudeCell),
        eq(marketModels.version, MARKET_MODEL_VERSION),
      ),
    );
}

/**
 * The model read, or null when none is kept, when the row says its fit found too few sales (no rates: the chunked
 * refresh's record of a cell it fitted, model-refresh.server.ts), or when its rates are not a list of numbers.
 */
export function keptRegionalModel(rows: Awaited<ReturnType<typeof keptRegionalModelQuery>>): RegionalModel | null {
  const [row] = rows;
  if (!row || !Array.isArray(row.rates) || row.rates.length === 0 || !row.rates.every((rate) => typeof rate === "number")) return null;
  return { asOf: row.asOf, sales: row.sales, rates: row.rates };
}

/**
 * The region's 80 % range calibration kept beside its model (learnt by range-calibrations.server.ts), as the engine
 * takes it for `valuationDate`: undefined when none is kept or it is stale, null when the region had too few sales.
 */
export function keptRangeCalibration(rows: Awaited<ReturnType<typeof keptRegionalModelQuery>>, valuationDate: string) {
  return fromKept(rows[0]?.rangeCalibration, dayNumber(valuationDate), dayNumber, REGIONAL_MODEL_MAX_AGE_DAYS);
}
