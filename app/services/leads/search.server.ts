/**
 * Seller-lead and cash-buyer search (spec 02 §4, §7): counts and searches through the property-data provider, every
 * search recorded in lead_requests, every lead handed out recorded in lead_deliveries (unique per user and lead),
 * and each search's place in the market kept in skip_mapping.
 *
 * - A seller search continues where the same search (same place, type and bounds) last stopped, and never hands a
 *   user a lead they already received from any search: deliveries are claimed with INSERT … ON CONFLICT DO NOTHING
 *   RETURNING, so of two identical searches at once each lead goes to one, and the other reads on.
 * - A cash-buyer search repeats by §4: the same location, buyer type and quick lists → skip + 5; a changed search
 *   → 0. The skip is advanced in SQL (one upsert … RETURNING), so two identical searches at once get two pages.
 */
import { and, asc, desc, eq, gt, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { Db } from "#db/client.ts";
import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import { toCashBuyerItem, toLeadQueueItem } from "#app/domain/leads/items.ts";
import {
  BUYER_KEY_PREFIX,
  buyerRequestParams,
  buyerSearchKey,
  CASH_BUYER_PAGE,
  CASH_BUYER_SEARCH_FAILED,
  LEAD_SEARCH_FAILED,
  noCashBuyersMessage,
  noSellerLeadsMessage,
  PREVIEW_FAILED,
  sellerLeadsExhaustedMessage,
  sellerRequestParams,
  sellerSearchKey,
  SKIP_STEP,
  type CashBuyerItem,
  type CashBuyerSearchInput,
  type LeadQueueItem,
  type PreviewCountInput,
  type SellerCriteria,
  type SellerSearchInput,
} from "#app/domain/leads/search.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import type { BuyerSearch, SellerSearch } from "#app/providers/property-data/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type Failure = { ok: false; status: number; message: string; error: string };

/** Provider pages a seller search reads at most before answering with what it has. */
export const MAX_SEARCH_ROUNDS = 8;

const ERROR_TEXT_MAX = 500;

/** What the user may read of a provider failure: a ProviderError says what went wrong; anything else stays inside. */
function errorText(error: unknown): string {
  return error instanceof ProviderError ? error.message : "The property data service did not answer. Please try again.";
}

function logged(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);
}

function sellerSearchOf(criteria: SellerCriteria): SellerSearch {
  return {
    location: criteria.location.search,
    sellerType: criteria.sellerType,
    minBedrooms: criteria.minBedrooms,
    minPrice: criteria.minPrice,
    maxPrice: criteria.maxPrice,
  };
}

function buyerSearchOf(criteria: CashBuyerSearchInput["criteria"]): BuyerSearch {
  return {
    location: criteria.location.search,
    buyerType: criteria.buyerType,
    quickLists: criteria.quickLists,
    minProperties: criteria.minProperties,
  };
}

// --- POST /api/leads/preview-count ------------------------------------------------------------------------------

/** How many sellers (properties) or buyers (owners) a search would find; writes nothing. */
export async function previewCount(
  context: ServiceContext<"db" | "now" | "providers">,
  input: PreviewCountInput,
): Promise<{ ok: true; totalResults: number; location: string } | Failure> {
  const provider = context.providers.propertyData;
  try {
    const totalResults =
      input.kind === "seller"
        ? await provider.countSellerLeads(sellerSearchOf(input.criteria))
        : await provider.countCashBuyers(buyerSearchOf(input.criteria));
    return { ok: true, totalResults, location: input.criteria.location.label };
  } catch (error) {
    return { ok: false, status: 502, message: PREVIEW_FAILED, error: errorText(error) };
  }
}

// --- POST /api/properties/batch ---------------------------------------------------------------------------------

export type SellerSearchResult = {
  ok: true;
  requestId: string;
  location: string;
  properties: LeadQueueItem[];
  /** True when the market has no more new leads for this search (fewer than requested were found). */
  exhausted: boolean;
  /** Why fewer than requested came back; null when all did. */
  message: string | null;
};

/**
 * Up to `count` leads the user has never received, from where this search last stopped. Each round asks the
 * provider for as many as are still missing, then in one D1 batch records the request, stores the leads, claims
 * the deliveries (a lead already delivered to this user — by an earlier search or a concurrent twin — is not
 * claimed), moves the search's place on, and counts what the request got.
 */
export async function searchSellerLeads(
  context: ServiceContext<"db" | "now" | "providers">,
  userId: string,
  input: SellerSearchInput,
): Promise<SellerSearchResult | Failure> {
  const { db } = context;
  const provider = context.providers.propertyData;
  const { count, criteria } = input;
  const now = context.now();
  const currentYear = now.getUTCFullYear();
  const key = sellerSearchKey(criteria);
  const requestId = crypto.randomUUID();
  const search = sellerSearchOf(criteria);
  const params = sellerRequestParams(criteria, count);

  const [place] = await db
    .select({ skip: skipMapping.skip })
    .from(skipMapping)
    .where(and(eq(skipMapping.userId, userId), eq(skipMapping.userSearch, key)));
  const start = place?.skip ?? 0;
  let offset = start;
  const found: LeadQueueItem[] = [];
  let alreadyHad = 0;
  let exhausted = false;

  for (let round = 1; found.length < count && !exhausted && round <= MAX_SEARCH_ROUNDS; round++) {
    const need = count - found.length;
    let candidates;
    try {
      candidates = await provider.searchSellerLeads(search, { take: need, skip: offset });
    } catch (error) {
      await recordFailure(db, { round, requestId, userId, vendor: provider.name, params, count, error, now, found: found.length });
      // Leads already claimed by an earlier round are this user's now: answer them rather than lose them.
      if (found.length > 0)
        return { ok: true, requestId, location: criteria.location.label, properties: found, exhausted: false, message: null };
      return { ok: false, status: 502, message: `${LEAD_SEARCH_FAILED}: ${errorText(error)}`, error: errorText(error) };
    }
    exhausted = candidates.length < need;
    const final = exhausted || round === MAX_SEARCH_ROUNDS;
    const items = candidates.map((lead) => toLeadQueueItem(lead, provider.name, currentYear));
    // A lead's position is its place among the candidates this request read, so the queue keeps the market's order.
    const base = offset - start;
    const deliveredCount = sql`(select count(*) from ${leadDeliveries} where ${leadDeliveries.leadRequestId} = ${requestId})`;

    const statements: BatchItem<"sqlite">[] = [];
    if (round === 1) {
      statements.push(
        db.insert(leadRequests).values({
          id: requestId,
          userId,
          kind: "seller",
          vendor: provider.name,
          requestParams: params,
          requestedCount: count,
          respondedCount: 0,
          status: "pending",
          createdAt: now,
          updatedAt: now,
        }),
      );
    }
    const claimAt = statements.length + (items.length > 0 ? 1 : 0);
    if (items.length > 0) {
      statements.push(
        db
          .insert(leads)
          .values(
            items.map((item) => ({
              vendor: provider.name,
              vendorLeadId: item.id,
              type: "seller",
              metaJson: item,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .onConflictDoUpdate({ target: [leads.vendor, leads.vendorLeadId], set: { metaJson: sql`excluded.meta_json`, updatedAt: now } }),
        db
          .insert(leadDeliveries)
          .select(
            // CROSS JOIN keeps this round's few leads (json_each) the outer loop, each found by leads_vendor_lead_idx;
            // with a plain JOIN SQLite read every lead of the vendor (all ever handed out) and matched each against them.
            sql`select json_extract(j.value, '$[1]'), ${userId}, l.id, ${requestId}, json_extract(j.value, '$[2]'), ${now.getTime()}
                from json_each(${JSON.stringify(items.map((item, i) => [item.id, crypto.randomUUID(), base + i]))}) as j
                cross join ${leads} as l on l.vendor = ${provider.name} and l.vendor_lead_id = json_extract(j.value, '$[0]')
                where 1 order by j.key`,
          )
          .onConflictDoNothing({ target: [leadDeliveries.userId, leadDeliveries.leadId] })
          .returning({ position: leadDeliveries.position }),
      );
    }
    statements.push(
      db
        .insert(skipMapping)
        .values({ userId, userSearch: key, skip: offset + candidates.length, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [skipMapping.userId, skipMapping.userSearch],
          set: { skip: sql`max(${skipMapping.skip}, excluded.skip)`, updatedAt: now },
        }),
      db
        .update(leadRequests)
        .set({
          respondedCount: sql`${deliveredCount}`,
          status: sql`case when ${deliveredCount} >= ${count} then 'completed' else ${final ? (exhausted ? "exhausted" : "partial") : "pending"} end`,
          updatedAt: now,
        })
        .where(and(eq(leadRequests.id, requestId), eq(leadRequests.userId, userId))),
    );

    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    const claimed = items.length > 0 ? (results[claimAt] as { position: number }[]) : [];
    const positions = new Set(claimed.map((row) => Number(row.position)));
    items.forEach((item, i) => (positions.has(base + i) ? found.push(item) : alreadyHad++));
    offset += candidates.length;
  }

  // Fewer than asked: either the market has none at all, or this user already has every match. (A search that
  // stopped after MAX_SEARCH_ROUNDS is not exhausted: the same search again reads on.)
  const label = criteria.location.label;
  const nothingMatches = found.length === 0 && start === 0 && alreadyHad === 0;
  const message = !exhausted ? null : nothingMatches ? noSellerLeadsMessage(label) : sellerLeadsExhaustedMessage(label);
  return { ok: true, requestId, location: label, properties: found, exhausted, message };
}

/** A provider failure: the request is failed, or partial (with the error) when an earlier round already found leads. */
async function recordFailure(
  db: Db,
  failure: {
    round: number;
    requestId: string;
    userId: string;
    vendor: string;
    params: Record<string, unknown>;
    count: number;
    error: unknown;
    now: Date;
    found: number;
  },
) {
  const { round, requestId, userId, vendor, params, count, error, now, found } = failure;
  const status = found > 0 ? "partial" : "failed";
  if (round === 1) {
    await db.insert(leadRequests).values({
      id: requestId,
      userId,
      kind: "seller",
      vendor,
      requestParams: params,
      requestedCount: count,
      respondedCount: 0,
      status,
      errorMessage: logged(error),
      createdAt: now,
      updatedAt: now,
    });
  } else {
    await db
      .update(leadRequests)
      .set({ status, errorMessage: logged(error), updatedAt: now })
      .where(and(eq(leadRequests.id, requestId), eq(leadRequests.userId, userId)));
  }
}

// --- POST /api/cash-buyers/search -------------------------------------------------------------------------------

export type CashBuyerSearchResult = {
  ok: true;
  location: string;
  skip: number;
  buyers: CashBuyerItem[];
  /** §8's "No active cash buyers found in {location}. …" when the page is empty; else null. */
  message: string | null;
};

/**
 * A page of 5 buyers. The page comes from skip_mapping: one batch drops the user's other cash-buyer searches (a
 * changed search starts again at 0) and upserts this one — new at 0, a repeat at its skip + 5, or the `skip` the
 * caller names — returning the skip to use. A provider failure puts the skip back, so the next try shows that page.
 */
export async function searchCashBuyers(
  context: ServiceContext<"db" | "now" | "providers">,
  userId: string,
  input: CashBuyerSearchInput,
): Promise<CashBuyerSearchResult | Failure> {
  const { db } = context;
  const provider = context.providers.propertyData;
  const { criteria } = input;
  const now = context.now();
  const key = buyerSearchKey(criteria);
  const explicit = input.skip;
  const mine = and(eq(skipMapping.userId, userId), eq(skipMapping.userSearch, key));

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
  await db.insert(leadRequests).values({
    ...request,
    respondedCount: buyers.length,
    status: buyers.length >= CASH_BUYER_PAGE ? "completed" : "exhausted",
    createdAt: now,
    updatedAt: now,
  });
  const label = criteria.location.label;
  return { ok: true, location: label, skip, buyers, message: buyers.length === 0 ? noCashBuyersMessage(label) : null };
}

// --- the workbench's queue --------------------------------------------------------------------------------------

export type SellerQueue = {
  request: {
    id: string;
    location: string | null;
    criteria: Record<string, unknown>;
    requestedCount: number;
    respondedCount: number;
    status: string;
    createdAt: string;
  };
  leads: LeadQueueItem[];
};

/** The id of the user's latest seller search that handed out leads, as a subquery (every queue read selects the same one). */
export function latestSellerRequestId(db: Db, userId: string) {
  return db
    .select({ id: leadRequests.id })
    .from(leadRequests)
    .where(and(eq(leadRequests.userId, userId), eq(leadRequests.kind, "seller"), gt(leadRequests.respondedCount, 0)))
    .orderBy(desc(leadRequests.createdAt))
    .limit(1);
}

/**
 * Which seller queue a read is for: the user's search `requestId` when given (a seller card of an earlier search
 * opens its own queue), else the latest. As SQL: the id, or the latest-id subquery.
 */
export function sellerQueueId(db: Db, userId: string, requestId?: string | null): SQL {
  return requestId ? sql`${requestId}` : sql`(${latestSellerRequestId(db, userId)})`;
}

/**
 * The two reads of a seller queue (its request, its leads in order), to run in one batch with others: the user's
 * search `requestId` when given, else their latest. Another user's or a buyer search's id reads as no queue.
 */
export function sellerQueueReads(db: Db, userId: string, requestId?: string | null) {
  const queueId = sellerQueueId(db, userId, requestId);
  return [
    db
      .select()
      .from(leadRequests)
      .where(and(eq(leadRequests.userId, userId), eq(leadRequests.kind, "seller"), eq(leadRequests.id, queueId))),
    db
      .select({ item: leads.metaJson })
      .from(leadDeliveries)
      .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
      .where(and(eq(leadDeliveries.userId, userId), eq(leadDeliveries.leadRequestId, queueId)))
      .orderBy(asc(leadDeliveries.position)),
  ] as const;
}

type SellerQueueRows = readonly [requests: (typeof leadRequests.$inferSelect)[], delivered: { item: Record<string, unknown> | null }[]];

/** What `sellerQueueReads` answered, as the queue (null when the user has no seller search with leads). */
export function sellerQueueOf([requests, delivered]: SellerQueueRows): SellerQueue | null {
  const request = requests[0];
  if (!request) return null;
  const params = request.requestParams;
  return {
    request: {
      id: request.id,
      location: typeof params.location === "string" ? params.location : null,
      criteria: params,
      requestedCount: request.requestedCount,
      respondedCount: request.respondedCount ?? 0,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
    },
    leads: delivered.map((row) => row.item as unknown as LeadQueueItem),
  };
}

/**
 * The user's latest seller search that handed out leads, with those leads in the order it found them: what the
 * workbench renders on the server (a reload, another device, no JavaScript). Null when there is none. One round
 * trip: both reads select the same latest request.
 */
export async function getLatestSellerQueue(db: Db, userId: string): Promise<SellerQueue | null> {
  return sellerQueueOf(await db.batch(sellerQueueReads(db, userId)));
}
