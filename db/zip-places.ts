/**
 * The ZIP gazetteer (`zip_places`): every US ZIP's centroid and city, which places a valuation subject that is not a
 * known property (docs/decisions/050-valuation-engine.md). Written by `db:seed` from the `zipcodes` data (`loadUsZipPlaces` in
 * db/market/metro-zips.ts) and by the integration tests from their fixed ZIP list. Works with any D1 binding.
 */
import { count } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { zipPlaces } from "#db/schema.ts";

import { sqlLiteral } from "./sql-literal.ts";

export type ZipPlace = { zip: string; city: string; state: string; latitude: number; longitude: number };

/** Rows per INSERT statement (6 values each, well under D1's 100 KB statement limit). */
const ROWS_PER_STATEMENT = 500;

/** How a city is compared: trimmed, single-spaced, lower-cased. */
export function cityKey(city: string): string {
  return city.trim().replace(/\s+/g, " ").toLowerCase();
}

/** Writes the places (a ZIP already there is replaced), in one batch. */
export async function seedZipPlaces(db: Db, places: readonly ZipPlace[]): Promise<number> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < places.length; start += ROWS_PER_STATEMENT) {
    const values = places
      .slice(start, start + ROWS_PER_STATEMENT)
      .map((p) => `(${[p.zip, p.city, cityKey(p.city), p.state, p.latitude, p.longitude].map(sqlLiteral).join(",")})`);
    statements.push(
      d1.prepare(
        `INSERT OR REPLACE INTO "zip_places" ("zip", "city", "city_key", "state", "latitude", "longitude") VALUES ${values.join(",")}`,
      ),
    );
  }
  if (statements.length > 0) await d1.batch(statements);
  return places.length;
}

export async function countZipPlaces(db: Db): Promise<number> {
  const [row] = await db.select({ total: count() }).from(zipPlaces);
  return row?.total ?? 0;
}
