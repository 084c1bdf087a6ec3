/**
 * The comparables stored for a user's CRM properties (spec 02 §3 "Comparable"): the columns and the order every
 * reader lists them in — GET /api/properties/{id}/comps, the workbench's page and the CRM's property card — as a
 * statement to run in the caller's batch. Written by valuation.server.ts (a comps search, Get Property Value).
 */
import { and, asc, desc, eq, inArray, type SQLWrapper } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { comps } from "#db/schema.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";

export const STORED_COMPARABLE = {
  id: comps.id,
  propertyId: comps.propertyId,
  address: comps.address,
  soldPrice: comps.soldPrice,
  soldDate: comps.soldDate,
  bedrooms: comps.bedrooms,
  bathrooms: comps.bathrooms,
  squareFeet: comps.squareFeet,
  pricePerSqft: comps.pricePerSqft,
  distance: comps.distance,
  similarityScore: comps.similarityScore,
  daysOnMarket: comps.daysOnMarket,
  sourceUrl: comps.sourceUrl,
};

/** Most alike first (the engine's order), then nearest. */
export const STORED_ORDER = [desc(comps.similarityScore), asc(comps.distance), asc(comps.id)];

/** The user's stored comps of some of their properties (ids, or a subquery of ids), most alike first. */
export function storedComps(db: Db, userId: UserRef, propertyIds: string[] | SQLWrapper) {
  return db
    .select(STORED_COMPARABLE)
    .from(comps)
    .where(and(eq(comps.userId, userId), inArray(comps.propertyId, propertyIds)))
    .orderBy(...STORED_ORDER);
}
