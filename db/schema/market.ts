/**
 * The embedded local market (the default property-data provider), generated deterministically by db/market/, with
 * imported sales and the fitted valuation models.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { flag, id, json, money, scaled } from "#db/columns.ts";
import { ARMS_LENGTH_TRANSFER_TYPES } from "#db/enums.ts";
import { LATITUDE_CELL_SQL } from "#db/latitude-cell.ts";

import { type OwnerPhone } from "./crm.ts";

const SELLER_TYPE_FLAG_COLUMNS = [
  "is_preforeclosure",
  "is_out_of_state_absentee",
  "is_high_equity",
  "is_inherited",
  "is_corporate_owned",
  "is_tired_landlord",
] as const;

export const marketOwners = sqliteTable(
  "market_owners",
  {
    id: integer("id").primaryKey(),
    fullName: text("full_name").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    isIndividual: flag("is_individual").notNull(),
    mailingStreet: text("mailing_street").notNull(),
    mailingCity: text("mailing_city").notNull(),
    mailingState: text("mailing_state").notNull(),
    mailingZip: text("mailing_zip").notNull(),
    phones: json<OwnerPhone[]>("phones").notNull(),
    emails: json<string[]>("emails").notNull(),
    /** Properties this owner holds in the market. */
    propertyCount: integer("property_count").notNull(),
    /** Of those, bought without a mortgage. */
    cashPurchaseCount: integer("cash_purchase_count").notNull(),
    /** ≥ 3 properties bought without a mortgage. */
    isCashBuyer: flag("is_cash_buyer").notNull(),
    /** Buyer type active_landlord: 6–100 absentee properties bought in the last 3 years (db/market/flags.ts). */
    isActiveLandlord: flag("is_active_landlord").notNull().default(false),
    /** Properties this owner bought and resold within 12 months (buyer type fix_and_flip when ≥ 1). */
    flipCount: integer("flip_count").notNull().default(0),
  },
  (t) => [
    // A buyer-type search in a city reads only the owners of that type (the index covers every owner column the
    // search filters on), then probes each one's properties in the place (market_properties_owner_place_idx). Each
    // WHERE is the type's definition in app/providers/property-data/local.server.ts, word for word (100 is
    // CASH_BUYER_MAX_PURCHASES), or SQLite cannot use the index; tests/integration/market-query-plans.test.ts checks it.
    index("market_owners_cash_buyers_search_idx")
      .on(t.id, t.propertyCount, t.cashPurchaseCount)
      .where(sql`is_cash_buyer = 1 and cash_purchase_count <= 100`),
    index("market_owners_active_landlord_search_idx")
      .on(t.id, t.propertyCount)
      .where(sql`is_active_landlord = 1`),
    index("market_owners_fix_and_flip_search_idx")
      .on(t.id, t.propertyCount, t.flipCount)
      .where(sql`flip_count > 0`),
  ],
);

export const marketProperties = sqliteTable(
  "market_properties",
  {
    id: integer("id").primaryKey(),
    apn: text("apn").notNull(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    propertyType: text("property_type").notNull(),
    bedrooms: integer("bedrooms").notNull(),
    bathrooms: scaled(2)("bathrooms").notNull(),
    squareFeet: integer("square_feet").notNull(),
    lotSquareFeet: integer("lot_square_feet").notNull(),
    stories: scaled(1)("stories").notNull(),
    yearBuilt: integer("year_built").notNull(),
    /** 0 when never renovated (as assessor records write it). */
    yearRenovated: integer("year_renovated").notNull(),
    /** Assessor condition, 1 (poor) … 5 (very good). */
    condition: integer("condition").notNull(),
    /** Assessor building quality grade, 1 … 13 (7 is average). */
    qualityGrade: integer("quality_grade").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => marketOwners.id),
    ownerOccupied: flag("owner_occupied").notNull(),
    estimatedValue: money("estimated_value").notNull(),
    openLienBalance: money("open_lien_balance").notNull(),
    openLienCount: integer("open_lien_count").notNull(),
    equityBalance: money("equity_balance").notNull(),
    equityPercent: scaled(2)("equity_percent").notNull(),
    lastSalePrice: money("last_sale_price").notNull(),
    /** YYYY-MM-DD */
    lastSaleDate: text("last_sale_date").notNull(),
    lastSaleCash: flag("last_sale_cash").notNull(),
    /** The deed of the last transfer: warranty, grant, quitclaim, executor, trustee … */
    lastTransferType: text("last_transfer_type").notNull(),
    /** Recorded distress notice: notice_of_default, lis_pendens, notice_of_trustee_sale, or null. */
    foreclosureNotice: text("foreclosure_notice"),
    foreclosureNoticeDate: text("foreclosure_notice_date"),
    // Seller-type flags, computed from the fields above as db/market/flags.ts defines them.
    isAbsentee: flag("is_absentee").notNull(),
    isPreforeclosure: flag("is_preforeclosure").notNull(),
    isOutOfStateAbsentee: flag("is_out_of_state_absentee").notNull(),
    isHighEquity: flag("is_high_equity").notNull(),
    isInherited: flag("is_inherited").notNull(),
    isCorporateOwned: flag("is_corporate_owned").notNull(),
    isTiredLandlord: flag("is_tired_landlord").notNull(),
  },
  (t) => [
    index("market_properties_city_idx").on(t.state, t.city),
    index("market_properties_latlon_idx").on(t.latitude, t.longitude),
    // A seller search's count and its page of ids read only index entries (see local.server.ts `sellerWhere`):
    // - in a city, one partial index per seller type, in id order (the search's order, so a page reads from its
    //   offset on and never sorts), with the bounds a search filters on;
    ...SELLER_TYPE_FLAG_COLUMNS.map((column) =>
      index(`market_properties_${column}_search_idx`)
        .on(t.state, t.city, t.id, t.bedrooms, t.estimatedValue)
        .where(sql.raw(`${column} = 1`)),
    ),
    // - in ZIPs (a few hundred properties each), every property with its bounds and seller-type flags; and its
    //   owner, from which a buyer-type search in ZIPs starts.
    index("market_properties_zip_search_idx").on(
      t.zip,
      t.bedrooms,
      t.estimatedValue,
      t.isPreforeclosure,
      t.isOutOfStateAbsentee,
      t.isHighEquity,
      t.isInherited,
      t.isCorporateOwned,
      t.isTiredLandlord,
      t.ownerId,
    ),
    // A cash buyer's properties, and whether an owner holds one in a city, from the index alone.
    index("market_properties_owner_place_idx").on(t.ownerId, t.state, t.city, t.zip),
    // A valuation's subject named by its address (POST /api/properties/calculate-arv) is found here.
    index("market_properties_address_idx").on(t.state, t.city, t.address),
  ],
);

/** Sale history of the market's properties; the local source of comparable sales. */
export const marketSales = sqliteTable(
  "market_sales",
  {
    id: integer("id").primaryKey(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => marketProperties.id),
    /** YYYY-MM-DD */
    saleDate: text("sale_date").notNull(),
    price: money("price").notNull(),
    cash: flag("cash").notNull(),
    /** The deed recorded: comps use arm's-length sales only, never inheritance or auction transfers. */
    transferType: text("transfer_type").notNull(),
    /** The market owner who bought at this sale, when known: the current owner for the last sale, a flipper for a flip. */
    buyerOwnerId: integer("buyer_owner_id").references(() => marketOwners.id),
    daysOnMarket: integer("days_on_market").notNull(),
    /** Latitude and longitude copied from the property so a comps search reads sales without their properties' rows. */
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    /** The sale's 0.01° band of latitude (db/latitude-cell.ts): a comps search probes each band of its box by longitude. */
    latitudeCell: integer("latitude_cell").generatedAlwaysAs(LATITUDE_CELL_SQL, { mode: "virtual" }),
  },
  (t) => [
    index("market_sales_property_idx").on(t.propertyId),
    // Comparable sales (app/services/valuation/valuation.server.ts): arm's-length sales only, by band of latitude, then
    // longitude, so a search reads the entries inside its box and not a whole band of the country (docs/decisions/050-valuation-engine.md).
    index("market_sales_comps_idx")
      .on(t.latitudeCell, t.longitude, t.saleDate, t.latitude)
      .where(sql.raw(`transfer_type in (${ARMS_LENGTH_TRANSFER_TYPES.map((type) => `'${type}'`).join(", ")})`)),
  ],
);

/** Sold homes a user imported from CSV: extra comparable sales (the importer comes with spec 02). */
export const importedSales = sqliteTable(
  "imported_sales",
  {
    id: id(),
    source: text("source").notNull(),
    externalId: text("external_id").notNull(),
    saleDate: text("sale_date").notNull(),
    price: money("price").notNull(),
    address: text("address"),
    zip: text("zip"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    bedrooms: integer("bedrooms"),
    bathrooms: scaled(2)("bathrooms"),
    squareFeet: integer("square_feet"),
    lotSquareFeet: integer("lot_square_feet"),
    stories: scaled(1)("stories"),
    yearBuilt: integer("year_built"),
    yearRenovated: integer("year_renovated"),
    condition: integer("condition"),
    qualityGrade: integer("quality_grade"),
    /** The county parcel: a subject's own parcel is never its comp. */
    parcelId: text("parcel_id"),
    basementSquareFeet: integer("basement_square_feet"),
    waterfront: flag("waterfront"),
    /** Assessor view rating, 0 … 4. */
    view: integer("view"),
    latitudeCell: integer("latitude_cell").generatedAlwaysAs(LATITUDE_CELL_SQL, { mode: "virtual" }),
  },
  (t) => [
    uniqueIndex("imported_sales_source_external_idx").on(t.source, t.externalId),
    index("imported_sales_comps_idx").on(t.latitudeCell, t.longitude, t.saleDate, t.latitude),
  ],
);

/** A region's kept range calibration: a null scale says its recent sales were too few (the global scale, said as Low). */
export type KeptRangeCalibration = { asOf: string; sales: number; scale: number | null; medianRatio: number | null };

/**
 * Each region cell's market model (docs/decisions/050-valuation-engine.md): the valuation engine's fit over the sales within 7 miles of
 * the cell's centre (`regionalModel`), kept so that a valuation reads one row instead of the region's sales.
 * Derived data: `refreshRegionalModels` writes all of them again after a seed or an import of sales.
 */
export const regionalModels = sqliteTable(
  "regional_models",
  {
    /** `regionCellOf`: trunc((latitude + 90) / 0.05) and trunc((longitude + 180) / 0.05). */
    latitudeCell: integer("latitude_cell").notNull(),
    longitudeCell: integer("longitude_cell").notNull(),
    /** REGIONAL_MODEL_VERSION when it was fitted: the layout of `rates`. */
    version: integer("version").notNull(),
    /** The valuation date it was fitted for (YYYY-MM-DD). */
    asOf: text("as_of").notNull(),
    sales: integer("sales").notNull(),
    /** JSON array of numbers: the fact rates, then the price index's slopes. */
    rates: json<number[]>("rates").notNull(),
    /**
     * The region's 80 % range calibration learnt by the refresh for `asOf` (range-calibration.ts), JSON
     * `{ asOf, sales, scale, medianRatio }` with a null scale when the region had too few recent sales; null when
     * none was learnt yet.
     */
    rangeCalibration: json<KeptRangeCalibration>("range_calibration"),
  },
  (t) => [primaryKey({ columns: [t.latitudeCell, t.longitudeCell] })],
);

/**
 * Each market cell's trees (docs/decisions/050-valuation-engine.md): gradient-boosted trees over the sales of a 0.5° cell and a 0.25°
 * margin around it (`marketModel`), kept so that a valuation reads one row instead of the market's sales. Derived
 * data: `refreshRegionalModels` writes all of them again with the regional models.
 */
export const marketModels = sqliteTable(
  "market_models",
  {
    /** `marketCellOf`: floor((latitude + 90) / 0.5) and floor((longitude + 180) / 0.5). */
    latitudeCell: integer("latitude_cell").notNull(),
    longitudeCell: integer("longitude_cell").notNull(),
    /** MARKET_MODEL_VERSION when it was fitted: the layout of the trees' features. */
    version: integer("version").notNull(),
    /** The valuation date it was fitted for (YYYY-MM-DD). */
    asOf: text("as_of").notNull(),
    /** Its latest sale's date (YYYY-MM-DD): where its price level stands. */
    anchor: text("anchor").notNull(),
    sales: integer("sales").notNull(),
    /** The mean fitted ln price the trees add to. */
    base: real("base").notNull(),
    /** JSON: the trees (`BoostedTrees`). */
    trees: json<unknown>("trees").notNull(),
  },
  (t) => [primaryKey({ columns: [t.latitudeCell, t.longitudeCell] })],
);

/**
 * Where a ZIP is: every US ZIP's centroid and its city (from the `zipcodes` data, loaded by `db:seed`). A valuation
 * subject that is not a known property is placed at its ZIP's centroid, else at its city's (the mean of its ZIPs').
 */
export const zipPlaces = sqliteTable(
  "zip_places",
  {
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    /** The city lower-cased, as a lookup compares it. */
    cityKey: text("city_key").notNull(),
    state: text("state").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (t) => [index("zip_places_city_idx").on(t.state, t.cityKey, t.latitude, t.longitude)],
);
