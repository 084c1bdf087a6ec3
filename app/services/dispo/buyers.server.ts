/**
 * The user's disposition buyers: listed with their buy-box, their consent and what they bought lately (from the
 * property-data provider, read when shown), added by hand, or added from the buyers saved in Buyer Breeze.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";

import { BUYER_SOURCE_LABELS, type BuyerSource } from "#db/enums.ts";
import { buyers } from "#db/schema.ts";
import { buyBoxWords, consentWords } from "#app/domain/dispo/buy-box.ts";
import { buyerMatchKey, type BuyerInput } from "#app/domain/dispo/buyer-schema.ts";
import { purchasesWords, purchaseWindow, type BuyerPurchases } from "#app/domain/dispo/purchases.ts";
import { displayPhone } from "#app/domain/leads/phone.ts";
import type { SendBatch, UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** Buyers the list shows; the count says how many there are in all. */
export const LISTED_BUYERS = 100;

type BuyerRow = typeof buyers.$inferSelect;

export type BuyerView = Omit<BuyerRow, "userId" | "matchKey" | "createdAt" | "updatedAt" | "unsubscribedAt"> & {
  phoneText: string;
  unsubscribedAt: string | null;
  createdAt: string;
  sourceLabel: string;
  buyBox: string;
  consent: string;
  purchases: BuyerPurchases | null;
  /** What they did, in words. */
  did: string;
};

export function buyerView(row: BuyerRow, purchases: BuyerPurchases | null): BuyerView {
  const { userId: _userId, matchKey: _matchKey, updatedAt: _updatedAt, ...rest } = row;
  return {
    ...rest,
    phoneText: displayPhone(row.phone),
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sourceLabel: BUYER_SOURCE_LABELS[row.source],
    buyBox: buyBoxWords(row),
    consent: consentWords(row),
    purchases,
    did: row.sourceBuyerId ? purchasesWords(purchases) : "No purchase record linked",
  };
}

/** Cash purchases of the buyers linked to the provider's records, over the last 12 months; empty without a provider method. */
export async function purchasesOf(
  context: ServiceContext<"providers" | "now">,
  rows: readonly Pick<BuyerRow, "sourceBuyerId">[],
): Promise<Record<string, BuyerPurchases>> {
  const provider = context.providers.propertyData;
  const ids = rows.map((row) => row.sourceBuyerId).filter((id) => id !== null);
  if (!provider.buyerPurchases || ids.length === 0) return {};
  return provider.buyerPurchases(ids, purchaseWindow(context.now(), provider.salesThrough));
}

/**
 * The newest LISTED_BUYERS buyers with what they bought, and the user's count of buyers: one batch (the session
 * lookup's, when `batch` is its), then the provider's read of their purchases.
 */
export async function listBuyers(
  context: ServiceContext<"db" | "providers" | "now">,
  { userId, batch = (queries) => context.db.batch(queries) }: { userId: UserRef; batch?: SendBatch },
): Promise<{ buyers: BuyerView[]; total: number }> {
  const [rows, [total]] = await batch([
    context.db.select().from(buyers).where(eq(buyers.userId, userId)).orderBy(desc(buyers.createdAt), desc(buyers.id)).limit(LISTED_BUYERS),
    context.db.select({ n: count() }).from(buyers).where(eq(buyers.userId, userId)),
  ]);
  const purchases = await purchasesOf(context, rows);
  return {
    buyers: rows.map((row) => buyerView(row, row.sourceBuyerId ? (purchases[row.sourceBuyerId] ?? null) : null)),
    total: total?.n ?? 0,
  };
}

/** The stored columns of a buyer input. */
export function buyerValues(input: BuyerInput) {
  return {
    name: input.name,
    company: input.company,
    email: input.email,
    phone: input.phone,
    markets: input.markets,
    propertyTypes: input.propertyTypes,
    priceMin: input.priceMin ?? null,
    priceMax: input.priceMax ?? null,
    minBeds: input.minBeds,
    maxRepairLevel: input.maxRepairLevel,
    emailConsent: input.emailConsent,
    matchKey: buyerMatchKey(input),
  };
}

/**
 * Adds a buyer typed by hand; a buyer with the same name and email is already on the list (`created: false`, nothing
 * changed). One conditional insert: two parallel posts make one buyer.
 */
export async function addBuyer(
  context: ServiceContext<"db" | "now">,
  { userId, input, source = "manual" }: { userId: string; input: BuyerInput; source?: BuyerSource },
): Promise<{ created: boolean; buyer: BuyerView }> {
  const now = context.now();
  const values = buyerValues(input);
  const [row] = await context.db
    .insert(buyers)
    .values({ ...values, userId, source, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [buyers.userId, buyers.matchKey] })
    .returning();
  if (row) return { created: true, buyer: buyerView(row, null) };
  const existing = await context.db
    .select()
    .from(buyers)
    .where(and(eq(buyers.userId, userId), eq(buyers.matchKey, values.matchKey)))
    .get();
  return { created: false, buyer: buyerView(existing!, null) };
}

/**
 * Every buyer the user saved in Buyer Breeze and has not added yet, in one statement: name, first email and phone,
 * market, and the provider's id of the buyer. Email consent starts as "no": an address on a public record is no
 * consent. Answers how many were added.
 */
export async function addBuyersFromBuyerBreeze(context: ServiceContext<"db" | "now">, userId: string): Promise<number> {
  const now = context.now().getTime();
  const email = sql.raw(`json_extract(email_addresses, '$[0]')`);
  const result = await context.db.run(sql`
    insert into buyers (id, user_id, name, email, phone, markets, property_types, email_consent, source, buyer_lead_id,
      source_buyer_id, match_key, created_at, updated_at)
    select lower(hex(randomblob(16))), user_id, buyer_name, ${email}, json_extract(phone_numbers, '$[0]'), json_array(market), '[]',
      0, 'buyer_breeze', id, source_buyer_id, lower(buyer_name) || '|' || lower(coalesce(${email}, '')), ${now}, ${now}
    from buyer_leads where user_id = ${userId}
    on conflict do nothing`);
  return result.meta.changes;
}
