/**
 * POST /api/properties/batch: a seller search, read from the provider in rounds until enough new leads are found, recorded
 * as a lead request with its deliveries.
 */
import type { BatchItem } from "drizzle-orm/batch";

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
import { releaseUsage, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";

import { errorText, MAX_SEARCH_ROUNDS, sellerSearchOf, type Failure } from "./search.server.ts";
import {
  claimPage,
  givePageBackStatement,
  recordFailure,
  reserveLeadRound,
  roundStatements,
  type SearchContext,
  type SearchRun,
} from "./seller-search-writes.server.ts";

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

/** How many of the market's places a search outside it names. */
const COVERED_PLACES_SHOWN = 6;

/**
 * Up to `count` leads the user has never received, from where this search last stopped. Each round asks the
 * provider for as many as are still missing, then in one D1 batch records the request, stores the leads, claims
 * the deliveries (a lead already delivered to this user — by an earlier search or a concurrent twin — is not
 * claimed), moves the search's place on, and counts what the request got.
 */

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
