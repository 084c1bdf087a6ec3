/**
 * Disposition: the buyers a user sells contracts to, each with the buy-box they stated and their consent per channel.
 * What a buyer did (their cash purchases) is read from the market when it is shown, never stored, so it stays current.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { flag, id, instant, json, money, timestamps } from "#db/columns.ts";
import { BUYER_SOURCES, REPAIR_LEVELS } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";
import { buyerLeads } from "./crm.ts";

export const buyers = sqliteTable(
  "buyers",
  {
    id: id(),
    userId: ownerUserId(),
    name: text("name").notNull(),
    company: text("company"),
    email: text("email"),
    phone: text("phone"),
    /** Cities ("Phoenix, AZ") or ZIPs the buyer buys in, as they said them. */
    markets: json<string[]>("markets").notNull().default([]),
    /** PROPERTY_TYPES values; empty means any. */
    propertyTypes: json<string[]>("property_types").notNull().default([]),
    priceMin: money("price_min"),
    priceMax: money("price_max"),
    minBeds: integer("min_beds"),
    maxRepairLevel: text("max_repair_level", { enum: REPAIR_LEVELS }),
    /** Email only with the buyer's say-so: false until the user records it, never inferred from an address on file. */
    emailConsent: flag("email_consent").notNull().default(false),
    /** Set once the buyer unsubscribes; from then on this user never emails them again. */
    unsubscribedAt: instant("unsubscribed_at"),
    source: text("source", { enum: BUYER_SOURCES }).notNull(),
    /** The Buyer Breeze lead this buyer was added from. */
    buyerLeadId: text("buyer_lead_id").references(() => buyerLeads.id, { onDelete: "set null" }),
    /** The property-data provider's id of this buyer ("local-owner-42"), when known: where their purchases are read from. */
    sourceBuyerId: text("source_buyer_id"),
    /** lower(name) and lower(email): one buyer per user, so a CSV uploaded again updates instead of doubling. */
    matchKey: text("match_key").notNull(),
    ...timestamps,
  },
  (t) => [
    index("buyers_user_created_idx").on(t.userId, t.createdAt),
    uniqueIndex("buyers_user_match_idx").on(t.userId, t.matchKey),
    uniqueIndex("buyers_user_lead_idx").on(t.userId, t.buyerLeadId),
  ],
);
