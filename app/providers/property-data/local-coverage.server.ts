/**
 * The local market's coverage (the wizard's location suggestions): its cities by record count and its ZIPs, read
 * from the market's own indexes (market_properties_city_idx, market_properties_zip_search_idx). The market is seeded
 * and does not change while the Worker runs, so an isolate reads it once per hour per database.
 */
import { asc, count, desc } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { databaseOf } from "#db/d1-session.ts";
import { marketProperties } from "#db/schema.ts";
import type { MarketCoverage } from "#app/domain/leads/covered-places.ts";

const COVERAGE_TTL_MS = 60 * 60 * 1000;
const cache = new WeakMap<object, { at: number; coverage: Promise<MarketCoverage> }>();

async function readCoverage(db: Db): Promise<MarketCoverage> {
  const [cities, zips] = await db.batch([
    db
      .select({ city: marketProperties.city, state: marketProperties.state, count: count() })
      .from(marketProperties)
      .groupBy(marketProperties.state, marketProperties.city)
      .orderBy(desc(count()), asc(marketProperties.city)),
    db
      .select({ zip: marketProperties.zip, city: marketProperties.city, state: marketProperties.state })
      .from(marketProperties)
      .groupBy(marketProperties.zip)
      .orderBy(asc(marketProperties.zip)),
  ]);
  return { cities, zips };
}

export function localCoverage(db: Db): Promise<MarketCoverage> {
  const key = databaseOf(db.$client);
  const now = Date.now();
  const cached = cache.get(key);
  if (cached && now - cached.at < COVERAGE_TTL_MS) return cached.coverage;
  const coverage = readCoverage(db);
  // A failed read is not kept: the next request tries again.
  coverage.catch(() => cache.delete(key));
  cache.set(key, { at: now, coverage });
  return coverage;
}
