/**
 * Writing a property's comparables (the spec's "Comparable"): a comps search (valuation.server.ts `runComps`) and the
 * workbench's Get Property Value (`storeValuation`) each replace the property's whole set in one transaction, only
 * while the property is the user's, and answer it as stored (stored-comps.server.ts reads it back).
 */
import { and, eq, sql } from "drizzle-orm";

import { comps, properties } from "#db/schema.ts";
import type { ArvAnswer, StoredCompDetail, ValuationComparable, ValuationFailure } from "#app/domain/valuation/comparables.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

import { maxOfferRecompute, valuationStatements } from "./property-valuations.server.ts";
import { storedComps } from "./stored-comps.server.ts";

/** The statements that replace the property's comps (only while it is the user's), then read them back in the list's order. */
function compsWrites(context: ServiceContext<"db" | "now">, userId: string, propertyId: string, used: ValuationComparable[]) {
  const { db } = context;
  const now = context.now();
  const column = (name: keyof typeof comps.$inferSelect) => comps[name];
  // drizzle's Column.mapToDriverValue takes the column's own data type, which for a column picked by a key union is
  // the intersection of them all (never): each value is the one its column was declared for.
  const driver = (name: keyof typeof comps.$inferSelect, value: unknown) =>
    value === null || value === undefined ? null : column(name).mapToDriverValue(value as never);
  const rows = used.map((comp) => ({
    id: crypto.randomUUID(),
    address: comp.address,
    sold_price: driver("soldPrice", comp.soldPrice),
    sold_date: comp.soldDate,
    bedrooms: comp.bedrooms,
    bathrooms: driver("bathrooms", comp.bathrooms),
    square_feet: comp.squareFeet,
    price_per_sqft: driver("pricePerSqft", comp.pricePerSqft),
    distance: driver("distance", comp.distance),
    similarity_score: driver("similarityScore", comp.similarityScore),
    days_on_market: comp.daysOnMarket,
    source_url: comp.sourceUrl,
    sale_id: comp.id,
    adjusted_price: driver("adjustedPrice", comp.adjustedPrice),
    adjustments: JSON.stringify(comp.adjustments),
    weight: driver("weight", comp.weight),
  }));
  const owned = sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyId} and ${properties.userId} = ${userId})`;
  return [
    db.delete(comps).where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId))),
    // Every column of comps in the table's order, as insert … select takes them.
    db.insert(comps).select(
      sql`select json_extract(value, '$.id'), ${userId}, ${propertyId}, json_extract(value, '$.address'), json_extract(value, '$.sold_price'),
        json_extract(value, '$.sold_date'), json_extract(value, '$.bedrooms'), json_extract(value, '$.bathrooms'),
        json_extract(value, '$.square_feet'), json_extract(value, '$.price_per_sqft'), json_extract(value, '$.distance'),
        json_extract(value, '$.similarity_score'), json_extract(value, '$.days_on_market'), json_extract(value, '$.source_url'), ${now.getTime()},
        json_extract(value, '$.sale_id'), json_extract(value, '$.adjusted_price'), json_extract(value, '$.adjustments'),
        json_extract(value, '$.weight')
      from json_each(${JSON.stringify(rows)}) where ${owned} order by key`,
    ),
    storedComps(context, userId, [propertyId]),
  ] as const;
}

/**
 * The workbench's Get Property Value: the calculate-arv answer recorded on the user's property as its current
 * valuation (property-valuations.server.ts: ARV, 80 % range, confidence, source "engine", the one it replaces kept in
 * the history, the max offer recomputed), its ARV also as `analysisArv` (what Get Max Offer starts from, spec 02) and
 * the comps it used as the property's stored comps — in one batch (a transaction) that writes only while the property
 * is the user's. Another user's property → 404, nothing written.
 */
export async function storeValuation(
  request: ServiceContext<"db" | "now">,
  userId: string,
  propertyId: string,
  answer: Pick<ArvAnswer, "arv" | "comps" | "confidence"> & Partial<Pick<ArvAnswer, "range_low" | "range_high" | "model">>,
): Promise<{ ok: true; comps: StoredCompDetail[] } | ValuationFailure> {
  const context = atOneInstant(request);
  const { db } = context;
  const [updated, , , , , , stored] = await db.batch([
    ...valuationStatements(context, userId, propertyId, {
      arv: answer.arv,
      rangeLow: answer.range_low,
      rangeHigh: answer.range_high,
      // The confidence as the property's score (0 … 100), so the property card says what the workbench does.
      confidenceScore: Math.round(answer.confidence * 100),
      source: "engine",
      compCount: answer.comps.length,
      model: answer.model ?? null,
    }),
    db
      .update(properties)
      .set({ analysisArv: answer.arv })
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId))),
    maxOfferRecompute(context, userId, propertyId),
    ...compsWrites(context, userId, propertyId, answer.comps),
  ]);
  if (updated.length === 0) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  return { ok: true, comps: stored };
}
