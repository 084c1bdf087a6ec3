/** Saved searches: save one from the wizard, list them with what their runs delivered and cost, Daily on/off, delete. */
import { and, desc, eq, sql } from "drizzle-orm";

import { buyerLeads, leadDeliveries, leadRequests, savedSearches, usageEvents } from "#db/schema.ts";
import {
  buyerSearch,
  searchErrors,
  sellerCriteria,
  type WizardAnswers,
  type WizardErrors,
  type WizardKind,
} from "#app/domain/chat/wizard.ts";
import {
  DAILY_SEARCHES_FULL,
  DAILY_SEARCHES_MAX,
  NAME_TAKEN,
  SAVED_SEARCH_NOT_FOUND,
  SAVED_SEARCHES_FULL,
  SAVED_SEARCHES_MAX,
  storedAnswers,
  type SavedSearchRow,
} from "#app/domain/leads/saved-searches.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** A million micro-cents make a cent (docs/decisions/080-usage-ledger-and-caps.md). */
const MICROCENTS_PER_CENT = 1_000_000;

export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; status: 400; errors: WizardErrors & { name?: string } }
  | { ok: false; status: 409; errors: { name: string } };

const countOf = (userId: string, daily: boolean) =>
  sql`(select count(*) from ${savedSearches} where ${savedSearches.userId} = ${userId}${daily ? sql` and ${savedSearches.isActive} = 1` : sql``})`;

/**
 * Stores a wizard's answers under a name. The answers must make a complete search (the wizard's own rules); a name the
 * user already uses is refused by the unique index, so two concurrent saves cannot both take it. The insert and the
 * count run in one batch, which takes its own row out again past SAVED_SEARCHES_MAX: parallel saves never pass it.
 */
export async function saveSearch(
  context: ServiceContext<"db" | "now">,
  userId: string,
  /** `createdBy`: the member saving it, whom its daily runs charge. */
  search: { kind: WizardKind; name: string; answers: WizardAnswers; createdBy: string },
): Promise<SaveOutcome> {
  const { db } = context;
  const now = context.now();
  const complete = search.kind === "seller" ? sellerCriteria(search.answers) : buyerSearch(search.answers);
  if (!complete) return { ok: false, status: 400, errors: { cityOrZip: "Finish the search before saving it" } };
  const id = crypto.randomUUID();
  const [inserted, removed] = await db.batch([
    db
      .insert(savedSearches)
      .values({
        id,
        userId,
        createdBy: search.createdBy,
        type: search.kind,
        name: search.name,
        criteriaJson: { ...search.answers },
        isActive: false,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [savedSearches.userId, savedSearches.name] })
      .returning({ id: savedSearches.id }),
    db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), sql`${countOf(userId, false)} > ${SAVED_SEARCHES_MAX}`))
      .returning({ id: savedSearches.id }),
  ]);
  if (inserted.length === 0) return { ok: false, status: 400, errors: { name: NAME_TAKEN } };
  if (removed.length > 0) return { ok: false, status: 409, errors: { name: SAVED_SEARCHES_FULL } };
  return { ok: true, id };
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

export type EditOutcome =
  { ok: true } | { ok: false; status: 404; message: string } | { ok: false; status: 400; errors: WizardErrors & { name?: string } };

/**
 * Changes one of the user's saved searches: its name and its answers, judged by the wizard's rules for the search's own
 * kind (a seller search stays a seller search). A name another of the user's searches has is refused, in the update's
 * own WHERE and, for a rename racing it, by the unique index; nothing is written unless all of it passes.
 */
export async function editSavedSearch(
  context: ServiceContext<"db" | "now">,
  userId: string,
  edit: { id: string; name: string; answers: WizardAnswers },
): Promise<EditOutcome> {
  const { db } = context;
  const mine = and(eq(savedSearches.id, edit.id), eq(savedSearches.userId, userId));
  const [row] = await db.select({ type: savedSearches.type }).from(savedSearches).where(mine);
  if (!row) return { ok: false, status: 404, message: SAVED_SEARCH_NOT_FOUND };
  const kind: WizardKind = row.type === "buyer" ? "buyer" : "seller";
  const refused = searchErrors(kind, edit.answers);
  if (refused) return { ok: false, status: 400, errors: refused.errors };
  const nameFree = sql`not exists (select 1 from ${savedSearches} other where other.user_id = ${userId}
    and other.name = ${edit.name} and other.id <> ${edit.id})`;
  let updated: { id: string }[];
  try {
    updated = await db
      .update(savedSearches)
      .set({ name: edit.name, criteriaJson: { ...edit.answers }, updatedAt: context.now() })
      .where(and(mine, nameFree))
      .returning({ id: savedSearches.id });
  } catch (error) {
    if (String(error).includes("UNIQUE")) return { ok: false, status: 400, errors: { name: NAME_TAKEN } };
    throw error;
  }
  return updated.length > 0 ? { ok: true } : { ok: false, status: 400, errors: { name: NAME_TAKEN } };
}

export type DailyOutcome = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * Daily on or off (a seller or a cash-buyer search). Turning one on is one statement that also counts the user's daily
 * searches, so parallel switches never pass DAILY_SEARCHES_MAX.
 */
export async function setDaily(context: ServiceContext<"db" | "now">, userId: string, id: string, daily: boolean): Promise<DailyOutcome> {
  const { db } = context;
  const now = context.now();
  const mine = and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));
  const room = sql`(${savedSearches.isActive} = 1 or ${countOf(userId, true)} < ${DAILY_SEARCHES_MAX})`;
  const updated = await db
    .update(savedSearches)
    .set({ isActive: daily, updatedAt: now })
    .where(daily ? and(mine, room) : mine)
    .returning({ id: savedSearches.id });
  if (updated.length > 0) return { ok: true };
  const [exists] = await db.select({ id: savedSearches.id }).from(savedSearches).where(mine);
  return exists ? { ok: false, status: 409, message: DAILY_SEARCHES_FULL } : { ok: false, status: 404, message: SAVED_SEARCH_NOT_FOUND };
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
