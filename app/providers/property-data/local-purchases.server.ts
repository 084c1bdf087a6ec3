import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { marketProperties } from "#db/schema.ts";
import type { BuyerPurchases } from "#app/domain/dispo/purchases.ts";

/** The provider's id of a local market owner, as cash-buyer search answers it. */
const OWNER_ID = /^local-owner-(\d{1,12})$/;
/** Ids per query: D1 binds at most 100 parameters to a statement. */
const IDS_PER_QUERY = 90;

export function localOwnerId(buyerId: string): number | null {
  const match = OWNER_ID.exec(buyerId);
  return match ? Number(match[1]) : null;
}

/**
 * Each buyer's cash purchases dated in [since, until], from the homes they still hold (market_properties_owner_place_idx
 * finds an owner's homes): a home bought and sold again within the window is not counted. One query per 90 buyers, all
 * in parallel; prices are stored in cents.
 */
export async function localBuyerPurchases(
  db: Db,
  buyerIds: readonly string[],
  window: { since: string; until: string },
): Promise<Record<string, BuyerPurchases>> {
  const owners = [...new Set(buyerIds.map(localOwnerId).filter((id) => id !== null))];
  const chunks: number[][] = [];
  for (let i = 0; i < owners.length; i += IDS_PER_QUERY) chunks.push(owners.slice(i, i + IDS_PER_QUERY));
  const share = sql`${marketProperties.lastSalePrice} * 1.0 / nullif(${marketProperties.estimatedValue}, 0)`;
  const rows = (
    await Promise.all(
      chunks.map((ids) =>
        db
          .select({
            ownerId: marketProperties.ownerId,
            place: sql<string>`${marketProperties.city} || ', ' || ${marketProperties.state}`,
            count: sql<number>`count(*)`,
            minPrice: sql<number>`min(${marketProperties.lastSalePrice})`,
            maxPrice: sql<number>`max(${marketProperties.lastSalePrice})`,
            minShare: sql<number | null>`min(${share})`,
            maxShare: sql<number | null>`max(${share})`,
          })
          .from(marketProperties)
          .where(
            and(
              inArray(marketProperties.ownerId, ids),
              eq(marketProperties.lastSaleCash, true),
              gte(marketProperties.lastSaleDate, window.since),
              lte(marketProperties.lastSaleDate, window.until),
            ),
          )
          .groupBy(marketProperties.ownerId, marketProperties.state, marketProperties.city),
      ),
    )
  ).flat();
  const byOwner: Record<string, BuyerPurchases> = {};
  for (const row of rows.sort((a, b) => b.count - a.count)) {
    const key = `local-owner-${row.ownerId}`;
    const summary = byOwner[key];
    const minPrice = row.minPrice / 100;
    const maxPrice = row.maxPrice / 100;
    if (!summary) {
      byOwner[key] = { count: row.count, places: [row.place], minPrice, maxPrice, minShare: row.minShare, maxShare: row.maxShare };
      continue;
    }
    summary.count += row.count;
    summary.places.push(row.place);
    summary.minPrice = Math.min(summary.minPrice, minPrice);
    summary.maxPrice = Math.max(summary.maxPrice, maxPrice);
    summary.minShare = combine(summary.minShare, row.minShare, Math.min);
    summary.maxShare = combine(summary.maxShare, row.maxShare, Math.max);
  }
  return byOwner;
}

const combine = (a: number | null, b: number | null, pick: (x: number, y: number) => number) =>
  a === null ? b : b === null ? a : pick(a, b);
