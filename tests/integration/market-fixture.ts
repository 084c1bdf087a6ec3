import type { Db } from "@db/client";
import type { ImportedSaleRow } from "@db/import/sales-csv";
import { writeImportedSales } from "@db/import/write";
import { generateMarket, type MarketBatch } from "@db/market/generate";
import type { MarketZip } from "@db/market/metros";
import { clearMarket, seedMarket } from "@db/market/seed";
import { WINDOW_FILL } from "~/domain/valuation/engine";

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
export async function seedTestMarket(db: Db, properties: number): Promise<MarketBatch> {
  const generated: MarketBatch = { owners: [], properties: [], sales: [] };
  const batches = [...generateMarket({ zips: ZIPS, properties, chunkSize: 800 })];
  for (const batch of batches) {
    generated.owners.push(...batch.owners);
    generated.properties.push(...batch.properties);
    generated.sales.push(...batch.sales);
  }
  await clearMarket(db);
  await seedMarket(db, batches, { statementsPerBatch: 5 });
  return generated;
}

/**
 * A thick market around each place: WINDOW_FILL imported sales within about half a mile of it, sold February–December
 * 2025, so a valuation there finds its candidates in the 3-mile window and never asks for the wide one.
 */
export async function thickenMarket(db: Db, places: readonly { zip: string; latitude: number; longitude: number }[]): Promise<void> {
  for (const place of places) {
    const rows: ImportedSaleRow[] = Array.from({ length: WINDOW_FILL }, (_, i) => ({
      externalId: `${place.zip}-${i}`,
      parcelId: `thick-${place.zip}-${i}`,
      saleDate: `2025-${String(2 + (i % 11)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
      price: 240_000 + (i % 50) * 4_000,
      bedrooms: 2 + (i % 3),
      bathrooms: 1 + (i % 3) * 0.5,
      squareFeet: 1200 + (i % 20) * 60,
      lotSquareFeet: 6000,
      stories: 1,
      yearBuilt: 1950 + (i % 60),
      yearRenovated: 0,
      basementSquareFeet: 0,
      condition: 3,
      qualityGrade: 7,
      waterfront: false,
      view: 0,
      zip: place.zip,
      latitude: place.latitude + ((i % 29) - 14) * 0.0005,
      longitude: place.longitude + ((Math.floor(i / 29) % 29) - 14) * 0.0006,
    }));
    await writeImportedSales(db, "thick-market", rows);
  }
}
