/** Saved searches: save one from the wizard, list them with what their runs delivered and cost, Daily on/off, delete. */
import { and, desc, eq, sql } from "drizzle-orm";

import { buyerLeads, leadDeliveries, leadRequests, savedSearches, usageEvents } from "#db/schema.ts";
import { buyerSearch, sellerCriteria, type WizardAnswers, type WizardErrors, type WizardKind } from "#app/domain/chat/wizard.ts";
import { NAME_TAKEN, storedAnswers, type SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** A million micro-cents make a cent (docs/decisions/080-usage-ledger-and-caps.md). */
const MICROCENTS_PER_CENT = 1_000_000;

export type SaveOutcome = { ok: true; id: string } | { ok: false; errors: WizardErrors & { name?: string } };

/**
 * Stores a wizard's answers under a name. The answers must make a complete search (the wizard's own rules); a name the
 * user already uses is refused by the unique index, so two concurrent saves cannot both take it.
 */
export async function saveSearch(
  context: ServiceContext<"db" | "now">,
  userId: string,
  search: { kind: WizardKind; name: string; answers: WizardAnswers },
): Promise<SaveOutcome> {
  const { db } = context;
  const now = context.now();
  const complete = search.kind === "seller" ? sellerCriteria(search.answers) : buyerSearch(search.answers);
  if (!complete) return { ok: false, errors: { cityOrZip: "Finish the search before saving it" } };
  const [row] = await db
    .insert(savedSearches)
    .values({
      userId,
      type: search.kind,
      name: search.name,
      criteriaJson: { ...search.answers },
      isActive: false,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.name] })
    .returning({ id: savedSearches.id });
  return row ? { ok: true, id: row.id } : { ok: false, errors: { name: NAME_TAKEN } };
}

/**
 * The user's saved searches, newest first, each with the leads its runs delivered and what they cost: the ledger rows
 * whose request id is one of the search's lead requests (a run's charges are written with its request id).
 */
export async function listSavedSearches(context: ServiceContext<"db">, userId: string): Promise<SavedSearchRow[]> {
  const { db } = context;
  const requestsOf = sql`select ${leadRequests.id} from ${leadRequests}
    where ${leadRequests.savedSearchId} = ${savedSearches.id} and ${leadRequests.userId} = ${userId}`;
  const rows = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      type: savedSearches.type,
      criteria: savedSearches.criteriaJson,
      daily: savedSearches.isActive,
      lastRunAt: savedSearches.lastRunAt,
      lastRunNote: savedSearches.lastRunNote,
      // A seller search's leads are in lead_deliveries; a cash-buyer search's buyers carry its request (ADR 096).
      delivered: sql<number>`(select count(*) from ${leadDeliveries}
        where ${leadDeliveries.userId} = ${userId} and ${leadDeliveries.leadRequestId} in (${requestsOf}))
        + (select count(*) from ${buyerLeads} where ${buyerLeads.userId} = ${userId} and ${buyerLeads.leadRequestId} in (${requestsOf}))`,
      cost: sql<number>`(select coalesce(sum(${usageEvents.costMicrocents}), 0) from ${usageEvents}
        where ${usageEvents.userId} = ${userId} and ${usageEvents.providerRequestId} in (${requestsOf}))`,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.type === "buyer" ? "buyer" : "seller",
    answers: storedAnswers(row.criteria),
    daily: row.daily,
    lastRunAt: row.lastRunAt ? row.lastRunAt.toISOString() : null,
    lastRunNote: row.lastRunNote,
    leadsDelivered: Number(row.delivered),
    costCents: Math.round(Number(row.cost) / MICROCENTS_PER_CENT),
  }));
}

/** Daily on or off (a seller or a cash-buyer search); false when the search is not the user's. */
export async function setDaily(context: ServiceContext<"db" | "now">, userId: string, id: string, daily: boolean): Promise<boolean> {
  const { db } = context;
  const now = context.now();
  const updated = await db
    .update(savedSearches)
    .set({ isActive: daily, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return updated.length > 0;
}

/** Deletes the search (its lead requests keep their leads; their link is set null); false when it is not the user's. */
export async function deleteSavedSearch(context: ServiceContext<"db">, userId: string, id: string): Promise<boolean> {
  const { db } = context;
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  return deleted.length > 0;
}
