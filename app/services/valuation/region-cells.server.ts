/**
 * The engine's region cells in SQL (docs/decisions/050-valuation-engine.md): `regionCellOf` (app/domain/valuation/cells.ts) computed by
 * SQLite for a table with `latitude` and `longitude` columns — the same double arithmetic, truncated, so a row's cell
 * here is the cell the engine places its point in.
 */
import { REGION_CELL_DEGREES } from "#app/domain/valuation/cells.ts";

/** Cells are numbered from 90° S and 180° W, as in `regionCellOf`, so neither sum is ever negative. */
export const REGION_CELL_SQL = {
  latitude: `cast((latitude + 90) / ${REGION_CELL_DEGREES} as integer)`,
  longitude: `cast((longitude + 180) / ${REGION_CELL_DEGREES} as integer)`,
} as const;
