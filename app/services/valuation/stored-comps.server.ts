/**
 * The comparables stored for a user's CRM properties (the spec's "Comparable"): the columns and the order every
 * reader lists them in — GET /api/properties/{id}/comps, the workbench's page and the CRM's property card — as a
 * statement to run in the caller's batch. Written by valuation.server.ts (a comps search, Get Property Value).
 */
import { and, asc, desc, eq, inArray, type SQLWrapper } from "drizzle-orm";

import { comps, pinnedComps } from "#db/schema.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

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

/** The stored comps with what the engine did with each (ADR 091): the card, the workbench and the comp report read these. */
export const STORED_COMP_DETAIL = {
  ...STORED_COMPARABLE,
  saleId: comps.saleId,
  adjustedPrice: comps.adjustedPrice,
  adjustments: comps.adjustments,
  weight: comps.weight,
};

/** Most alike first (the engine's order), then nearest. */
export const STORED_ORDER = [desc(comps.similarityScore), asc(comps.distance), asc(comps.id)];

/** The user's stored comps of some of their properties (ids, or a subquery of ids), most alike first. */
export function storedComps(context: ServiceContext<"db">, userId: UserRef, propertyIds: string[] | SQLWrapper) {
  const { db } = context;
  return db
    .select(STORED_COMP_DETAIL)
    .from(comps)
    .where(and(eq(comps.userId, userId), inArray(comps.propertyId, propertyIds)))
    .orderBy(...STORED_ORDER);
}

/** The user's pinned and excluded comps of some of their properties (ADR 091): what the card marks pinned, and the excluded to include again. */
export function storedChoices(context: ServiceContext<"db">, userId: UserRef, propertyIds: string[] | SQLWrapper) {
  const { db } = context;
  return db
    .select({
      propertyId: pinnedComps.propertyId,
      saleId: pinnedComps.saleId,
      choice: pinnedComps.choice,
      address: pinnedComps.address,
      reason: pinnedComps.reason,
      note: pinnedComps.note,
    })
    .from(pinnedComps)
    .where(and(eq(pinnedComps.userId, userId), inArray(pinnedComps.propertyId, propertyIds)))
    .orderBy(asc(pinnedComps.address), asc(pinnedComps.saleId));
}
