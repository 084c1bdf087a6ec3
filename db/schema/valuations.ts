/**
 * A property's valuation history: every valuation the property has had, the current one included
 * (it is also on the property row). A re-valuation adds a row here and replaces the property's current figures.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { createdAt, id, instant, money } from "#db/columns.ts";
import { VALUATION_SOURCES } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";
import { properties } from "./crm.ts";

export const propertyValuations = sqliteTable(
  "property_valuations",
  {
    id: id(),
    userId: ownerUserId(),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    arv: money("arv").notNull(),
    rangeLow: money("range_low"),
    rangeHigh: money("range_high"),
    /** 0…100 */
    confidenceScore: integer("confidence_score"),
    source: text("source", { enum: VALUATION_SOURCES }).notNull(),
    compCount: integer("comp_count"),
    valuedAt: instant("valued_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("property_valuations_user_property_idx").on(t.userId, t.propertyId, t.valuedAt)],
);
