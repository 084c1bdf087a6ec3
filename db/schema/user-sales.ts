/**
 * Sold homes a user uploaded from the app (docs/decisions/093-user-sales-import.md): comparable sales for that user's
 * valuations only. imported_sales (the CLI's) is every user's market data and feeds the regional models; these rows
 * are private, so they live apart, keyed by their owner, and no model or other user ever reads them.
 */
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { flag, id, money, scaled, timestamps } from "#db/columns.ts";
import { LATITUDE_CELL_SQL } from "#db/latitude-cell.ts";

import { ownerUserId } from "./accounts.ts";

export const userSales = sqliteTable(
  "user_sales",
  {
    id: id(),
    userId: ownerUserId(),
    /** The CSV's sale_id: a re-upload of the same sale updates this row (user_sales_user_external_idx). */
    externalId: text("external_id").notNull(),
    /** The name of the file the row last came from, for the comp's source. */
    source: text("source").notNull(),
    parcelId: text("parcel_id").notNull(),
    saleDate: text("sale_date").notNull(),
    price: money("price").notNull(),
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
    basementSquareFeet: integer("basement_square_feet"),
    condition: integer("condition"),
    qualityGrade: integer("quality_grade"),
    waterfront: flag("waterfront"),
    view: integer("view"),
    /** The CSV's optional address: "Add a comp" finds the sale by it (its owner only). */
    address: text("address"),
    latitudeCell: integer("latitude_cell").generatedAlwaysAs(LATITUDE_CELL_SQL, { mode: "virtual" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("user_sales_user_external_idx").on(t.userId, t.externalId),
    // A valuation reads one user's sales in its window: by owner, then band of latitude and longitude as the other comps.
    index("user_sales_comps_idx").on(t.userId, t.latitudeCell, t.longitude, t.saleDate, t.latitude),
  ],
);
