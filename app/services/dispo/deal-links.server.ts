/**
 * A deal's public page link: made and revoked by the deal's owner, opened by anyone holding it. Only the token's
 * SHA-256 is stored; the token itself is an HMAC of the deal under the link's own secret (kept on the server beside it,
 * as the form stamps' key), so the server can rebuild it to put in the deal's emails, and a link made again (or made
 * after a revoke) has a new secret and so a new token while the old one stays dead. A link opens its page only while
 * its deal is under contract and not yet assigned: once assigned (or moved out of Closing, or deleted) it answers not
 * found.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";

import { comps, dealLinks, deals, properties, users } from "#db/schema.ts";
import { askingPriceOf, dayText } from "#app/domain/dispo/contract.ts";
import { compSummaryOf, type DealPageView } from "#app/domain/dispo/deal-page.ts";
import { dealNumbersOf, dealRuleOf } from "#app/domain/offers/deal-numbers.ts";
import { generateToken, hashToken } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** The comparable sales the page's summary reads (the valuation's own, as stored). */
const COMPS_READ = 25;
/** A token is 32 base32 characters; anything much longer is not one of ours. */
const TOKEN_MAX = 64;

export type DealLinkState = { active: boolean; showStreet: boolean; createdAt: string; revokedAt: string | null } | null;

/** The deal's link as its owner sees it (never the token: only its hash is kept). */
export async function readDealLink(context: ServiceContext<"db">, { userId, dealId }: { userId: string; dealId: string }) {
  const row = await context.db
    .select()
    .from(dealLinks)
    .where(and(eq(dealLinks.dealId, dealId), eq(dealLinks.userId, userId)))
    .get();
  const state: DealLinkState = row
    ? {
        active: row.revokedAt === null,
        showStreet: row.showStreet,
        createdAt: row.updatedAt.toISOString(),
        revokedAt: row.revokedAt?.toISOString() ?? null,
      }
    : null;
  return state;
}

/** The bytes of a page token (as many as a session token's). */
const TOKEN_BYTES = 20;

/** The token of the deal's link made with `formSecret`: HMAC-SHA256 of the deal under it, base32 (32 characters). */
export async function dealPageToken(formSecret: string, dealId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(formSecret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`deal-page:${dealId}`));
  return encodeBase32LowerCaseNoPadding(new Uint8Array(mac).subarray(0, TOKEN_BYTES));
}

/** The page of a link's token, absolute (emails carry it). */
export function dealPageUrl(context: ServiceContext<"config">, token: string): string {
  return new URL(`/d/${token}`, context.config.APP_ORIGIN).toString();
}

/**
 * Writes a link row for the user's deal with a fresh secret (and its token's hash) when `onlyIfNone`: only if the deal
 * has no live link; otherwise always (a link made before stops working). One statement: only if the deal is the user's.
 */
async function writeLink(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, showStreet, onlyIfNone }: { userId: string; dealId: string; showStreet: boolean; onlyIfNone: boolean },
) {
  const now = context.now().getTime();
  const secret = generateToken();
  const token = await dealPageToken(secret, dealId);
  const renewed = {
    tokenHash: sql`excluded.token_hash`,
    formSecret: sql`excluded.form_secret`,
    revokedAt: null,
    updatedAt: sql`excluded.updated_at`,
  };
  // Every column in the table's order (an insert from a select names them all).
  const statement = context.db
    .insert(dealLinks)
    .select(
      sql`select ${crypto.randomUUID()}, ${userId}, ${deals.id}, ${hashToken(token)}, ${secret}, ${showStreet ? 1 : 0}, null, ${now}, ${now}
        from ${deals} where ${deals.id} = ${dealId} and ${deals.userId} = ${userId}`,
    )
    .onConflictDoUpdate(
      onlyIfNone
        ? { target: dealLinks.dealId, set: renewed, setWhere: isNotNull(dealLinks.revokedAt) }
        : { target: dealLinks.dealId, set: { ...renewed, showStreet: sql`excluded.show_street` } },
    )
    .returning({ id: dealLinks.id });
  return { statement, token };
}

/**
 * A new link for the user's deal (a link made before stops working), answering its token, or null for a foreign or
 * unknown deal.
 */
export async function makeDealLink(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, showStreet }: { userId: string; dealId: string; showStreet: boolean },
): Promise<string | null> {
  const { statement, token } = await writeLink(context, { userId, dealId, showStreet, onlyIfNone: false });
  const rows = await statement;
  return rows.length > 0 ? token : null;
}

/**
 * The token of the deal's live link, made now when the deal has none (never made, or revoked: the street not shown),
 * for the deal's emails to carry; null for a foreign or unknown deal. Parallel calls agree: a live link is never
 * replaced, and its token is rebuilt from its secret. A live link whose stored hash is not of its rebuilt token (one
 * made with a random token) gets the rebuilt one, guarded by its secret so parallel calls write the same.
 */
export async function liveDealLink(
  context: ServiceContext<"db" | "now">,
  { userId, dealId }: { userId: string; dealId: string },
): Promise<string | null> {
  const { db } = context;
  const { statement } = await writeLink(context, { userId, dealId, showStreet: false, onlyIfNone: true });
  const mine = and(eq(dealLinks.dealId, dealId), eq(dealLinks.userId, userId), isNull(dealLinks.revokedAt));
  const [, rows] = await db.batch([
    statement,
    db.select({ formSecret: dealLinks.formSecret, tokenHash: dealLinks.tokenHash }).from(dealLinks).where(mine),
  ]);
  const live = rows[0];
  if (!live) return null;
  const token = await dealPageToken(live.formSecret, dealId);
  if (hashToken(token) === live.tokenHash) return token;
  const rehashed = await db
    .update(dealLinks)
    .set({ tokenHash: hashToken(token) })
    .where(and(mine, eq(dealLinks.formSecret, live.formSecret)))
    .returning({ id: dealLinks.id });
  return rehashed.length > 0 ? token : liveDealLink(context, { userId, dealId });
}

/** Revokes the deal's link: its page answers not found from now on. False when the user's deal has no live link. */
export async function revokeDealLink(context: ServiceContext<"db" | "now">, { userId, dealId }: { userId: string; dealId: string }) {
  const revoked = await context.db
    .update(dealLinks)
    .set({ revokedAt: context.now(), updatedAt: context.now() })
    .where(and(eq(dealLinks.dealId, dealId), eq(dealLinks.userId, userId), isNull(dealLinks.revokedAt)))
    .returning({ id: dealLinks.id });
  return revoked.length > 0;
}

/** What an open link resolves to: the page, the street (shown only after an inquiry) and the link's server-side facts. */
export type OpenDeal = {
  page: DealPageView;
  street: string;
  link: { id: string; userId: string; dealId: string; formSecret: string; showStreet: boolean };
  /** Where the owner is told of a new offer. */
  ownerEmail: string;
};

/** What the page reads of the link, the deal, its property and its owner: nothing of the seller. */
const PAGE_COLUMNS = {
  link: {
    id: dealLinks.id,
    userId: dealLinks.userId,
    dealId: dealLinks.dealId,
    formSecret: dealLinks.formSecret,
    showStreet: dealLinks.showStreet,
  },
  deal: {
    contractPrice: deals.contractPrice,
    assignmentFeeAsked: deals.assignmentFeeAsked,
    dealValue: deals.dealValue,
    closeDate: deals.closeDate,
  },
  property: {
    address: properties.address,
    city: properties.city,
    state: properties.state,
    zip: properties.zipCode,
    propertyType: properties.propertyType,
    bedrooms: properties.bedrooms,
    bathrooms: properties.bathrooms,
    squareFeet: properties.squareFeet,
    yearBuilt: properties.yearBuilt,
    arv: properties.arv,
    arvLow: properties.arvLow,
    arvHigh: properties.arvHigh,
    repairEstimate: properties.repairEstimate,
    assignmentFee: properties.assignmentFee,
    ruleMaxOffer: properties.ruleMaxOffer,
    maxOffer: properties.maxOffer,
  },
  preferences: users.preferences,
  ownerEmail: users.email,
};

/**
 * The deal behind a live link, or null (unknown, revoked, or its deal assigned, withdrawn or gone). The link, the
 * deal, its property and its stored comps in one round trip; only the fields the page shows are read.
 */
export async function openDealLink(context: ServiceContext<"db">, token: string): Promise<OpenDeal | null> {
  if (!token || token.length > TOKEN_MAX) return null;
  const { db } = context;
  const tokenHash = hashToken(token);
  const live = and(
    eq(dealLinks.tokenHash, tokenHash),
    isNull(dealLinks.revokedAt),
    eq(deals.stage, "closing"),
    sql`coalesce(${deals.dispoStatus}, 'under_contract') not in ('assigned', 'fee_received')`,
  );
  const [rows, compRows] = await db.batch([
    db
      .select(PAGE_COLUMNS)
      .from(dealLinks)
      .innerJoin(deals, and(eq(deals.id, dealLinks.dealId), eq(deals.userId, dealLinks.userId)))
      .innerJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)))
      .innerJoin(users, eq(users.id, dealLinks.userId))
      .where(live)
      .limit(1),
    db
      .select({ soldPrice: comps.soldPrice, soldDate: comps.soldDate, distance: comps.distance })
      .from(comps)
      .innerJoin(deals, and(eq(deals.propertyId, comps.propertyId), eq(deals.userId, comps.userId)))
      .innerJoin(dealLinks, and(eq(dealLinks.dealId, deals.id), eq(dealLinks.userId, deals.userId)))
      .where(live)
      .limit(COMPS_READ),
  ]);
  const row = rows[0];
  if (!row) return null;
  const { property, deal } = row;
  const numbers = dealNumbersOf(property, dealRuleOf(row.preferences));
  return {
    link: row.link,
    ownerEmail: row.ownerEmail,
    street: property.address,
    page: {
      city: property.city,
      state: property.state,
      zip: property.zip,
      propertyType: property.propertyType,
      bedrooms: property.bedrooms,
      bathrooms: property.bathrooms,
      squareFeet: property.squareFeet,
      yearBuilt: property.yearBuilt,
      arv: numbers.arv,
      arvLow: numbers.rangeLow,
      arvHigh: numbers.rangeHigh,
      compSummary: compSummaryOf(compRows),
      asking: askingPriceOf({ ...deal, maxOffer: numbers.offer }),
      repairs: numbers.repairs,
      closeDate: dayText(deal.closeDate),
      streetOnInquiry: row.link.showStreet,
    },
  };
}
