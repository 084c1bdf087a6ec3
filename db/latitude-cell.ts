/**
 * Bands of latitude for comparable-sales searches (docs/decisions/050-valuation-engine.md). A sale's band is a virtual column of the
 * sales tables (`latitude_cell`), first in their comps indexes; a search lists the bands its box spans and probes
 * each one by longitude, so it reads the index entries inside its box rather than a whole band of the country.
 * `latitudeCell` computes in JavaScript exactly what LATITUDE_CELL_SQL computes in SQLite: the same double
 * arithmetic, truncated toward zero (latitude + 90 is never negative).
 */
import { sql } from "drizzle-orm";

/** Bands per degree: 0.01° is about 0.7 mile. */
export const LATITUDE_CELLS_PER_DEGREE = 100;

export const LATITUDE_CELL_SQL = sql.raw(`cast((latitude + 90) * ${LATITUDE_CELLS_PER_DEGREE} as integer)`);

export function latitudeCell(latitude: number): number {
  return Math.trunc((latitude + 90) * LATITUDE_CELLS_PER_DEGREE);
}
