/**
 * The sales a valuation or a model is fitted on (docs/decisions/050-valuation-engine.md): a CandidateWindow read from the property-data
 * provider's sales (the local market's) and from imported sales in D1 at the same time, each one indexed range scan
 * per band of latitude (app/providers/property-data/sales-window.ts), merged nearest the window's centre first.
 */
import { asc } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { importedSales } from "#db/schema.ts";
import { distanceMiles } from "#app/domain/valuation/geo.ts";
import type { CandidateWindow, Sale } from "#app/domain/valuation/types.ts";
import { distanceFromCentre, inSalesWindow } from "#app/providers/property-data/sales-window.ts";
import type { PropertyDataProvider } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** Where the sales come from: the property-data provider's and the imported ones in D1. */
export type SalesSources = { db: Db; propertyData: PropertyDataProvider };

/**
 * Imported sales in the window (imported_sales_comps_idx), nearest the centre first. An import carries no deed type:
 * its rows are taken to be arm's-length sales (what a sold-homes export lists).
 */
export function importedSalesQuery(context: ServiceContext<"db">, window: CandidateWindow) {
  const { db } = context;
  return db
    .select({
      id: importedSales.id,
      source: importedSales.source,
      externalId: importedSales.externalId,
      parcelId: importedSales.parcelId,
      saleDate: importedSales.saleDate,
      price: importedSales.price,
      address: importedSales.address,
      zip: importedSales.zip,
      latitude: importedSales.latitude,
      longitude: importedSales.longitude,
      bedrooms: importedSales.bedrooms,
      bathrooms: importedSales.bathrooms,
      squareFeet: importedSales.squareFeet,
      lotSquareFeet: importedSales.lotSquareFeet,
      stories: importedSales.stories,
      yearBuilt: importedSales.yearBuilt,
      yearRenovated: importedSales.yearRenovated,
      basementSquareFeet: importedSales.basementSquareFeet,
      condition: importedSales.condition,
      qualityGrade: importedSales.qualityGrade,
      waterfront: importedSales.waterfront,
      view: importedSales.view,
    })
    .from(importedSales)
    .where(inSalesWindow(importedSales, window))
    .orderBy(distanceFromCentre(importedSales, window), asc(importedSales.id))
    .limit(window.limit);
}

export function toImportedSales(rows: Awaited<ReturnType<typeof importedSalesQuery>>): Sale[] {
  return rows.map(({ id, source, externalId, parcelId, ...sale }) => ({
    ...sale,
    id: `import-${id}`,
    parcelId: parcelId ?? `${source}:${externalId}`,
    sourceUrl: `import:${source}/${externalId}`,
  }));
}

/** Both sources' sales, the nearest `window.limit` of them to `centre`. */
export function nearest(
  centre: { latitude: number; longitude: number },
  window: CandidateWindow,
  provided: Sale[],
  imported: Sale[],
): Sale[] {
  const all = [...provided, ...imported];
  if (all.length <= window.limit) return all;
  return all
    .map((sale) => ({ sale, miles: distanceMiles(centre, sale) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, window.limit)
    .map(({ sale }) => sale);
}

/** Every candidate in the window from both sources, read at the same time. */
export async function candidatesFor(
  { db, propertyData }: SalesSources,
  centre: { latitude: number; longitude: number },
  window: CandidateWindow,
): Promise<Sale[]> {
  const [provided, imported] = await Promise.all([
    propertyData.searchSales?.(window) ?? Promise.resolve([]),
    importedSalesQuery({ db }, window),
  ]);
  return nearest(centre, window, provided, toImportedSales(imported));
}
