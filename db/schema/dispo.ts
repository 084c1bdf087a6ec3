/**
 * Disposition: the buyers a user sells contracts to, each with the buy-box they stated and their consent per channel;
 * a deal's public page for buyers and the offers they make on it.
 * What a buyer did (their cash purchases) is read from the market when it is shown, never stored, so it stays current.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { createdAt, flag, id, instant, json, money, timestamps } from "#db/columns.ts";
import { BUYER_SOURCES, DEAL_OFFER_STATUSES, REPAIR_LEVELS } from "#db/enums.ts";

import { ownerUserId } from "./accounts.ts";
import { buyerLeads, deals } from "./crm.ts";

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

/**
 * A deal's public page for buyers (/d/{token}): one link per deal, of which only the token's SHA-256 is kept, so the
 * database never holds a usable link. Revoking sets `revokedAt`; making a new link replaces the hash (the old link
 * stops working). `formSecret` keys the signed time stamp in the page's form and never leaves the server.
 */
export const dealLinks = sqliteTable(
  "deal_links",
  {
    id: id(),
    userId: ownerUserId(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    formSecret: text("form_secret").notNull(),
    /** The user's choice: the exact street is shown to a buyer once they have left their contact details. */
    showStreet: flag("show_street").notNull().default(false),
    revokedAt: instant("revoked_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("deal_links_deal_idx").on(t.dealId), uniqueIndex("deal_links_token_idx").on(t.tokenHash)],
);

/**
 * A buyer's inquiry (no amount) or offer on a deal, from the deal page or entered by the user; `userId` is the deal's
 * owner. `buyerId` links it to the user's buyer with the same email, when there is one (their history).
 */
export const dealOffers = sqliteTable(
  "deal_offers",
  {
    id: id(),
    userId: ownerUserId(),
    dealId: text("deal_id")
      .notNull()
      .references(() => deals.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id").references(() => buyers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    amount: money("amount"),
    earnestMoney: money("earnest_money"),
    /** YYYY-MM-DD: the closing date the buyer proposes. */
    closeDate: text("close_date"),
    proofOfFunds: flag("proof_of_funds").notNull().default(false),
    message: text("message"),
    status: text("status", { enum: DEAL_OFFER_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
  },
  (t) => [index("deal_offers_deal_idx").on(t.userId, t.dealId, t.createdAt), index("deal_offers_buyer_idx").on(t.userId, t.buyerId)],
);
