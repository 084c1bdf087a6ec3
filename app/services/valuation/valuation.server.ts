/**
 * Valuations through the API (issue 12; spec 02 §3, §7 calculate-arv and /api/properties/{id}/comps, §8 'Comps
 * Analysis Failed'): where the subject is, which sales it is compared with, and the comps stored for a CRM property.
 * The engine (`#app/domain/valuation/engine.ts`) does the valuing; this module does the I/O around it (README Decision
 * 51), with the sales' queries in sales.server.ts, the kept models' in kept-models.server.ts and the comps' writes in
 * store-comps.server.ts.
 *
 * - Placement: a known property (the property-data provider's record at that address: its location, parcel and
 *   facts, the facts sent winning) or a CRM property with coordinates is valued where it is; anything else at its
 *   ZIP's centroid, else its city's (zip_places). None of them → 422.
 * - Candidates: the engine's CandidateWindow, read from the provider's sales (the local market's) and from imported
 *   sales at the same time, each one indexed range scan per band of latitude (sales-window.ts).
 * - Regional models and market trees (docs/decisions/066-valuation-regional-models.md, 069-valuation-market-trees.md): the subject's region cell's model and its market
 *   cell's trees are read beside its candidates; both are written by model-refresh.server.ts (after a seed or an
 *   import, and by the Worker's monthly cron), never by a valuation.
 * - Round trips: calculate-arv reads the session and places the subject in one wave, then the candidates, the
 *   regional model and the market trees: 2. A comps search reads the property, the candidates, then writes the comps in one batch.
 */
import { and, avg, count, eq } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { comps, properties, zipPlaces } from "#db/schema.ts";
import { cityKey } from "#db/zip-places.ts";
import { offerOptions } from "#app/domain/offers/options.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { candidateWindow, marketCellOf, regionCellOf } from "#app/domain/valuation/cells.ts";
import {
  COMPS_ANALYSIS_FAILED,
  toComparable,
  unplaceableMessage,
  type ArvAnswer,
  type StoredComparable,
  type ValuationFailure,
} from "#app/domain/valuation/comparables.ts";
import { valueSubject } from "#app/domain/valuation/engine.ts";
import type { CalculateArvInput } from "#app/domain/valuation/forms.ts";
import type { ValuationResult, ValuationSubject } from "#app/domain/valuation/types.ts";
import { valuationDateNote, valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import type { KnownHome } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

import { keptMarketModelQuery, keptRegionalModel, keptRegionalModelQuery } from "./kept-models.server.ts";
import { importedSalesQuery, nearest, toImportedSales } from "./sales.server.ts";
import { storeComps } from "./store-comps.server.ts";
import { STORED_COMPARABLE, STORED_ORDER } from "./stored-comps.server.ts";
import { toUserSales, userSalesQuery } from "./user-sales.server.ts";

type ValuationContext = ServiceContext<"db" | "providers" | "now">;

// --- placement ------------------------------------------------------------------------------------------------------

type Place = { latitude: number; longitude: number };

/** How an address was placed: by the provider's record of it, or by its ZIP's or its city's centre. */
type AddressPlacement =
  | { by: "record"; home: KnownHome }
  | { by: "zip"; zip: string; place: Place }
  | { by: "city"; city: string; state: string; zips: number; place: Place };

/** How the subject was placed, for the assumptions. */
type Placement = AddressPlacement | { by: "coordinates" };

type PlaceQuery = { street: string; city: string; state: string; zip: string | null };

/** The place lookups for an address, all in one wave: the provider's record, the ZIP's centroid, the city's. */
async function lookUpPlace(context: ValuationContext, query: PlaceQuery) {
  const { db, providers } = context;
  const zip = query.zip?.slice(0, 5) ?? null;
  const [home, zipRow, cityRow] = await Promise.all([
    providers.propertyData.findHome?.({ street: query.street, city: query.city, state: query.state }) ?? Promise.resolve(null),
    zip
      ? db.select({ latitude: zipPlaces.latitude, longitude: zipPlaces.longitude }).from(zipPlaces).where(eq(zipPlaces.zip, zip)).get()
      : Promise.resolve(undefined),
    // zip_places_city_idx holds every column read: the mean of the city's ZIP centroids from index entries alone.
    db
      .select({ latitude: avg(zipPlaces.latitude), longitude: avg(zipPlaces.longitude), zips: count() })
      .from(zipPlaces)
      .where(and(eq(zipPlaces.state, query.state), eq(zipPlaces.cityKey, cityKey(query.city))))
      .get(),
  ]);
  return { home, zip, zipRow, cityRow };
}

/** The first that applies: the record, the ZIP's centroid, the city's; null when none does. */
function placementOf(query: PlaceQuery, found: Awaited<ReturnType<typeof lookUpPlace>>): AddressPlacement | null {
  if (found.home) return { by: "record", home: found.home };
  if (found.zip && found.zipRow) return { by: "zip", zip: found.zip, place: found.zipRow };
  const city = found.cityRow;
  if (city && city.zips > 0 && city.latitude !== null && city.longitude !== null) {
    return {
      by: "city",
      city: query.city,
      state: query.state,
      zips: city.zips,
      place: { latitude: Number(city.latitude), longitude: Number(city.longitude) },
    };
  }
  return null;
}

type SentFacts = Pick<ValuationSubject, "bedrooms" | "bathrooms" | "squareFeet" | "yearBuilt" | "propertyType">;

const SENT_FACTS = ["bedrooms", "bathrooms", "squareFeet", "yearBuilt", "propertyType"] as const satisfies readonly (keyof SentFacts)[];

/** Only the facts that were sent: an unsent one leaves the record's (or unknown). */
function sentFacts(from: { [K in keyof SentFacts]?: SentFacts[K] }): Partial<ValuationSubject> {
  return Object.fromEntries(SENT_FACTS.flatMap((key) => (from[key] === null || from[key] === undefined ? [] : [[key, from[key]]])));
}

function placementNote(placement: Placement): string {
  switch (placement.by) {
    case "record":
      return `Placed and described by the property record of ${placement.home.address}, ${placement.home.city}, ${placement.home.state} (parcel ${placement.home.parcelId}); facts sent with the request take precedence over the record's.`;
    case "coordinates":
      return "Placed at the coordinates stored with the property.";
    case "zip":
      return `Not a property on record: placed at the centre of ZIP ${placement.zip}, so distances to comps are approximate; valued from the facts sent.`;
    case "city":
      return `Not a property on record and no known ZIP: placed at the centre of ${placement.city}, ${placement.state} (the mean of its ${placement.zips} ZIP centres), so distances to comps are approximate; valued from the facts sent.`;
  }
}

// --- valuing ------------------------------------------------------------------------------------------------------

/**
 * The candidates, the kept model of the subject's region and the kept trees of its market, read at the same time (one
 * round trip: the imported sales, the user's own uploaded sales and both models in one D1 batch, beside the provider's
 * search); then the engine. `userId` is whose valuation it is: only that user's uploaded sales are candidates.
 */
async function value(context: ValuationContext, subject: ValuationSubject, valuationDate: string, userId: string | null) {
  const window = candidateWindow(subject, { valuationDate });
  const [provided, [imported, models, markets, own]] = await Promise.all([
    context.providers.propertyData.searchSales?.(window) ?? Promise.resolve([]),
    context.db.batch([
      importedSalesQuery(context.db, window),
      keptRegionalModelQuery(context.db, regionCellOf(subject)),
      keptMarketModelQuery(context.db, marketCellOf(subject)),
      userSalesQuery(context.db, userId, window),
    ]),
  ]);
  const candidates = nearest(subject, window, provided, [...toImportedSales(imported), ...toUserSales(own)]);
  return valueSubject(subject, candidates, { valuationDate, regional: keptRegionalModel(models), market: markets[0] ?? null });
}

// --- POST /api/properties/calculate-arv ---------------------------------------------------------------------------------

/** The provider's estimate, cited beside ours. */
function providerEstimateNote(estimate: number | null | undefined, arv: number): string | null {
  if (estimate === null || estimate === undefined || estimate <= 0) return null;
  const gap = Math.round(((estimate - arv) / arv) * 100);
  const relation = gap === 0 ? "about the same as this ARV" : `${Math.abs(gap)} % ${gap > 0 ? "above" : "below"} this ARV`;
  return `The property-data provider's estimate is ${formatMoney(estimate)} (${relation}); it is shown for reference and not used in this estimate.`;
}

/**
 * Starts placing the subject: its lookups run beside the caller's session lookup (they read no user data). Await
 * `valueArv` with it only once the session is known.
 */
export function placeArvSubject(context: ValuationContext, input: CalculateArvInput) {
  const query = { street: input.address, city: input.city, state: input.state, zip: input.zipCode ?? null };
  return lookUpPlace(context, query).then((found) => ({ query, found }));
}

/**
 * The §3 ARV result with its offers and comps, or 422 when the subject cannot be placed or has no comps. `userId`: the
 * signed-in user, whose own uploaded sales join the candidates (none without one).
 */
export async function valueArv(
  context: ValuationContext,
  input: CalculateArvInput,
  placing: ReturnType<typeof placeArvSubject>,
  userId: string | null = null,
): Promise<({ ok: true } & ArvAnswer) | ValuationFailure> {
  const { query, found } = await placing;
  const placement = placementOf(query, found);
  if (!placement) return { ok: false, status: 422, message: unplaceableMessage(input) };
  const facts = sentFacts(input);
  const subject: ValuationSubject =
    placement.by === "record"
      ? { ...placement.home, ...facts }
      : { ...placement.place, ...facts, zip: input.zipCode?.slice(0, 5) ?? null, address: input.address };
  const valuationDate = valuationDateOf(context.now(), context.providers.propertyData.salesThrough);
  const outcome = await value(context, subject, valuationDate, userId);
  if (!outcome.ok) return { ok: false, status: 422, message: outcome.refusal.message };
  return {
    ok: true,
    ...arvAnswer(outcome.result, valuationDate, [
      placementNote(placement),
      valuationDateNote(valuationDate, context.now()),
      providerEstimateNote(input.batchDataEstValue, outcome.result.arv),
    ]),
  };
}

function arvAnswer(result: ValuationResult, valuationDate: string, notes: (string | null)[]): ArvAnswer {
  return {
    arv: result.arv,
    range_low: result.range_low,
    range_high: result.range_high,
    confidence: result.confidence,
    confidenceLabel: result.confidenceLabel,
    typicalErrorPct: result.typicalErrorPct,
    method: result.method,
    rationale: result.rationale,
    assumptions: [...result.assumptions, ...notes.filter((note): note is string => note !== null)],
    offers: offerOptions(result.arv),
    comps: result.comps.map(toComparable),
    valuationDate,
  };
}

// --- /api/properties/{id}/comps --------------------------------------------------------------------------------------

/** GET: the user's stored comparables of their property (one batch: whether it is theirs, and its comps); 404 if not. */
export async function listComps(
  db: Db,
  userId: string,
  propertyId: string,
): Promise<{ ok: true; comps: StoredComparable[] } | ValuationFailure> {
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

/**
 * POST: a comps search for the user's property, storing what the engine used in place of the earlier set. The
 * property is read with its owner's id in the WHERE (another user's → 404, nothing written); the write is one batch
 * (a transaction): delete the set, insert the new one only while the property is still the user's. Two searches at
 * once each replace the whole set in their own transaction, so the last one wins and the set is never doubled.
 */
export async function runComps(
  context: ValuationContext,
  userId: string,
  propertyId: string,
): Promise<({ ok: true; comps: StoredComparable[] } & Omit<ArvAnswer, "comps">) | ValuationFailure> {
  const { db } = context;
  const property = await db
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

  // A property saved from a lead has its coordinates and parcel; one added by hand is placed like any address.
  const facts = sentFacts(property);
  const own = { zip: property.zipCode.slice(0, 5), parcelId: property.apn, address: property.address };
  let placement: Placement | null;
  let subject: ValuationSubject | null = null;
  if (property.latitude !== null && property.longitude !== null) {
    placement = { by: "coordinates" };
    subject = { ...facts, ...own, latitude: property.latitude, longitude: property.longitude };
  } else {
    const query = { street: property.address, city: property.city ?? "", state: property.state ?? "", zip: property.zipCode };
    placement = placementOf(query, await lookUpPlace(context, query));
    if (placement?.by === "record") subject = { ...placement.home, ...facts };
    else if (placement) subject = { ...placement.place, ...facts, ...own };
  }
  if (!placement || !subject) {
    const place = { city: property.city ?? "", state: property.state ?? "", zipCode: property.zipCode };
    return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${unplaceableMessage(place)}` };
  }

  const valuationDate = valuationDateOf(context.now(), context.providers.propertyData.salesThrough);
  const outcome = await value(context, subject, valuationDate, userId);
  if (!outcome.ok) return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${outcome.refusal.message}` };
  const { comps: used, ...answer } = arvAnswer(outcome.result, valuationDate, [
    placementNote(placement),
    valuationDateNote(valuationDate, context.now()),
  ]);
  const stored = await storeComps(db, userId, propertyId, used, context.now());
  return { ok: true, ...answer, comps: stored };
}
