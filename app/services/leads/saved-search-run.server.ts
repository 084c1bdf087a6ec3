/**
 * Running a saved search: Run now on the Saved Searches page (seller), and the daily cron (workers/scheduled.ts; seller
 * and, ADR 085, cash-buyer searches: saved-buyer-run.server.ts). A seller run is
 * the ordinary seller search (searchSellerLeads), so it delivers only leads the user never had and reserves every lead
 * and skip trace against the user's caps; a cap refusal delivers nothing and is recorded as the run's note. Run now
 * charges the member pressing it; the daily run charges the member who saved the search (their own cap, limits and
 * ledger rows), or the workspace's founder once that member has left the workspace.
 */
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";

import { savedSearches, workspaceMembers } from "#db/schema.ts";
import { leadCountOf, sellerCriteria } from "#app/domain/chat/wizard.ts";
import { DAILY_RUN_GAP_MS, SAVED_SEARCH_NOT_FOUND, SAVED_SEARCHES_PER_CRON, storedAnswers } from "#app/domain/leads/saved-searches.ts";
import { SellerSearchSchema } from "#app/domain/leads/search.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import type { Spender } from "#app/services/usage/acting-member.server.ts";
import { capReached } from "#app/services/usage/caps.server.ts";

import { runSavedBuyerSearch } from "./saved-buyer-run.server.ts";
import { searchSellerLeads } from "./seller-search.server.ts";

type RunContext = ServiceContext<"db" | "now" | "providers" | "config">;

/** The search's location no longer parses (the wizard's rules changed since it was saved). */
export const SAVED_SEARCH_INVALID = "This saved search is no longer valid: open it in the wizard and save it again";

export type RunOutcome =
  | { ok: true; delivered: number; note: string | null }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string };

/**
 * Runs one of the user's saved seller searches now. The run is claimed first (last_run_at set, and for the cron only
 * when the search is still due), so two overlapping cron runs never run one search twice; the note of what the run
 * got is written after it.
 */
export async function runSavedSearch(
  context: RunContext,
  userId: string,
  id: string,
  /** `spender`: the member the daily run charges (else the request's signed-in member). */
  options: { onlyIfDue?: boolean; spender?: Spender } = {},
): Promise<RunOutcome> {
  const { db } = context;
  const now = context.now();
  // Run now runs a seller search (a buyer search reopens the wizard); the daily run runs either kind.
  const mine = and(
    eq(savedSearches.id, id),
    eq(savedSearches.userId, userId),
    options.onlyIfDue ? undefined : eq(savedSearches.type, "seller"),
  );
  const [claimed] = await db
    .update(savedSearches)
    .set({ lastRunAt: now, updatedAt: now })
    .where(options.onlyIfDue ? and(mine, due(now)) : mine)
    .returning({ criteria: savedSearches.criteriaJson, type: savedSearches.type });
  if (!claimed) {
    return options.onlyIfDue
      ? { ok: false, status: 409, message: "Already run" }
      : { ok: false, status: 404, message: SAVED_SEARCH_NOT_FOUND };
  }
  if (claimed.type === "buyer") {
    const answers = storedAnswers(claimed.criteria);
    const run = await runSavedBuyerSearch(context, { userId, savedSearchId: id, answers, spender: options.spender });
    const buyerNote = run.invalid ? SAVED_SEARCH_INVALID : run.note;
    await db.update(savedSearches).set({ lastRunNote: buyerNote, updatedAt: now }).where(mine);
    return { ok: true, delivered: run.delivered, note: buyerNote };
  }
  const answers = storedAnswers(claimed.criteria);
  const parsed = SellerSearchSchema.safeParse({ count: leadCountOf(answers), criteria: sellerCriteria(answers) });
  const outcome = parsed.success
    ? await searchSellerLeads(context, userId, parsed.data, { savedSearchId: id, spender: options.spender })
    : null;
  const delivered = outcome?.ok ? outcome.properties.length : 0;
  const note = !outcome ? SAVED_SEARCH_INVALID : outcome.message;
  await db.update(savedSearches).set({ lastRunNote: note, updatedAt: now }).where(mine);
  return { ok: true, delivered, note };
}

/** Never run, or last run at least DAILY_RUN_GAP_MS ago. */
function due(now: Date) {
  return or(isNull(savedSearches.lastRunAt), lte(savedSearches.lastRunAt, new Date(now.getTime() - DAILY_RUN_GAP_MS)));
}

/**
 * Who a daily run charges: the member who saved the search while they still belong to its workspace, else the
 * workspace's founder (whose id is the workspace's), as removing a member hands their leads to an owner. It reads
 * the saver's membership through a left join, which the membership's key keeps to at most one row per search.
 */
const runSpender = sql<string>`coalesce(${workspaceMembers.userId}, ${savedSearches.userId})`;
const saverStillMember = and(eq(workspaceMembers.workspaceId, savedSearches.userId), eq(workspaceMembers.userId, savedSearches.createdBy));

export type DailyRunSummary = { ran: number; delivered: number; skipped: number; failed: number; capped: number };

/** How many due searches past a run's share are read, so users skipped at a cap leave room for others. */
const CANDIDATES_PER_SLOT = 10;

/**
 * The cron's share of the daily searches: at most SAVED_SEARCHES_PER_CRON due ones, one after another, taken in turns
 * by user — every user's stalest search (never run first) before anyone's second — so one account with many daily
 * searches cannot take every slot. A user already at the cap a run would spend is passed over without using a slot.
 * One search's failure is logged and the others still run.
 */
export async function runDueSavedSearches(context: RunContext, limit = SAVED_SEARCHES_PER_CRON): Promise<DailyRunSummary> {
  const now = context.now();
  // SQLite sorts NULL first in ascending order: searches never run come before the stalest.
  const turn = sql<number>`row_number() over (partition by ${savedSearches.userId} order by ${savedSearches.lastRunAt} asc, ${savedSearches.id})`;
  const ranked = context.db
    .select({
      id: savedSearches.id,
      userId: savedSearches.userId,
      memberId: runSpender.as("member_id"),
      type: savedSearches.type,
      lastRunAt: savedSearches.lastRunAt,
      turn: turn.as("turn"),
    })
    .from(savedSearches)
    .leftJoin(workspaceMembers, saverStillMember)
    .where(and(eq(savedSearches.isActive, true), due(now)))
    .as("ranked");
  const dueSearches = await context.db
    .select()
    .from(ranked)
    .orderBy(asc(ranked.turn), asc(ranked.lastRunAt), asc(ranked.userId))
    .limit(limit * CANDIDATES_PER_SLOT);
  const summary: DailyRunSummary = { ran: 0, delivered: 0, skipped: 0, failed: 0, capped: 0 };
  const capped = new Set<string>();
  for (const search of dueSearches) {
    if (summary.ran + summary.failed >= limit) break;
    const kind = search.type === "buyer" ? "cash_buyer_page" : "lead";
    const spender = { workspaceId: search.userId, memberId: search.memberId };
    const cappedKey = `${search.userId}:${search.memberId}:${kind}`;
    if (capped.has(cappedKey)) continue;
    try {
      const cap = await capReached({ ...context, now: () => now }, spender, kind);
      if (cap) {
        // Not a run: the search stays due, and its note says why it waited.
        capped.add(cappedKey);
        summary.capped++;
        await context.db.update(savedSearches).set({ lastRunNote: cap }).where(eq(savedSearches.id, search.id));
        continue;
      }
      const outcome = await runSavedSearch(context, search.userId, search.id, { onlyIfDue: true, spender });
      if (!outcome.ok) continue;
      summary.ran++;
      summary.delivered += outcome.delivered;
      if (outcome.delivered === 0) summary.skipped++;
    } catch (error) {
      summary.failed++;
      console.error("[saved-searches]", search.id, error instanceof Error ? error.message : String(error));
    }
  }
  return summary;
}
