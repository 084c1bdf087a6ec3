/**
 * The signed-in user's own uploaded sales (user_sales, docs/decisions/093-user-sales-import.md) as extra comp
 * candidates: read in the same window as the other sales (user_sales_comps_idx), always filtered by the owner, so a
 * user's sales are compared with that user's subjects only. No user (a model refit, an anonymous caller) reads none.
 */
import { and, asc, eq } from "drizzle-orm";

import { userSales } from "#db/schema.ts";
import type { CandidateWindow, Sale } from "#app/domain/valuation/types.ts";
import { addressHolds, distanceFromCentre, inSalesWindow } from "#app/providers/property-data/sales-window.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * The user's sales in the window, nearest the centre first (no user: an id no row has, so the batch keeps its shape).
 * With `addressText`, only those whose uploaded address holds it, in any case ("Add a comp", ADR 091).
 */
export function userSalesQuery(context: ServiceContext<"db">, userId: string | null, window: CandidateWindow, addressText?: string) {
  const { db } = context;
  return db
    .select({
      id: userSales.id,
      source: userSales.source,
      externalId: userSales.externalId,
      parcelId: userSales.parcelId,
      saleDate: userSales.saleDate,
      price: userSales.price,
      zip: userSales.zip,
      latitude: userSales.latitude,
      longitude: userSales.longitude,
      bedrooms: userSales.bedrooms,
      bathrooms: userSales.bathrooms,
      squareFeet: userSales.squareFeet,
      lotSquareFeet: userSales.lotSquareFeet,
      stories: userSales.stories,
      yearBuilt: userSales.yearBuilt,
      yearRenovated: userSales.yearRenovated,
      basementSquareFeet: userSales.basementSquareFeet,
      condition: userSales.condition,
      qualityGrade: userSales.qualityGrade,
      waterfront: userSales.waterfront,
      view: userSales.view,
      address: userSales.address,
    })
    .from(userSales)
    .where(
      and(
        eq(userSales.userId, userId ?? ""),
        inSalesWindow(userSales, window),
        addressText ? addressHolds(userSales.address, addressText) : undefined,
      ),
    )
    .orderBy(distanceFromCentre(userSales, window), asc(userSales.id))
    .limit(window.limit);
}

/** The rows as the engine's sales; the comp's source names the uploaded file and the row's sale_id. */
export function toUserSales(rows: Awaited<ReturnType<typeof userSalesQuery>>): Sale[] {
  return rows.map(({ id, source, externalId, ...sale }) => ({
    ...sale,
    id: `user-${id}`,
    sourceUrl: `upload:${source}/${externalId}`,
  }));
}
