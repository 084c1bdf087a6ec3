/**
 * A user's choices about a property's comps (docs/decisions/091-comps-the-user-can-defend.md): a sale
 * pinned (always kept), excluded (never used, with why) or added by address. Every later valuation of that property
 * for that user applies them. An added sale keeps its facts (`sale`), so a valuation reads it in the same batch as
 * its other candidates.
 */
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { json, timestamps } from "#db/columns.ts";

import { ownerUserId } from "./accounts.ts";
import { properties } from "./crm.ts";

export const COMP_CHOICES = ["pinned", "excluded", "added"] as const;

// Its SQL name stays comp_choices: renaming a D1 table rewrites it and gains a user nothing.
export const pinnedComps = sqliteTable(
  "comp_choices",
  {
    userId: ownerUserId(),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    saleId: text("sale_id").notNull(),
    choice: text("choice", { enum: COMP_CHOICES }).notNull(),
    /** Why an exclusion (a short code from the select) and the user's words (≤ 200 characters). */
    reason: text("reason"),
    note: text("note"),
    address: text("address").notNull(),
    /** An added sale's facts as the engine reads them (app/domain/valuation/types.ts `Sale`). */
    sale: json<Record<string, unknown>>("sale"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("comp_choices_user_property_sale_idx").on(t.userId, t.propertyId, t.saleId),
    index("comp_choices_property_idx").on(t.propertyId),
  ],
);
