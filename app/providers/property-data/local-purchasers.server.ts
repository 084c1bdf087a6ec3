import { and, eq, isNotNull, sql } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { ARMS_LENGTH_TRANSFER_TYPES } from "#db/enums.ts";
import { marketOwners, marketProperties, marketSales } from "#db/schema.ts";
import type { NearbyPurchaser } from "#app/domain/dispo/purchases.ts";
import type { CandidateWindow } from "#app/domain/valuation/types.ts";

import { distanceFromCentre, inSalesWindow } from "./sales-window.ts";

const MILES_PER_DEGREE = 69;
const ARMS_LENGTH = sql.raw(`${marketSales.transferType.name} in (${ARMS_LENGTH_TRANSFER_TYPES.map((type) => `'${type}'`).join(", ")})`);

/**
 * The market's cash buyers of homes within `radiusMiles` of a point in the window, most purchases first: the comps
 * index finds the sales in the box (cash buyers' deeds are arm's-length ones), a circle keeps those within the radius,
 * and each buyer's count, price range and price as a share of the home's estimated value come back in one query.
 */
export async function localPurchasersNear(
  db: Db,
  { latitude, longitude, radiusMiles, since, until, limit }: NearbyQuery,
): Promise<NearbyPurchaser[]> {
  const dLat = radiusMiles / MILES_PER_DEGREE;
  const dLon = dLat / Math.cos((latitude * Math.PI) / 180);
  const window: CandidateWindow = {
    minLatitude: latitude - dLat,
    maxLatitude: latitude + dLat,
    minLongitude: longitude - dLon,
    maxLongitude: longitude + dLon,
    fromDate: since,
    beforeDate: dayAfter(until),
    limit,
  };
  const share = sql`${marketSales.price} * 1.0 / nullif(${marketProperties.estimatedValue}, 0)`;
  const rows = await db
    .select({
      ownerId: marketSales.buyerOwnerId,
      name: marketOwners.fullName,
      count: sql<number>`count(*)`,
      minPrice: sql<number>`min(${marketSales.price})`,
      maxPrice: sql<number>`max(${marketSales.price})`,
      minShare: sql<number | null>`min(${share})`,
      maxShare: sql<number | null>`max(${share})`,
    })
    .from(marketSales)
    .innerJoin(marketProperties, eq(marketProperties.id, marketSales.propertyId))
    .innerJoin(marketOwners, eq(marketOwners.id, marketSales.buyerOwnerId))
    .where(
      and(
        inSalesWindow(marketSales, window),
        ARMS_LENGTH,
        eq(marketSales.cash, true),
        isNotNull(marketSales.buyerOwnerId),
        sql`${distanceFromCentre(marketSales, window)} <= ${dLat * dLat}`,
      ),
    )
    .groupBy(marketSales.buyerOwnerId)
    .orderBy(sql`count(*) desc`, marketSales.buyerOwnerId)
    .limit(limit);
  return rows.map((row) => ({
    buyerId: `local-owner-${row.ownerId}`,
    name: row.name,
    radiusMiles,
    count: row.count,
    minPrice: row.minPrice / 100,
    maxPrice: row.maxPrice / 100,
    minShare: row.minShare,
    maxShare: row.maxShare,
  }));
}

function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export type NearbyQuery = { latitude: number; longitude: number; radiusMiles: number; since: string; until: string; limit: number };
