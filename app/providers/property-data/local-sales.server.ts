/**
 * The local market's arm's-length sales in a valuation's candidate window, and those of them whose address
 * holds some text ("Add a comp" by address, docs/decisions/091-comps-the-user-can-defend.md).
 */
import { and, asc, eq, sql } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { ARMS_LENGTH_TRANSFER_TYPES } from "#db/enums.ts";
import { marketProperties, marketSales } from "#db/schema.ts";
import type { CandidateWindow, Sale } from "#app/domain/valuation/types.ts";

import { addressHolds, distanceFromCentre, inSalesWindow } from "./sales-window.ts";

/**
 * Arm's-length deeds, written with literal values exactly as market_sales_comps_idx's WHERE says them, or SQLite
 * cannot use that partial index (tests/integration/valuation-query-plans.test.ts checks it).
 */
const ARMS_LENGTH = sql.raw(`${marketSales.transferType.name} in (${ARMS_LENGTH_TRANSFER_TYPES.map((type) => `'${type}'`).join(", ")})`);

/** A market property's facts as the valuation engine reads them (the market records no basement, water or view). */
export const HOME_FACTS = {
  latitude: marketProperties.latitude,
  longitude: marketProperties.longitude,
  zip: marketProperties.zip,
  propertyType: marketProperties.propertyType,
  bedrooms: marketProperties.bedrooms,
  bathrooms: marketProperties.bathrooms,
  squareFeet: marketProperties.squareFeet,
  lotSquareFeet: marketProperties.lotSquareFeet,
  stories: marketProperties.stories,
  yearBuilt: marketProperties.yearBuilt,
  yearRenovated: marketProperties.yearRenovated,
  condition: marketProperties.condition,
  qualityGrade: marketProperties.qualityGrade,
  address: marketProperties.address,
};

/**
 * market_sales_comps_idx finds the sales in the box; each one's property row is read for its facts. With
 * `addressText`, only sales whose address holds it (any case) — still inside the window, so the engine can use them.
 */
export async function localSales(db: Db, window: CandidateWindow, addressText?: string): Promise<Sale[]> {
  const byAddress = addressText ? addressHolds(marketProperties.address, addressText) : undefined;
  const rows = await db
    .select({
      ...HOME_FACTS,
      id: marketSales.id,
      parcelId: marketProperties.apn,
      saleDate: marketSales.saleDate,
      price: marketSales.price,
      daysOnMarket: marketSales.daysOnMarket,
      saleLatitude: marketSales.latitude,
      saleLongitude: marketSales.longitude,
    })
    .from(marketSales)
    .innerJoin(marketProperties, eq(marketProperties.id, marketSales.propertyId))
    .where(and(inSalesWindow(marketSales, window), ARMS_LENGTH, byAddress))
    .orderBy(distanceFromCentre(marketSales, window), asc(marketSales.id))
    .limit(window.limit);
  return rows.map(({ id, saleLatitude, saleLongitude, ...sale }): Sale => ({
    ...sale,
    id: `market-${id}`,
    latitude: saleLatitude,
    longitude: saleLongitude,
    sourceUrl: `local-market:sale/${id}`,
  }));
}
