/**
 * A deal's public page link: made and revoked by the deal's owner, opened by anyone holding it. Only the token's
 * SHA-256 is stored; the token is shown to the user once, when made. A link opens its page only while its deal is
 * under contract and not yet assigned: once assigned (or moved out of Closing, or deleted) it answers not found.
 */
import { and, eq, isNull, sql } from "drizzle-orm";

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

/**
 * A new link for the user's deal (a link made before stops working), answering its token, or null for a foreign or
 * unknown deal. One statement: the row is written only if the deal is the user's.
 */
export async function makeDealLink(
  context: ServiceContext<"db" | "now">,
  { userId, dealId, showStreet }: { userId: string; dealId: string; showStreet: boolean },
): Promise<string | null> {
  const token = generateToken();
  const now = context.now().getTime();
  const secret = generateToken();
  const row = await context.db.get<{ id: string }>(sql`
    insert into deal_links (id, user_id, deal_id, token_hash, form_secret, show_street, revoked_at, created_at, updated_at)
    select ${crypto.randomUUID()}, ${userId}, ${deals.id}, ${hashToken(token)}, ${secret}, ${showStreet ? 1 : 0}, null, ${now}, ${now}
    from ${deals} where ${deals.id} = ${dealId} and ${deals.userId} = ${userId}
    on conflict (deal_id) do update set token_hash = excluded.token_hash, form_secret = excluded.form_secret,
      show_street = excluded.show_street, revoked_at = null, updated_at = excluded.updated_at
    returning id`);
  return row ? token : null;
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
