/**
 * Valuations through the API (issue 12; spec 02 §3, §7 calculate-arv and /api/properties/{id}/comps, §8 'Comps
 * Analysis Failed'): where the subject is, which sales it is compared with, and the comps stored for a CRM property.
 * The engine (`#app/domain/valuation/engine`) does the valuing; this module does the I/O around it (README Decision 51).
 *
 * - Placement: a known property (the property-data provider's record at that address: its location, parcel and
 *   facts, the facts sent winning) or a CRM property with coordinates is valued where it is; anything else at its
 *   ZIP's centroid, else its city's (zip_places). None of them → 422.
 * - Candidates: the engine's CandidateWindow, read from the provider's sales (the local market's) and from imported
 *   sales at the same time, each one indexed range scan per band of latitude (sales-window.ts).
 * - Regional models and market trees (README Decisions 66, 69): the subject's region cell's model and its market
 *   cell's trees are read beside its candidates; both are written by `refreshRegionalModels` after a seed or an
 *   import, never by a valuation.
 * - Round trips: calculate-arv reads the session and places the subject in one wave, then the candidates, the
 *   regional model and the market trees: 2. A comps search reads the property, the candidates, then writes the comps in one batch.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, asc, avg, count, eq, gte, lt, sql } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { cityKey } from "#db/market/zip-places.ts";
import { comps, importedSales, marketModels, marketProperties, marketSales, properties, regionalModels, zipPlaces } from "#db/schema.ts";
import { offerOptions } from "#app/domain/offers/options.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import {
  candidateWindow,
  MARKET_MIN_SALES,
  MARKET_MODEL_VERSION,
  marketCellOf,
  marketCellOfRegion,
  marketCentre,
  marketWindow,
  REGION_MIN_SALES,
  REGIONAL_MODEL_VERSION,
  regionCellOf,
  regionCentre,
  regionWindow,
  WINDOW_MONTHS,
} from "#app/domain/valuation/cells.ts";
import {
  COMPS_ANALYSIS_FAILED,
  toComparable,
  unplaceableMessage,
  type ArvAnswer,
  type StoredComparable,
  type ValuationComparable,
} from "#app/domain/valuation/comparables.ts";
import { valueSubject } from "#app/domain/valuation/engine.ts";
import type { CalculateArvInput } from "#app/domain/valuation/forms.ts";
import { distanceMiles, monthsBefore } from "#app/domain/valuation/geo.ts";
import { marketModel } from "#app/domain/valuation/market.ts";
import { regionalModel } from "#app/domain/valuation/regional.ts";
import type { CandidateWindow, RegionalModel, RegionCell, Sale, ValuationResult, ValuationSubject } from "#app/domain/valuation/types.ts";
import { distanceFromCentre, inSalesWindow } from "#app/providers/property-data/sales-window.ts";
import type { KnownHome, PropertyDataProvider } from "#app/providers/property-data/types.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";
import { REGION_CELL_SQL } from "#app/services/valuation/region-cells.server.ts";

import { STORED_COMPARABLE, STORED_ORDER, storedComps } from "./stored-comps.server.ts";

type Ctx = Pick<AppLoadContext, "db" | "providers" | "now">;

export type ValuationFailure = { ok: false; status: 404 | 422; message: string };

/**
 * The valuation date: today in UTC, from the load context's clock — or, when the provider's sale records stop before
 * today (`salesThrough`, the local market's fixed data set), the day after their last day, so the engine's window
 * holds the records' last months instead of an empty stretch and nothing is extrapolated past the data.
 */
export function valuationDateOf(now: Date, salesThrough?: string | null): string {
  const today = now.toISOString().slice(0, 10);
  if (!salesThrough) return today;
  const next = new Date(`${salesThrough}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const after = next.toISOString().slice(0, 10);
  return after < today ? after : today;
}

/** Said with the answer when the valuation is as of the records' last day rather than today. */
function valuationDateNote(valuationDate: string, now: Date): string | null {
  return valuationDate < now.toISOString().slice(0, 10)
    ? `Valued as of ${valuationDate}, the day after the last sale in the property data's records; no later prices are known.`
    : null;
}

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
async function lookUpPlace(ctx: Ctx, query: PlaceQuery) {
  const { db, providers } = ctx;
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

// --- candidates -----------------------------------------------------------------------------------------------------

/**
 * Imported sales in the window (imported_sales_comps_idx), nearest the centre first. An import carries no deed type:
 * its rows are taken to be arm's-length sales (what a sold-homes export lists).
 */
function importedSalesQuery(db: Db, window: CandidateWindow) {
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

function toImportedSales(rows: Awaited<ReturnType<typeof importedSalesQuery>>): Sale[] {
  return rows.map(({ id, source, externalId, parcelId, ...sale }) => ({
    ...sale,
    id: `import-${id}`,
    parcelId: parcelId ?? `${source}:${externalId}`,
    sourceUrl: `import:${source}/${externalId}`,
  }));
}

/** Where the sales come from: the property-data provider's and the imported ones in D1. */
type SalesSources = { db: Db; propertyData: PropertyDataProvider };

/** Both sources' sales, the nearest `window.limit` of them to `centre`. */
function nearest(centre: { latitude: number; longitude: number }, window: CandidateWindow, provided: Sale[], imported: Sale[]): Sale[] {
  const all = [...provided, ...imported];
  if (all.length <= window.limit) return all;
  return all
    .map((sale) => ({ sale, miles: distanceMiles(centre, sale) }))
    .sort((a, b) => a.miles - b.miles)
    .slice(0, window.limit)
    .map(({ sale }) => sale);
}

/** Every candidate in the window from both sources, read at the same time. */
async function candidatesFor(
  { db, propertyData }: SalesSources,
  centre: { latitude: number; longitude: number },
  window: CandidateWindow,
): Promise<Sale[]> {
  const [provided, imported] = await Promise.all([
    propertyData.searchSales?.(window) ?? Promise.resolve([]),
    importedSalesQuery(db, window),
  ]);
  return nearest(centre, window, provided, toImportedSales(imported));
}

/**
 * The candidates, the kept model of the subject's region and the kept trees of its market, read at the same time (one
 * round trip: the imported sales and both models in one D1 batch, beside the provider's search); then the engine.
 */
async function value(ctx: Ctx, subject: ValuationSubject, valuationDate: string) {
  const window = candidateWindow(subject, { valuationDate });
  const [provided, [imported, models, markets]] = await Promise.all([
    ctx.providers.propertyData.searchSales?.(window) ?? Promise.resolve([]),
    ctx.db.batch([
      importedSalesQuery(ctx.db, window),
      keptRegionalModelQuery(ctx.db, regionCellOf(subject)),
      keptMarketModelQuery(ctx.db, marketCellOf(subject)),
    ]),
  ]);
  const candidates = nearest(subject, window, provided, toImportedSales(imported));
  return valueSubject(subject, candidates, { valuationDate, regional: keptRegionalModel(models), market: markets[0] ?? null });
}

// --- regional models (README Decision 66) ----------------------------------------------------------------------------

/** A region cell's kept model of the engine's layout, by primary key. */
function keptRegionalModelQuery(db: Db, cell: RegionCell) {
  return db
    .select({ asOf: regionalModels.asOf, sales: regionalModels.sales, rates: regionalModels.rates })
    .from(regionalModels)
    .where(
      and(
        eq(regionalModels.latitudeCell, cell.latitudeCell),
        eq(regionalModels.longitudeCell, cell.longitudeCell),
        eq(regionalModels.version, REGIONAL_MODEL_VERSION),
      ),
    );
}

/** A market cell's kept trees of the engine's layout, by primary key (the engine checks their shape before use). */
function keptMarketModelQuery(db: Db, cell: RegionCell) {
  return db
    .select({
      asOf: marketModels.asOf,
      anchor: marketModels.anchor,
      sales: marketModels.sales,
      base: marketModels.base,
      trees: marketModels.trees,
    })
    .from(marketModels)
    .where(
      and(
        eq(marketModels.latitudeCell, cell.latitudeCell),
        eq(marketModels.longitudeCell, cell.longitudeCell),
        eq(marketModels.version, MARKET_MODEL_VERSION),
      ),
    );
}

/** The model read, or null when none is kept (or its rates are not a list of numbers). */
function keptRegionalModel(rows: Awaited<ReturnType<typeof keptRegionalModelQuery>>): RegionalModel | null {
  const [row] = rows;
  if (!row || !Array.isArray(row.rates) || !row.rates.every((rate) => typeof rate === "number")) return null;
  return row;
}

/** Models fitted at the same time while refreshing (their reads overlap; D1 answers them in turn). */
const REFRESH_CONCURRENCY = 8;
/** Rows per insert statement: 6 bound values each, under D1's 100 a statement. */
const MODELS_PER_INSERT = 16;

export type RegionalRefresh = { cells: number; kept: number; markets: number; marketsKept: number };

/**
 * Fits again the model of every region cell that holds a known property of the local market or a sale of the last
 * 12 months (imported or the provider's), for valuations on `asOf`, and replaces the kept models with them in one
 * batch (a transaction: a failed refresh leaves the old models). A cell whose region holds fewer than
 * REGION_MIN_SALES sales keeps none, and its subjects are valued without one. The market cells holding those region
 * cells get their trees fitted again the same way (README Decision 69; none where the market window could not hold
 * MARKET_MIN_SALES). Run after a seed and after an import (`npm run db:seed`, `npm run import:sales`); valuations
 * read the models and never write them.
 */
export async function refreshRegionalModels(sources: SalesSources, asOf: string): Promise<RegionalRefresh> {
  const { cells, markets } = await regionCellsToModel(sources.db, asOf);
  const fitted: (typeof regionalModels.$inferInsert)[] = [];
  for (let start = 0; start < cells.length; start += REFRESH_CONCURRENCY) {
    const chunk = cells.slice(start, start + REFRESH_CONCURRENCY);
    const models = await Promise.all(
      chunk.map(async (cell) => {
        const window = regionWindow(cell, { valuationDate: asOf });
        return regionalModel(cell, await candidatesFor(sources, regionCentre(cell), window), { valuationDate: asOf });
      }),
    );
    models.forEach((model, i) => {
      if (model) fitted.push({ ...chunk[i], version: REGIONAL_MODEL_VERSION, ...model });
    });
  }
  // One market at a time: each reads up to MARKET_LIMIT sales and fits 300 trees on them.
  const trees: (typeof marketModels.$inferInsert)[] = [];
  for (const cell of markets) {
    const valuation = { valuationDate: asOf };
    const model = marketModel(cell, await candidatesFor(sources, marketCentre(cell), marketWindow(cell, valuation)), valuation);
    if (model) trees.push({ ...cell, version: MARKET_MODEL_VERSION, ...model });
  }
  const inserts = [];
  for (let start = 0; start < fitted.length; start += MODELS_PER_INSERT) {
    inserts.push(sources.db.insert(regionalModels).values(fitted.slice(start, start + MODELS_PER_INSERT)));
  }
  // A market's trees are one large row each.
  for (const row of trees) inserts.push(sources.db.insert(marketModels).values(row));
  await sources.db.batch([sources.db.delete(regionalModels), sources.db.delete(marketModels), ...inserts]);
  return { cells: cells.length, kept: fitted.length, markets: markets.length, marketsKept: trees.length };
}

/**
 * The cells to model, in order: those of the local market's properties and of the sales of the 12 months before
 * `asOf` (imported or the market's), but only where the region could hold REGION_MIN_SALES of those sales (counted
 * per cell in one pass, every transfer type: an upper bound), so a thin market costs no region read.
 */
async function regionCellsToModel(db: Db, asOf: string): Promise<{ cells: RegionCell[]; markets: RegionCell[] }> {
  const cellColumns = {
    latitudeCell: sql<number>`${sql.raw(REGION_CELL_SQL.latitude)}`.as("region_latitude"),
    longitudeCell: sql<number>`${sql.raw(REGION_CELL_SQL.longitude)}`.as("region_longitude"),
  };
  const salesPerCell = (table: typeof marketSales | typeof importedSales) =>
    db
      .select({ ...cellColumns, sales: count() })
      .from(table)
      .where(and(gte(table.saleDate, monthsBefore(asOf, WINDOW_MONTHS)), lt(table.saleDate, asOf)))
      .groupBy(sql`1, 2`);
  const [homes, market, imported] = await Promise.all([
    db.selectDistinct(cellColumns).from(marketProperties),
    salesPerCell(marketSales),
    salesPerCell(importedSales),
  ]);
  const key = (cell: RegionCell) => `${cell.latitudeCell}:${cell.longitudeCell}`;
  const sales = new Map<string, number>();
  for (const row of [...market, ...imported]) sales.set(key(row), (sales.get(key(row)) ?? 0) + row.sales);
  const cells = new Map<string, RegionCell>();
  for (const cell of [...homes, ...market, ...imported])
    cells.set(key(cell), { latitudeCell: cell.latitudeCell, longitudeCell: cell.longitudeCell });
  // A window's sales counted on the region cells it touches (every transfer type): an upper bound.
  const salesWithin = (window: CandidateWindow): number => {
    const low = regionCellOf({ latitude: window.minLatitude, longitude: window.minLongitude });
    const high = regionCellOf({ latitude: window.maxLatitude, longitude: window.maxLongitude });
    let total = 0;
    for (let a = low.latitudeCell; a <= high.latitudeCell; a++) {
      for (let o = low.longitudeCell; o <= high.longitudeCell; o++) total += sales.get(`${a}:${o}`) ?? 0;
    }
    return total;
  };
  const valuation = { valuationDate: asOf };
  const reachable = (cell: RegionCell) => salesWithin(regionWindow(cell, valuation)) >= REGION_MIN_SALES;
  const marketReachable = (market: RegionCell) => salesWithin(marketWindow(market, valuation)) >= MARKET_MIN_SALES;
  const byCell = (a: RegionCell, b: RegionCell) => a.latitudeCell - b.latitudeCell || a.longitudeCell - b.longitudeCell;
  const marketCells = new Map<string, RegionCell>();
  for (const cell of cells.values()) {
    const market = marketCellOfRegion(cell);
    marketCells.set(key(market), market);
  }
  return {
    cells: [...cells.values()].filter(reachable).sort(byCell),
    markets: [...marketCells.values()].filter(marketReachable).sort(byCell),
  };
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
export function placeArvSubject(ctx: Ctx, input: CalculateArvInput) {
  const query = { street: input.address, city: input.city, state: input.state, zip: input.zipCode ?? null };
  return lookUpPlace(ctx, query).then((found) => ({ query, found }));
}

/** The §3 ARV result with its offers and comps, or 422 when the subject cannot be placed or has no comps. */
export async function valueArv(
  ctx: Ctx,
  input: CalculateArvInput,
  placing: ReturnType<typeof placeArvSubject>,
): Promise<({ ok: true } & ArvAnswer) | ValuationFailure> {
  const { query, found } = await placing;
  const placement = placementOf(query, found);
  if (!placement) return { ok: false, status: 422, message: unplaceableMessage(input) };
  const facts = sentFacts(input);
  const subject: ValuationSubject =
    placement.by === "record"
      ? { ...placement.home, ...facts }
      : { ...placement.place, ...facts, zip: input.zipCode?.slice(0, 5) ?? null, address: input.address };
  const valuationDate = valuationDateOf(ctx.now(), ctx.providers.propertyData.salesThrough);
  const outcome = await value(ctx, subject, valuationDate);
  if (!outcome.ok) return { ok: false, status: 422, message: outcome.refusal.message };
  return {
    ok: true,
    ...arvAnswer(outcome.result, valuationDate, [
      placementNote(placement),
      valuationDateNote(valuationDate, ctx.now()),
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
  ctx: Ctx,
  userId: string,
  propertyId: string,
): Promise<({ ok: true; comps: StoredComparable[] } & Omit<ArvAnswer, "comps">) | ValuationFailure> {
  const { db } = ctx;
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
    placement = placementOf(query, await lookUpPlace(ctx, query));
    if (placement?.by === "record") subject = { ...placement.home, ...facts };
    else if (placement) subject = { ...placement.place, ...facts, ...own };
  }
  if (!placement || !subject) {
    const place = { city: property.city ?? "", state: property.state ?? "", zipCode: property.zipCode };
    return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${unplaceableMessage(place)}` };
  }

  const valuationDate = valuationDateOf(ctx.now(), ctx.providers.propertyData.salesThrough);
  const outcome = await value(ctx, subject, valuationDate);
  if (!outcome.ok) return { ok: false, status: 422, message: `${COMPS_ANALYSIS_FAILED}: ${outcome.refusal.message}` };
  const { comps: used, ...answer } = arvAnswer(outcome.result, valuationDate, [
    placementNote(placement),
    valuationDateNote(valuationDate, ctx.now()),
  ]);
  const stored = await storeComps(db, userId, propertyId, used, ctx.now());
  return { ok: true, ...answer, comps: stored };
}

/** The statements that replace the property's comps (only while it is the user's), then read them back in the list's order. */
function compsWrites(db: Db, userId: string, propertyId: string, used: ValuationComparable[], now: Date) {
  const column = (name: keyof typeof comps.$inferSelect) => comps[name];
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
  }));
  const owned = sql`exists (select 1 from ${properties} where ${properties.id} = ${propertyId} and ${properties.userId} = ${userId})`;
  return [
    db.delete(comps).where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId))),
    // Every column of comps in the table's order, as insert … select takes them.
    db.insert(comps).select(
      sql`select json_extract(value, '$.id'), ${userId}, ${propertyId}, json_extract(value, '$.address'), json_extract(value, '$.sold_price'),
        json_extract(value, '$.sold_date'), json_extract(value, '$.bedrooms'), json_extract(value, '$.bathrooms'),
        json_extract(value, '$.square_feet'), json_extract(value, '$.price_per_sqft'), json_extract(value, '$.distance'),
        json_extract(value, '$.similarity_score'), json_extract(value, '$.days_on_market'), json_extract(value, '$.source_url'), ${now.getTime()}
      from json_each(${JSON.stringify(rows)}) where ${owned} order by key`,
    ),
    storedComps(db, userId, [propertyId]),
  ] as const;
}

/** Replaces the property's comps in one transaction; answers them as stored (ids, rounding), in the list's order. */
async function storeComps(db: Db, userId: string, propertyId: string, used: ValuationComparable[], now: Date): Promise<StoredComparable[]> {
  const [, , stored] = await db.batch(compsWrites(db, userId, propertyId, used, now));
  return stored;
}

/**
 * The workbench's Get Property Value: the calculate-arv answer recorded on the user's property — its ARV as `arv`
 * and `analysisArv` (what Get Max Offer starts from) and the comps it used as the property's stored comps — in one
 * batch (a transaction) that writes only while the property is the user's. Another user's property → 404, nothing
 * written.
 */
export async function storeValuation(
  db: Db,
  userId: string,
  propertyId: string,
  answer: Pick<ArvAnswer, "arv" | "comps">,
  now: Date,
): Promise<{ ok: true; comps: StoredComparable[] } | ValuationFailure> {
  const [updated, , , stored] = await db.batch([
    db
      .update(properties)
      .set({ arv: answer.arv, analysisArv: answer.arv, updatedAt: now })
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId)))
      .returning({ id: properties.id }),
    ...compsWrites(db, userId, propertyId, answer.comps, now),
  ]);
  if (updated.length === 0) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  return { ok: true, comps: stored };
}
