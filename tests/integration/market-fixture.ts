import type { Db } from "#db/client.ts";
import { generateMarket, type MarketBatch } from "#db/market/generate.ts";
import type { MarketZip } from "#db/market/metros.ts";
import { clearMarket, seedMarket } from "#db/market/seed.ts";

/** A short fixed ZIP list, so the 5 MB `zipcodes` data module never has to load inside workerd. */
export const ZIPS: MarketZip[] = [
  { zip: "85004", city: "Phoenix", state: "AZ", latitude: 33.4557, longitude: -112.0686, metroId: "phoenix" },
  { zip: "85008", city: "Phoenix", state: "AZ", latitude: 33.4665, longitude: -111.9984, metroId: "phoenix" },
  { zip: "85281", city: "Tempe", state: "AZ", latitude: 33.4227, longitude: -111.9261, metroId: "phoenix" },
  { zip: "44113", city: "Cleveland", state: "OH", latitude: 41.4816, longitude: -81.7018, metroId: "cleveland" },
  { zip: "44102", city: "Cleveland", state: "OH", latitude: 41.4735, longitude: -81.7398, metroId: "cleveland" },
  { zip: "48226", city: "Detroit", state: "MI", latitude: 42.3314, longitude: -83.0457, metroId: "detroit" },
];

/** Seeds a small deterministic market into the test's D1 and returns what was generated, to compare with. */
export async function seedTestMarket(db: Db, properties: number, zips: MarketZip[] = ZIPS): Promise<MarketBatch> {
  const generated: MarketBatch = { owners: [], properties: [], sales: [] };
  const batches = [...generateMarket({ zips, properties, chunkSize: 800 })];
  for (const batch of batches) {
    generated.owners.push(...batch.owners);
    generated.properties.push(...batch.properties);
    generated.sales.push(...batch.sales);
  }
  await clearMarket(db);
  await seedMarket(db, batches, { statementsPerBatch: 5 });
  return generated;
}
