/**
 * A valuation's candidate window as SQL over a sales table with a `latitude_cell` band column (docs/decisions/050-valuation-engine.md):
 * the bands the box spans (a recursive CTE, so any box is two bound values), each probed by longitude in the table's
 * comps index, then the exact box and dates from the same index entries; nearest the box's centre first.
 * Shared by the local market's sales (local.server.ts) and imported sales (app/services/valuation/valuation.server.ts).
 */
import { and, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { latitudeCell } from "#db/latitude-cell.ts";
import type { CandidateWindow } from "#app/domain/valuation/types.ts";

type SalesColumns = { latitudeCell: SQLiteColumn; latitude: SQLiteColumn; longitude: SQLiteColumn; saleDate: SQLiteColumn };

export function inSalesWindow(table: SalesColumns, window: CandidateWindow): SQL | undefined {
  const first = latitudeCell(window.minLatitude);
  const last = latitudeCell(window.maxLatitude);
  return and(
    sql`${table.latitudeCell} in (with recursive cells(cell) as (select ${first} union all select cell + 1 from cells where cell < ${last}) select cell from cells)`,
    gte(table.longitude, window.minLongitude),
    lte(table.longitude, window.maxLongitude),
    gte(table.latitude, window.minLatitude),
    lte(table.latitude, window.maxLatitude),
    gte(table.saleDate, window.fromDate),
    lt(table.saleDate, window.beforeDate),
  );
}

/** Squared distance from the box's centre on a local flat map (longitude shrunk by the cosine of the latitude). */
export function distanceFromCentre(table: SalesColumns, window: CandidateWindow): SQL {
  const latitude = (window.minLatitude + window.maxLatitude) / 2;
  const longitude = (window.minLongitude + window.maxLongitude) / 2;
  const shrink = Math.cos((latitude * Math.PI) / 180);
  return sql`(${table.latitude} - ${latitude}) * (${table.latitude} - ${latitude}) + (${table.longitude} - ${longitude}) * ${shrink} * (${table.longitude} - ${longitude}) * ${shrink}`;
}

/** The address holds the text, in any case: `%`, `_` and the escape itself taken literally ("Add a comp", ADR 091). */
export function addressHolds(column: SQLiteColumn, text: string): SQL {
  const pattern = `%${text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}
