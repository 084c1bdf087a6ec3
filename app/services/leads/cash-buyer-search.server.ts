/** POST /api/cash-buyers/search: one page of cash buyers from the provider, recorded as a lead request. */
import { and, eq, gte, lt, ne, sql } from "drizzle-orm";

import { leadRequests, skipMapping } from "#db/schema.ts";
import { toCashBuyerItem } from "#app/domain/leads/items.ts";
import {
  BUYER_KEY_PREFIX,
  buyerRequestParams,
  buyerSearchKey,
  CASH_BUYER_PAGE,
  CASH_BUYER_SEARCH_FAILED,
  noCashBuyersMessage,
  SKIP_STEP,
  type CashBuyerItem,
  type CashBuyerSearchInput,
} from "#app/domain/leads/search.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { releaseUsage, reserveUsage, type CapRefusal } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { buyerSearchOf, errorText, logged, type Failure } from "./search.server.ts";

export type CashBuyerSearchResult = {
  ok: true;
  location: string;
  skip: number;
  buyers: CashBuyerItem[];
  /** The spec's "No active cash buyers found in {location}. …" when the page is empty; else null. */
  message: string | null;
  /** Records the provider read but could not use (left out, counted, not a failed search); absent when none. */
  unreadable?: number;
};

/**
 * A page of 5 buyers. The page comes from skip_mapping: one batch drops the user's other cash-buyer searches (a
 * changed search starts again at 0) and upserts this one — new at 0, a repeat at its skip + 5, or the `skip` the
 * caller names — returning the skip to use. A provider failure puts the skip back, so the next try shows that page.
 */
export async function searchCashBuyers(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  userId: string,
  input: CashBuyerSearchInput,
): Promise<CashBuyerSearchResult | Failure | CapRefusal> {
  const { db } = context;
  const provider = context.providers.propertyData;
  const { criteria } = input;
  const now = context.now();
  const key = buyerSearchKey(criteria);
  const explicit = input.skip;
  const mine = and(eq(skipMapping.userId, userId), eq(skipMapping.userSearch, key));
  // The page is paid for at the vendor: counted against the caps first, so a refused search moves nothing.
  const reserved = await reserveUsage({ ...context, now: () => now }, userId, "cash_buyer_page", 1);
  if (!reserved.ok) return reserved;

  const [, claimed] = await db.batch([
    db
      .delete(skipMapping)
      .where(
        and(
          eq(skipMapping.userId, userId),
          gte(skipMapping.userSearch, BUYER_KEY_PREFIX),
          lt(skipMapping.userSearch, `${BUYER_KEY_PREFIX.slice(0, -1)}}`),
          ne(skipMapping.userSearch, key),
        ),
      ),
    db
      .insert(skipMapping)
      .values({ userId, userSearch: key, skip: explicit ?? 0, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [skipMapping.userId, skipMapping.userSearch],
        set: { skip: explicit === null ? sql`${skipMapping.skip} + ${SKIP_STEP}` : explicit, updatedAt: now },
      })
      .returning({ skip: skipMapping.skip }),
  ]);
  const skip = claimed[0]?.skip ?? 0;
  const params = buyerRequestParams(criteria, skip);
  const request = { userId, kind: "buyer" as const, vendor: provider.name, requestParams: params, requestedCount: CASH_BUYER_PAGE };

  let found;
  try {
    found = await provider.searchCashBuyers(buyerSearchOf(criteria), { take: CASH_BUYER_PAGE, skip });
  } catch (error) {
    await releaseUsage(context, reserved.reservation);
    await db.batch([
      db
        .insert(leadRequests)
        .values({ ...request, respondedCount: 0, status: "failed", errorMessage: logged(error), createdAt: now, updatedAt: now }),
      explicit === null && skip >= SKIP_STEP
        ? db
            .update(skipMapping)
            .set({ skip: skip - SKIP_STEP })
            .where(and(mine, eq(skipMapping.skip, skip)))
        : db.delete(skipMapping).where(and(mine, eq(skipMapping.skip, skip))),
    ]);
    return { ok: false, status: 502, message: CASH_BUYER_SEARCH_FAILED, error: errorText(error) };
  }

  const currentYear = now.getUTCFullYear();
  const buyers = found.map((buyer) => toCashBuyerItem(buyer, criteria.buyerType, currentYear));
  const requestId = crypto.randomUUID();
  await db.batch([
    db.insert(leadRequests).values({
      ...request,
      id: requestId,
      respondedCount: buyers.length,
      status: buyers.length >= CASH_BUYER_PAGE ? "completed" : "exhausted",
      createdAt: now,
      updatedAt: now,
    }),
    usageEntry({ db, now: () => now }, reserved.reservation, 1, requestId),
  ]);
  const label = criteria.location.label;
  const unreadable = found.unreadable ?? 0;
  const message = buyers.length === 0 ? noCashBuyersMessage(label) : null;
  return { ok: true, location: label, skip, buyers, message, ...(unreadable > 0 ? { unreadable } : {}) };
}
