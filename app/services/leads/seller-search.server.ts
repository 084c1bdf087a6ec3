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
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import type { Spender } from "#app/services/usage/acting-member.server.ts";
import { releaseUsage, reserveUsages, reserveUsagesBy, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
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

export async function searchSellerLeads(
  context: ServiceContext<"db" | "now" | "providers" | "config">,
  userId: string,
  input: SellerSearchInput,
  /**
   * The saved search this run is of (its request names it, so the Saved Searches page counts its leads and cost), and
   * the member its daily run charges (no one is signed in to it); else the request's signed-in member is charged.
   */
  options: { savedSearchId?: string; spender?: Spender } = {},
): Promise<SellerSearchResult | Failure | CapRefusal> {
  // One instant for the whole search: every round's rows and charges carry the time it started.
  const atStart = atOneInstant(context);
  const { count, criteria } = input;
  const run: SearchRun = {
    userId,
    count,
    criteria,
    key: sellerSearchKey(criteria),
    requestId: crypto.randomUUID(),
    search: sellerSearchOf(criteria),
    params: sellerRequestParams(criteria, count),
    savedSearchId: options.savedSearchId ?? null,
    spender: options.spender ?? null,
  };
  const state: SearchState = { start: null, readSoFar: 0, found: [], alreadyHad: 0, unreadable: 0, exhausted: false };
  for (let round = 1; state.found.length < count && !state.exhausted && round <= MAX_SEARCH_ROUNDS; round++) {
    const stopped = await searchRound(atStart, run, state, round);
    if (stopped) return stopped;
  }
  return searchAnswer(atStart, run, state);
}

type SearchContext = ServiceContext<"db" | "now" | "providers" | "config">;

/** What a search run is of: fixed for all its rounds. */
type SearchRun = {
  userId: string;
  count: number;
  criteria: SellerSearchInput["criteria"];
  key: string;
  requestId: string;
  search: ReturnType<typeof sellerSearchOf>;
  params: ReturnType<typeof sellerRequestParams>;
  savedSearchId: string | null;
  spender: Spender | null;
};

/** Where a search run stands after its rounds so far. */
type SearchState = {
  start: number | null;
  readSoFar: number;
  found: LeadQueueItem[];
  alreadyHad: number;
  unreadable: number;
  exhausted: boolean;
};

/** One round: reserve, claim the page, read it, give back what it did not use, and record it in one batch. */
async function searchRound(
  context: SearchContext,
  run: SearchRun,
  state: SearchState,
  round: number,
): Promise<SellerSearchResult | Failure | CapRefusal | null> {
  const { userId, key, count, criteria } = run;
  const provider = context.providers.propertyData;
  const need = count - state.found.length;
  // The vendor charges for every record it returns and every owner it skip-traces: counted against the caps before
  // the call; what the page did not use is given back after it.
  const reserved = await reserveLeadRound(context, { userId, spender: run.spender, need });
  if (!reserved.ok) {
    if (state.found.length > 0)
      return {
        ok: true,
        requestId: run.requestId,
        location: criteria.location.label,
        properties: state.found,
        exhausted: false,
        message: reserved.message,
      };
    return reserved;
  }
  // The page is claimed before the vendor call, so two identical searches at once read (and pay for) different records.
  const offset = await claimPage(context, { userId, key, need });
  state.start ??= offset;
  let candidates;
  try {
    candidates = await provider.searchSellerLeads(run.search, { take: need, skip: offset });
  } catch (error) {
    return failedRound(context, run, state, { round, reserved, offset, need, error });
  }
  // What the provider read for the page (more than it answered when it left unreadable records out).
  const read = candidates.read ?? candidates.length;
  state.unreadable += read - candidates.length;
  await Promise.all([releaseUsage(context, reserved.leads, need - read), releaseUsage(context, reserved.traces, need - candidates.length)]);
  state.exhausted = read < need;
  const final = state.exhausted || round === MAX_SEARCH_ROUNDS;
  const items = candidates.map((lead) => toLeadQueueItem(lead, provider.name, context.now().getUTCFullYear()));
  // A lead's position is its place among the candidates this request read, so the queue keeps the market's order.
  const base = state.readSoFar;
  const { statements, claimAt } = roundStatements(context, run, {
    round,
    reserved,
    offset,
    need,
    read,
    traced: candidates.length,
    items,
    base,
    final,
    exhausted: state.exhausted,
  });
  // drizzle's db.batch wants a non-empty tuple; the statements are built in a loop.
  const results = await context.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // drizzle's db.batch types results by statement, lost for a built list; this one is the claim's RETURNING.
  const claimed = items.length > 0 ? (results[claimAt] as { position: number }[]) : [];
  const positions = new Set(claimed.map((row) => Number(row.position)));
  items.forEach((item, i) => (positions.has(base + i) ? state.found.push(item) : state.alreadyHad++));
  state.readSoFar += read;
  return null;
}

/** The provider failed the round: its reservations and page are given back and the request records the failure. */
async function failedRound(
  context: SearchContext,
  run: SearchRun,
  state: SearchState,
  failed: { round: number; reserved: { leads: Reservation; traces: Reservation }; offset: number; need: number; error: unknown },
): Promise<SellerSearchResult | Failure> {
  const { userId, key, requestId, criteria, params, count } = run;
  const { round, reserved, offset, need, error } = failed;
  const provider = context.providers.propertyData;
  await Promise.all([releaseUsage(context, reserved.leads), releaseUsage(context, reserved.traces)]);
  await givePageBackStatement(context, { userId, key, from: offset, to: offset + need, keep: 0 });
  await recordFailure(context, { round, requestId, userId, vendor: provider.name, params, count, error, found: state.found.length });
  // Leads already claimed by an earlier round are this user's now: answer them rather than lose them.
  if (state.found.length > 0)
    return { ok: true, requestId, location: criteria.location.label, properties: state.found, exhausted: false, message: null };
  return { ok: false, status: 502, message: `${LEAD_SEARCH_FAILED}: ${errorText(error)}`, error: errorText(error) };
}

/**
 * A round's one batch: the request (first round), the leads, the deliveries claimed (a lead this user has is not),
 * the charges for what was read and traced, the page's unread part given back, and the request's count and status.
 */
function roundStatements(
  context: SearchContext,
  run: SearchRun,
  page: {
    round: number;
    reserved: { leads: Reservation; traces: Reservation };
    offset: number;
    need: number;
    read: number;
    traced: number;
    items: LeadQueueItem[];
    base: number;
    final: boolean;
    exhausted: boolean;
  },
) {
  const { db } = context;
  const { userId, key, requestId, count } = run;
  const { round, reserved, offset, need, read, traced, items, base, final, exhausted } = page;
  const provider = context.providers.propertyData;
  const now = context.now();
  const deliveredCount = sql`(select count(*) from ${leadDeliveries} where ${leadDeliveries.leadRequestId} = ${requestId})`;
  const statements: BatchItem<"sqlite">[] = [];
  if (round === 1) {
    statements.push(
      db.insert(leadRequests).values({
        id: requestId,
        userId,
        kind: "seller",
        savedSearchId: run.savedSearchId,
        vendor: provider.name,
        requestParams: run.params,
        requestedCount: count,
        respondedCount: 0,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      }),
    );
  }
  const writes = items.length > 0 ? leadWrites(context, run, items, base) : [];
  // The deliveries' claim is the last of the lead writes; its RETURNING says which leads are this search's.
  const claimAt = statements.length + writes.length - 1;
  statements.push(...writes);
  if (read > 0) statements.push(usageEntry(context, reserved.leads, read, requestId));
  if (traced > 0) statements.push(usageEntry(context, reserved.traces, traced, requestId));
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
  return { statements, claimAt };
}

/** The search's answer: the leads found, and in words why fewer than asked came back. */
async function searchAnswer(context: SearchContext, run: SearchRun, state: SearchState): Promise<SellerSearchResult> {
  const provider = context.providers.propertyData;
  const { found, alreadyHad, exhausted, unreadable, start } = state;
  const { requestId, search } = run;
  // Fewer than asked: either the market has none at all, or this user already has every match. (A search that
  // stopped after MAX_SEARCH_ROUNDS is not exhausted: the same search again reads on.)
  const label = run.criteria.location.label;
  const nothingMatches = found.length === 0 && (start ?? 0) === 0 && alreadyHad === 0;
  const covered =
    exhausted && nothingMatches && provider.placesBeyond ? await provider.placesBeyond(search.location, COVERED_PLACES_SHOWN) : [];
  const message = !exhausted ? null : nothingMatches ? noSellerLeadsMessage(label, covered) : sellerLeadsExhaustedMessage(label);
  return { ok: true, requestId, location: label, properties: found, exhausted, message, ...(unreadable > 0 ? { unreadable } : {}) };
}

/** Rows of `leads` a statement writes (each binds its own id, vendor, record, times: well under D1's 100 values). */
const LEADS_PER_INSERT = 5;

/** The round's leads stored and their deliveries claimed: a lead this user already has is not (its RETURNING says which). */
function leadWrites(context: SearchContext, run: SearchRun, items: LeadQueueItem[], base: number) {
  const { db } = context;
  const { userId, requestId } = run;
  const provider = context.providers.propertyData;
  const now = context.now();
  // D1 binds at most 100 values a statement: a search of up to 50 leads stores them a few rows a statement.
  const chunks: LeadQueueItem[][] = [];
  for (let i = 0; i < items.length; i += LEADS_PER_INSERT) chunks.push(items.slice(i, i + LEADS_PER_INSERT));
  const stores = chunks.map((chunk) =>
    db
      .insert(leads)
      .values(
        chunk.map((item) => ({
          vendor: provider.name,
          vendorLeadId: item.id,
          type: "seller",
          metaJson: item,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({ target: [leads.vendor, leads.vendorLeadId], set: { metaJson: sql`excluded.meta_json`, updatedAt: now } }),
  );
  return [
    ...stores,
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
  ];
}

/** A provider failure: the request is failed, or partial (with the error) when an earlier round already found leads. */
async function recordFailure(
  context: ServiceContext<"db" | "now">,
  failure: {
    round: number;
    requestId: string;
    userId: string;
    vendor: string;
    params: Record<string, unknown>;
    count: number;
    error: unknown;
    found: number;
  },
) {
  const { db } = context;
  const { round, requestId, userId, vendor, params, count, error, found } = failure;
  const now = context.now();
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
  round: { userId: string; spender: Spender | null; need: number },
): Promise<{ ok: true; leads: Reservation; traces: Reservation } | CapRefusal> {
  const { userId, spender, need } = round;
  const items = [
    { kind: "lead", quantity: need },
    { kind: "skip_trace", quantity: need },
  ] as const;
  const reserved = spender ? await reserveUsagesBy(context, { spender, items }) : await reserveUsages(context, userId, items);
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
