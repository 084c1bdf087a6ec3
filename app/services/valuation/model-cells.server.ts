/**
 * The cells whose models the refresh fits (docs/decisions/050-valuation-engine.md): those of the local market's properties and of
 * the sales of the 12 months before the valuation date, counted per region cell in SQL (REGION_CELL_SQL), kept only
 * where the region (or the market) could hold enough sales to fit on.
 */
import { and, count, gte, lt, sql } from "drizzle-orm";

import { importedSales, marketProperties, marketSales } from "#db/schema.ts";
import {
  MARKET_MIN_SALES,
  marketCellOfRegion,
  marketWindow,
  REGION_MIN_SALES,
  regionCellOf,
  regionWindow,
  WINDOW_MONTHS,
} from "#app/domain/valuation/cells.ts";
import { monthsBefore } from "#app/domain/valuation/geo.ts";
import { byCell, cellKey } from "#app/domain/valuation/refresh-plan.ts";
import type { CandidateWindow, RegionCell } from "#app/domain/valuation/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { REGION_CELL_SQL } from "./region-cells.server.ts";

/**
 * The cells to model, in order: those of the local market's properties and of the sales of the 12 months before
 * `asOf` (imported or the market's), but only where the region could hold REGION_MIN_SALES of those sales (counted
 * per cell in one pass, every transfer type: an upper bound), so a thin market costs no region read.
 */
export async function regionCellsToModel(
  context: ServiceContext<"db">,
  asOf: string,
): Promise<{ cells: RegionCell[]; markets: RegionCell[] }> {
  const { db } = context;
  const cellColumns = {
    latitudeCell: sql<number>`${sql.raw(REGION_CELL_SQL.latitude)}`.as("region_latitude"),
    longitudeCell: sql<number>`${sql.raw(REGION_CELL_SQL.longitude)}`.as("region_longitude"),
  };
  const salesPerCell = (table: typeof marketSales | typeof importedSales) =>
    db
      .select({ ...cellColumns, sales: count() })
      .from(table)
      .where(and(gte(table.saleDate, monthsBefore(asOf, WINDOW_MONTHS)), lt(table.saleDate, asOf)))
      .groupBy(sql`1, 2`);
  const [homes, market, imported] = await Promise.all([
    db.selectDistinct(cellColumns).from(marketProperties),
    salesPerCell(marketSales),
    salesPerCell(importedSales),
  ]);
  const sales = new Map<string, number>();
  for (const row of [...market, ...imported]) sales.set(cellKey(row), (sales.get(cellKey(row)) ?? 0) + row.sales);
  const cells = new Map<string, RegionCell>();
  for (const cell of [...homes, ...market, ...imported])
    cells.set(cellKey(cell), { latitudeCell: cell.latitudeCell, longitudeCell: cell.longitudeCell });
  // A window's sales counted on the region cells it touches (every transfer type): an upper bound.
  const salesWithin = (window: CandidateWindow): number => {
    const low = regionCellOf({ latitude: window.minLatitude, longitude: window.minLongitude });
    const high = regionCellOf({ latitude: window.maxLatitude, longitude: window.maxLongitude });
    let total = 0;
    for (let a = low.latitudeCell; a <= high.latitudeCell; a++) {
      for (let o = low.longitudeCell; o <= high.longitudeCell; o++) total += sales.get(`${a}:${o}`) ?? 0;
    }
    return total;
  };
  const valuation = { valuationDate: asOf };
  const reachable = (cell: RegionCell) => salesWithin(regionWindow(cell, valuation)) >= REGION_MIN_SALES;
  const marketReachable = (market: RegionCell) => salesWithin(marketWindow(market, valuation)) >= MARKET_MIN_SALES;
  const marketCells = new Map<string, RegionCell>();
  for (const cell of cells.values()) {
    const market = marketCellOfRegion(cell);
    marketCells.set(cellKey(market), market);
  }
  return {
    cells: [...cells.values()].filter(reachable).sort(byCell),
    markets: [...marketCells.values()].filter(marketReachable).sort(byCell),
  };
}
