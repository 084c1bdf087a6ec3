/**
 * POST /api/properties/batch: a seller search, read from the provider in rounds until enough new leads are found, recorded
 * as a lead request with its deliveries.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import { toLeadQueueItem } from "#app/domain/leads/items.ts";
import {
  LEAD_SEARCH_FAILED,
  noSellerLeadsMessage,
  sellerLeadsExhaustedMessage,
  sellerRequestParams,
  sellerSearchKey,
  type LeadQueueItem,
  type SellerSearchInput,
} from "#app/domain/leads/search.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { releaseUsage, reserveUsages, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { errorText, logged, MAX_SEARCH_ROUNDS, sellerSearchOf, type Failure } from "./search.server.ts";

export type SellerSearchResult = {
  ok: true;
  requestId: string;
  location: string;
  properties: LeadQueueItem[];
  /** True when the market has no more new leads for this search (fewer than requested were found). */
  exhausted: boolean;
  /** Why fewer than requested came back; null when all did. */
  message: string | null;
  /** Records the provider read but could not use (left out, counted, not a failed search); absent when none. */
  unreadable?: number;
};

/**
 * Up to `count` leads the user has never received, from where this search last stopped. Each round asks the
 * provider for as many as are still missing, then in one D1 batch records the request, stores the leads, claims
 * the deliveries (a lead already delivered to this user — by an earlier search or a concurrent twin — is not
 * claimed), moves the search's place on, and counts what the request got.
 */
/** How many of the market's places a search outside it names. */
const COVERED_PLACES_SHOWN = 6;

// eslint-disable-next-line max-lines-per-function, complexity -- its claims are being reworked; split into steps with that change
export async function searchSellerLeads(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  userId: string,
  input: SellerSearchInput,
  /** The saved search this run is of (its request names it, so the Saved Searches page counts its leads and cost). */
  options: { savedSearchId?: string } = {},
): Promise<SellerSearchResult | Failure | CapRefusal> {
  const { db } = context;
  const provider = context.providers.propertyData;
  const { count, criteria } = input;
  const now = context.now();
  const currentYear = now.getUTCFullYear();
  const key = sellerSearchKey(criteria);
  const requestId = crypto.randomUUID();
  const search = sellerSearchOf(criteria);
  const params = sellerRequestParams(criteria, count);

  let start: number | null = null;
  let readSoFar = 0;
  const found: LeadQueueItem[] = [];
  let alreadyHad = 0;
  let unreadable = 0;
  let exhausted = false;

  for (let round = 1; found.length < count && !exhausted && round <= MAX_SEARCH_ROUNDS; round++) {
    const need = count - found.length;
    // The vendor charges for every record it returns and every owner it skip-traces: counted against the caps before
    // the call; what the page did not use is given back after it.
    const reserved = await reserveLeadRound({ ...context, now: () => now }, userId, need);
    if (!reserved.ok) {
      if (found.length > 0)
        return { ok: true, requestId, location: criteria.location.label, properties: found, exhausted: false, message: reserved.message };
      return reserved;
    }
    // The page is claimed before the vendor call, so two identical searches at once read (and pay for) different records.
    const offset = await claimPage({ db, now: () => now }, { userId, key, need });
    start ??= offset;
    let candidates;
    try {
      candidates = await provider.searchSellerLeads(search, { take: need, skip: offset });
    } catch (error) {
      await Promise.all([releaseUsage(context, reserved.leads), releaseUsage(context, reserved.traces)]);
      await givePageBackStatement(context, { userId, key, from: offset, to: offset + need, keep: 0 });
      await recordFailure({ db }, { round, requestId, userId, vendor: provider.name, params, count, error, now, found: found.length });
      // Leads already claimed by an earlier round are this user's now: answer them rather than lose them.
      if (found.length > 0)
        return { ok: true, requestId, location: criteria.location.label, properties: found, exhausted: false, message: null };
      return { ok: false, status: 502, message: `${LEAD_SEARCH_FAILED}: ${errorText(error)}`, error: errorText(error) };
    }
    // What the provider read for the page (more than it answered when it left unreadable records out).
    const read = candidates.read ?? candidates.length;
    unreadable += read - candidates.length;
    await Promise.all([
      releaseUsage(context, reserved.leads, need - read),
      releaseUsage(context, reserved.traces, need - candidates.length),
    ]);
    exhausted = read < need;
    const final = exhausted || round === MAX_SEARCH_ROUNDS;
    const items = candidates.map((lead) => toLeadQueueItem(lead, provider.name, currentYear));
    // A lead's position is its place among the candidates this request read, so the queue keeps the market's order.
    const base = readSoFar;
    const deliveredCount = sql`(select count(*) from ${leadDeliveries} where ${leadDeliveries.leadRequestId} = ${requestId})`;

    const statements: BatchItem<"sqlite">[] = [];
    if (round === 1) {
      statements.push(
        db.insert(leadRequests).values({
          id: requestId,
          userId,
          kind: "seller",
          savedSearchId: options.savedSearchId ?? null,
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
    if (read > 0) statements.push(usageEntry({ db, now: () => now }, reserved.leads, read, requestId));
    if (candidates.length > 0) statements.push(usageEntry({ db, now: () => now }, reserved.traces, candidates.length, requestId));
    // What the vendor did not have is given back, unless a later search already claimed past it.
    if (read < need) statements.push(givePageBackStatement(context, { userId, key, from: offset, to: offset + need, keep: read }));
    statements.push(
      db
        .update(leadRequests)
        .set({
          respondedCount: sql`${deliveredCount}`,
          status: sql`case when ${deliveredCount} >= ${count} then 'completed' else ${final ? (exhausted ? "exhausted" : "partial") : "pending"} end`,
          updatedAt: now,
        })
        .where(and(eq(leadRequests.id, requestId), eq(leadRequests.userId, userId))),
    );

    // drizzle's db.batch wants a non-empty tuple; the statements are built in a loop.
    const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    // drizzle's db.batch types results by statement, lost for a built list; this one is the claim's RETURNING.
    const claimed = items.length > 0 ? (results[claimAt] as { position: number }[]) : [];
    const positions = new Set(claimed.map((row) => Number(row.position)));
    items.forEach((item, i) => (positions.has(base + i) ? found.push(item) : alreadyHad++));
    readSoFar += read;
  }

  // Fewer than asked: either the market has none at all, or this user already has every match. (A search that
  // stopped after MAX_SEARCH_ROUNDS is not exhausted: the same search again reads on.)
  const label = criteria.location.label;
  const nothingMatches = found.length === 0 && (start ?? 0) === 0 && alreadyHad === 0;
  const covered =
    exhausted && nothingMatches && provider.placesBeyond ? await provider.placesBeyond(search.location, COVERED_PLACES_SHOWN) : [];
  const message = !exhausted ? null : nothingMatches ? noSellerLeadsMessage(label, covered) : sellerLeadsExhaustedMessage(label);
  return { ok: true, requestId, location: label, properties: found, exhausted, message, ...(unreadable > 0 ? { unreadable } : {}) };
}

/** A provider failure: the request is failed, or partial (with the error) when an earlier round already found leads. */
async function recordFailure(
  context: ServiceContext<"db">,
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
  const { db } = context;
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

/** A round's leads and skip traces, reserved together in one batch: a refusal of either counts neither. */
async function reserveLeadRound(
  context: ServiceContext<"db" | "providers" | "config" | "now">,
  userId: string,
  need: number,
): Promise<{ ok: true; leads: Reservation; traces: Reservation } | CapRefusal> {
  const reserved = await reserveUsages(context, userId, [
    { kind: "lead", quantity: need },
    { kind: "skip_trace", quantity: need },
  ]);
  if (!reserved.ok) return reserved;
  const [leads, traces] = reserved.reservations;
  return { ok: true, leads: leads!, traces: traces! };
}

type Page = { userId: string; key: string };

/** Moves the search's place on by `need` in one statement and answers where this page starts. */
async function claimPage(context: ServiceContext<"db" | "now">, page: Page & { need: number }): Promise<number> {
  const { db } = context;
  const { userId, key, need } = page;
  const now = context.now();
  const [row] = await db
    .insert(skipMapping)
    .values({ userId, userSearch: key, skip: need, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [skipMapping.userId, skipMapping.userSearch],
      set: { skip: sql`${skipMapping.skip} + excluded.skip`, updatedAt: now },
    })
    .returning({ skip: skipMapping.skip });
  return Number(row!.skip) - need;
}

/** Puts the place back to `from + keep` when it is still where this page's claim left it (`to`). */
function givePageBackStatement({ db }: ServiceContext<"db">, page: Page & { from: number; to: number; keep: number }) {
  const { userId, key, from, to, keep } = page;
  const mine = and(eq(skipMapping.userId, userId), eq(skipMapping.userSearch, key), eq(skipMapping.skip, to));
  return from + keep === 0
    ? db.delete(skipMapping).where(mine)
    : db
        .update(skipMapping)
        .set({ skip: from + keep })
        .where(mine);
}
