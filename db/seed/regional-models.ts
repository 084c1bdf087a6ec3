/**
 * The valuation engine's regional models and market trees in the local D1 (docs/decisions/050-valuation-engine.md): fitted again by `npm run db:seed`
 * after it seeds (or when the kept ones are stale) and by `npm run import:sales` after an import. Lives in db/seed/,
 * the one db folder that may import app/, because the fitting is the API's own (`refreshRegionalModels`,
 * app/services/valuation/model-refresh.server.ts).
 */
import { count, sql } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { marketModels, regionalModels } from "#db/schema.ts";
import { MARKET_MODEL_VERSION, REGIONAL_MODEL_VERSION } from "#app/domain/valuation/cells.ts";
import { valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import { refreshRegionalModels } from "#app/services/valuation/model-refresh.server.ts";

/**
 * Fits the models for the valuation date the API uses today over the local market, and says so; with `onlyIfStale`,
 * only when none is kept or any is for another date or layout (a state seeded before, or on another day).
 */
export async function fitRegionalModels(db: Db, { onlyIfStale }: { onlyIfStale: boolean }): Promise<void> {
  const propertyData = createLocalPropertyData(db);
  const asOf = valuationDateOf(new Date(), propertyData.salesThrough);
  if (onlyIfStale) {
    const [[kept], [markets]] = await db.batch([
      db
        .select({
          all: count(),
          stale: sql<number>`count(*) filter (where ${regionalModels.asOf} <> ${asOf} or ${regionalModels.version} <> ${REGIONAL_MODEL_VERSION})`,
        })
        .from(regionalModels),
      db
        .select({
          stale: sql<number>`count(*) filter (where ${marketModels.asOf} <> ${asOf} or ${marketModels.version} <> ${MARKET_MODEL_VERSION})`,
        })
        .from(marketModels),
    ]);
    if (kept && kept.all > 0 && kept.stale === 0 && markets?.stale === 0) return;
  }
  const started = performance.now();
  const { cells, kept, markets, marketsKept } = await refreshRegionalModels({ db, propertyData }, asOf);
  console.log(
    `Fitted the valuation's regional models: ${cells.toLocaleString("en-US")} cells, ${kept.toLocaleString("en-US")} kept; ` +
      `market trees: ${markets.toLocaleString("en-US")} cells, ${marketsKept.toLocaleString("en-US")} kept; ` +
      `for ${asOf} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
