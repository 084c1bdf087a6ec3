/**
 * Valuations through the API (the spec calculate-arv and /api/properties/{id}/comps, 'Comps
 * Analysis Failed'): where the subject is, which sales it is compared with, and the comps stored for a CRM property.
 * The engine (`#app/domain/valuation/engine.ts`) does the valuing; this module does the I/O around it (README Decision
 * 51), with the sales' queries in sales.server.ts, the kept models' in kept-models.server.ts and the comps' writes in
 * store-comps.server.ts; a CRM property's comps search is property-comps.server.ts, and the user's pinned and excluded comps
 * (comp_choices, ADR 091) are read in the candidates' batch (pinned-comps-read.server.ts).
 *
 * - Placement: a known property (the property-data provider's record at that address: its location, parcel and
 *   facts, the facts sent winning) or a CRM property with coordinates is valued where it is; anything else at its
 *   ZIP's centroid, else its city's (zip_places). None of them → 422.
 * - Candidates: the engine's CandidateWindow, read from the provider's sales (the local market's) and from imported
 *   sales at the same time, each one indexed range scan per band of latitude (sales-window.ts).
 * - Regional models and market trees (docs/decisions/050-valuation-engine.md): the subject's region cell's model and its market
 *   cell's trees are read beside its candidates; both are written by model-refresh.server.ts (after a seed or an
 *   import, and by the Worker's monthly cron), never by a valuation.
 * - Round trips: calculate-arv reads the session and places the subject in one wave, then the candidates, the
 *   regional model and the market trees: 2. A comps search reads the property, the candidates, then writes the comps in one batch.
 */
import { and, avg, count, eq } from "drizzle-orm";

import { zipPlaces } from "#db/schema.ts";
import { cityKey } from "#db/zip-places.ts";
import { offerOptions } from "#app/domain/offers/options.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { candidateWindow, marketCellOf, regionCellOf } from "#app/domain/valuation/cells.ts";
import { toComparable, unplaceableMessage, type ArvAnswer, type ValuationFailure } from "#app/domain/valuation/comparables.ts";
import { valueSubject } from "#app/domain/valuation/engine.ts";
import { inWindow } from "#app/domain/valuation/provider-comps.ts";
import type { Sale, ValuationResult, ValuationSubject } from "#app/domain/valuation/types.ts";
import { valuationDateNote, valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import type { CalculateArvInput } from "#app/domain/valuation/valuation-forms.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { KnownHome } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { keptMarketModelQuery, keptRangeCalibration, keptRegionalModel, keptRegionalModelQuery } from "./kept-models.server.ts";
import { pinnedCompsQuery, toPinnedComps } from "./pinned-comps-read.server.ts";
import { providerComps } from "./provider-comps.server.ts";
import { importedSalesQuery, nearest, toImportedSales } from "./sales.server.ts";
import { toUserSales, userSalesQuery } from "./user-sales.server.ts";

export type ValuationContext = ServiceContext<"db" | "providers" | "now" | "config">;

/**
 * Whose valuation it is, and of which of their properties when there is one; `bought`: the vendor's comparables kept
 * for the subject (provider-comps.server.ts), used instead of the provider's sales search.
 */
export type ValuationOwner = { userId: string; propertyId?: string; bought?: Sale[] };

// --- placement ------------------------------------------------------------------------------------------------------

type Place = { latitude: number; longitude: number };

/** How an address was placed: by the provider's record of it, or by its ZIP's or its city's centre. */
type AddressPlacement =
  | { by: "record"; home: KnownHome }
  | { by: "zip"; zip: string; place: Place }
  | { by: "city"; city: string; state: string; zips: number; place: Place };

/** How the subject was placed, for the assumptions. */
export type Placement = AddressPlacement | { by: "coordinates" };

type PlaceQuery = { street: string; city: string; state: string; zip: string | null };

/** The place lookups for an address, all in one wave: the provider's record, the ZIP's centroid, the city's. */
export async function lookUpPlace(context: ValuationContext, query: PlaceQuery) {
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
export function placementOf(query: PlaceQuery, found: Awaited<ReturnType<typeof lookUpPlace>>): AddressPlacement | null {
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
export function sentFacts(from: { [K in keyof SentFacts]?: SentFacts[K] }): Partial<ValuationSubject> {
  return Object.fromEntries(SENT_FACTS.flatMap((key) => (from[key] === null || from[key] === undefined ? [] : [[key, from[key]]])));
}

export function placementNote(placement: Placement): string {
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
export async function value(context: ValuationContext, subject: ValuationSubject, valuationDate: string, owner?: ValuationOwner) {
  const window = candidateWindow(subject, { valuationDate });
  const { db } = context;
  const [provided, [imported, models, markets, own, chosen]] = await Promise.all([
    owner?.bought ? inWindow(owner.bought, window) : (context.providers.propertyData.searchSales?.(window) ?? Promise.resolve([])),
    db.batch([
      importedSalesQuery({ db }, window),
      keptRegionalModelQuery({ db }, regionCellOf(subject)),
      keptMarketModelQuery({ db }, marketCellOf(subject)),
      userSalesQuery({ db }, owner?.userId ?? null, window),
      // The user's pinned and excluded comps of this property (ADR 091), read in the same batch: no extra round trip.
      pinnedCompsQuery({ db }, owner?.userId ?? "", owner?.propertyId ?? ""),
    ]),
  ]);
  const { choices, added } = toPinnedComps(chosen);
  // An added sale that is also a candidate (a market sale or the user's own upload in the window) counts once.
  const addedIds = new Set(added.map((sale) => sale.id));
  const found = nearest(subject, window, provided, [...toImportedSales(imported), ...toUserSales(own)]);
  const candidates = [...found.filter((sale) => !addedIds.has(sale.id)), ...added];
  return valueSubject(subject, candidates, {
    valuationDate,
    regional: keptRegionalModel(models),
    // The region's range calibration kept beside its model (ADR 076): its scale, or the global one said as Low.
    rangeCalibration: keptRangeCalibration(models, valuationDate),
    market: markets[0] ?? null,
    choices,
  });
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
 * The ARV result with its offers and comps, or 422 when the subject cannot be placed or has no comps. `userId`: the
 * signed-in user, whose own uploaded sales join the candidates (none without one).
 */
export async function valueArv(
  context: ValuationContext,
  input: CalculateArvInput,
  placing: ReturnType<typeof placeArvSubject>,
  /**
   * Whose valuation it is: only that user's uploaded sales are candidates (ADR 093); with their property, its comp
   * choices apply (ADR 091).
   */
  owner?: ValuationOwner,
): Promise<({ ok: true } & ArvAnswer) | ValuationFailure> {
  const { query, found } = await placing;
  const valuationDate = valuationDateOf(context.now(), context.providers.propertyData.salesThrough);
  // A vendor's comparables (kept, or bought for this user) bring the subject's record with them.
  const bought = owner ? await boughtComps(context, query, valuationDate, owner.userId) : null;
  if (bought && !bought.ok) return bought;
  const placement = placementOf(query, bought?.home ? { ...found, home: bought.home } : found);
  if (!placement) return { ok: false, status: 422, message: unplaceableMessage(input) };
  const facts = sentFacts(input);
  const subject: ValuationSubject =
    placement.by === "record"
      ? { ...placement.home, ...facts }
      : { ...placement.place, ...facts, zip: input.zipCode?.slice(0, 5) ?? null, address: input.address };
  const outcome = await value(context, subject, valuationDate, owner && { ...owner, bought: bought?.sales });
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

/**
 * The vendor's comparables for an address (null for a provider without them, or an address without a ZIP), or the
 * cap's refusal. `refresh` buys them again.
 */
export async function boughtComps(context: ValuationContext, query: PlaceQuery, valuationDate: string, userId: string, refresh = false) {
  if (!context.providers.propertyData.comparables || !query.zip) return null;
  const address = { street: query.street, city: query.city, state: query.state, zip: query.zip };
  try {
    const found = await providerComps(context, { address, valuationDate, userId, refresh });
    if (found && !found.ok) return { ok: false as const, status: found.status, message: found.message };
    return found;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ok: false as const, status: 502 as const, message: `Comparable sales could not be fetched (${error.message}).` };
  }
}

export function arvAnswer(result: ValuationResult, valuationDate: string, notes: (string | null)[]): ArvAnswer {
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
    model: result.model,
  };
}
