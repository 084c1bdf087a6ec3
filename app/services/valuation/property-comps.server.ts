/**
 * A CRM property's comps (the spec's "Comparable", /api/properties/{id}/comps, 'Comps Analysis Failed'): the
 * stored set, and a comps search for the property that applies the user's pinned and excluded comps (ADR 091) and records the ARV,
 * its confidence and its comps on the property (storeValuation), so every view shows the one recomputed value.
 */
import { and, eq } from "drizzle-orm";

import { comps, properties } from "#db/schema.ts";
import {
  COMPS_ANALYSIS_FAILED,
  unplaceableMessage,
  type ArvAnswer,
  type StoredComparable,
  type ValuationFailure,
} from "#app/domain/valuation/comparables.ts";
import type { ValuationSubject } from "#app/domain/valuation/types.ts";
import { valuationDateNote, valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

import { storeValuation } from "./store-comps.server.ts";
import { STORED_COMPARABLE, STORED_ORDER } from "./stored-comps.server.ts";
import {
  arvAnswer,
  lookUpPlace,
  placementNote,
  placementOf,
  sentFacts,
  value,
  type Placement,
  type ValuationContext,
} from "./valuation.server.ts";

/** GET: the user's stored comparables of their property (one batch: whether it is theirs, and its comps); 404 if not. */
export async function listComps(
  context: ServiceContext<"db">,
  userId: string,
  propertyId: string,
): Promise<{ ok: true; comps: StoredComparable[] } | ValuationFailure> {
  const { db } = context;
  const [owned, rows] = await db.batch([
    db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId))),
    db
      .select(STORED_COMPARABLE)
      .from(comps)
      .where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId)))
      .orderBy(...STORED_ORDER),
  ]);
  if (owned.length === 0) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  return { ok: true, comps: rows };
}

/** The user's property as the engine's subject, placed (and the valuation date), or why not: 404 / 422. */
export async function subjectOfProperty(
  context: ValuationContext,
  userId: string,
  propertyId: string,
): Promise<{ ok: true; subject: ValuationSubject; placement: Placement; valuationDate: string } | ValuationFailure> {
  const property = await context.db
    .select({
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zipCode: properties.zipCode,
      latitude: properties.latitude,
      longitude: properties.longitude,
      apn: properties.apn,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      squareFeet: properties.squareFeet,
      yearBuilt: properties.yearBuilt,
      propertyType: properties.propertyType,
    })
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
    .get();
  if (!property) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };

  // The provider's record of the address first, as calculate-arv and the workbench's Get Property Value place it (its
  // lot, condition and grade with the property's own facts winning), so every path values the same home the same way
  // (ADR 091: one value per property); else the stored coordinates; else the ZIP's or the city's centre.
  const facts = sentFacts(property);
  const own = { zip: property.zipCode.slice(0, 5), parcelId: property.apn, address: property.address };
  const query = { street: property.address, city: property.city ?? "", state: property.state ?? "", zip: property.zipCode };
  const found = placementOf(query, await lookUpPlace(context, query));
  let placement: Placement | null = found;
  let subject: ValuationSubject | null = null;
  if (found?.by === "record") subject = { ...found.home, ...facts };
  else if (property.latitude !== null && property.longitude !== null) {
    placement = { by: "coordinates" };
    subject = { ...facts, ...own, latitude: property.latitude, longitude: property.longitude };
  } else if (found) subject = { ...found.place, ...facts, ...own };
  if (!placement || !subject) {
    const place = { city: property.city ?? "", state: property.state ?? "", zipCode: property.zipCode };
    return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${unplaceableMessage(place)}` };
  }
  const valuationDate = valuationDateOf(context.now(), context.providers.propertyData.salesThrough);
  return { ok: true, subject, placement, valuationDate };
}

/**
 * POST: a comps search for the user's property with the user's pinned and excluded comps applied (ADR 091), recording the ARV, its
 * confidence and the comps on the property in one batch (storeValuation: a transaction that writes only while the
 * property is the user's; delete the set, insert the new one, so two searches at once never double it). Another
 * user's property → 404, nothing written; no comps → 422 'Comps Analysis Failed: …' (the old set stays).
 */
export async function runComps(
  context: ValuationContext,
  userId: string,
  propertyId: string,
): Promise<({ ok: true; comps: StoredComparable[] } & Omit<ArvAnswer, "comps">) | ValuationFailure> {
  const placed = await subjectOfProperty(context, userId, propertyId);
  if (!placed.ok) return placed;
  const { subject, placement, valuationDate } = placed;
  const outcome = await value(context, subject, valuationDate, { userId, propertyId });
  if (!outcome.ok) return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${outcome.refusal.message}` };
  const answer = arvAnswer(outcome.result, valuationDate, [placementNote(placement), valuationDateNote(valuationDate, context.now())]);
  const stored = await storeValuation(context, userId, propertyId, answer);
  if (!stored.ok) return stored;
  const { comps: _used, ...rest } = answer;
  // The API's comparables, with the spec's fields (as GET lists them); the card and the workbench read the details from their loaders.
  const listed = stored.comps.map(({ saleId: _s, adjustedPrice: _p, adjustments: _a, weight: _w, ...comp }) => comp);
  return { ok: true, ...rest, comps: listed };
}
