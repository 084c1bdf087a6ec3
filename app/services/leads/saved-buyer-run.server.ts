/**
 * The daily run of a saved cash-buyer search (ADR 085): pages of buyers from the provider, each page reserved against
 * the user's `cash_buyer_page` caps before it is asked for, and the buyers not yet in the user's Buyer Breeze saved
 * there. A buyer already delivered (or saved by hand) is never delivered again: buyer_leads is unique per user, buyer
 * and market, and the insert skips it. The run reads on from where the search's last run stopped (skip_mapping).
 */
import { and, eq, sql } from "drizzle-orm";

import { buyerLeads, leadRequests, skipMapping } from "#db/schema.ts";
import { buyerLeadOf } from "#app/domain/chat/buyer-lead-cards.ts";
import { buyerSearch, type WizardAnswers } from "#app/domain/chat/wizard.ts";
import { toCashBuyerItem } from "#app/domain/leads/items.ts";
import { BuyerCriteriaSchema, buyerRequestParams, CASH_BUYER_PAGE, SKIP_STEP } from "#app/domain/leads/search.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import type { Spender } from "#app/services/usage/acting-member.server.ts";
import { releaseUsage, reserveUsage, reserveUsageBy } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { BuyerLeadSchema } from "./buyer-leads.server.ts";
import { buyerSearchOf, logged } from "./search.server.ts";

type RunContext = ServiceContext<"db" | "now" | "providers" | "config">;

/** Provider pages one daily run reads at most: a page of buyers all delivered before reads on, within reason. */
export const BUYER_PAGES_PER_RUN = 3;
/** The skip_mapping key of a saved search's daily run (outside the chat's "buyer|…" keys, which a chat search drops). */
export const savedBuyerKey = (savedSearchId: string) => `saved-buyer:${savedSearchId}`;

export const NO_NEW_BUYERS = "No new cash buyers this time";
export const BUYER_SEARCH_FAILED_NOTE = "The property data service did not answer; the next run tries again";

export type BuyerRunOutcome = { delivered: number; note: string | null; invalid: boolean };

/**
 * One run of the workspace's saved buyer search: the daily run names `spender`, the member who saved it (no one is
 * signed in to it); without one the request's signed-in member is charged.
 */
export async function runSavedBuyerSearch(
  context: RunContext,
  run: { userId: string; savedSearchId: string; answers: WizardAnswers; spender?: Spender },
): Promise<BuyerRunOutcome> {
  const { userId, savedSearchId, answers, spender } = run;
  const body = buyerSearch(answers);
  const parsed = body ? BuyerCriteriaSchema.safeParse(body) : null;
  if (!parsed?.success) return { delivered: 0, note: null, invalid: true };
  const criteria = parsed.data;
  const { db } = context;
  const provider = context.providers.propertyData;
  const now = context.now();
  const mine = and(eq(skipMapping.userId, userId), eq(skipMapping.userSearch, savedBuyerKey(savedSearchId)));
  let delivered = 0;
  for (let page = 0; page < BUYER_PAGES_PER_RUN && delivered < CASH_BUYER_PAGE; page++) {
    const reserved = spender
      ? await reserveUsageBy({ ...context, now: () => now }, { spender, kind: "cash_buyer_page", quantity: 1 })
      : await reserveUsage({ ...context, now: () => now }, userId, "cash_buyer_page", 1);
    if (!reserved.ok) return { delivered, note: reserved.message, invalid: false };
    const skip = await claimPage(db, userId, savedSearchId, now);
    const request = {
      userId,
      savedSearchId,
      kind: "buyer" as const,
      vendor: provider.name,
      requestParams: buyerRequestParams(criteria, skip),
    };
    let found;
    try {
      found = await provider.searchCashBuyers(buyerSearchOf(criteria), { take: CASH_BUYER_PAGE, skip });
    } catch (error) {
      await releaseUsage(context, reserved.reservation);
      await db.batch([
        db.insert(leadRequests).values({ ...request, ...failedRequest(error), createdAt: now, updatedAt: now }),
        // The page is given back: the next run reads it again.
        db
          .update(skipMapping)
          .set({ skip: Math.max(0, skip - SKIP_STEP) })
          .where(and(mine, eq(skipMapping.skip, skip))),
      ]);
      return { delivered, note: BUYER_SEARCH_FAILED_NOTE, invalid: false };
    }
    const leads = found
      .map((buyer) => buyerLeadOf(toCashBuyerItem(buyer, criteria.buyerType, now.getUTCFullYear()), criteria.location.label))
      .map((lead) => (lead.ok ? BuyerLeadSchema.safeParse(lead.value) : null))
      .flatMap((lead) => (lead?.success ? [lead.data] : []));
    const requestId = crypto.randomUUID();
    const exhausted = found.length < CASH_BUYER_PAGE;
    const [, , , ...inserted] = await db.batch([
      db.insert(leadRequests).values({
        ...request,
        id: requestId,
        requestedCount: CASH_BUYER_PAGE,
        respondedCount: found.length,
        status: exhausted ? "exhausted" : "completed",
        createdAt: now,
        updatedAt: now,
      }),
      usageEntry({ db, now: () => now }, reserved.reservation, 1, requestId),
      // At the end of the market the next run starts from its first page again (only buyers new by then are saved).
      exhausted
        ? db.delete(skipMapping).where(and(mine, eq(skipMapping.skip, skip)))
        : db.select({ skip: skipMapping.skip }).from(skipMapping).where(mine),
      ...leads.map((lead) =>
        db
          .insert(buyerLeads)
          .values({ ...lead, userId, leadRequestId: requestId, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: [buyerLeads.userId, buyerLeads.buyerName, buyerLeads.market] })
          .returning({ id: buyerLeads.id }),
      ),
    ]);
    delivered += inserted.filter((rows) => rows.length > 0).length;
    if (exhausted) break;
  }
  return { delivered, note: delivered > 0 ? null : NO_NEW_BUYERS, invalid: false };
}

/** Claims the run's next provider page in SQL (skip + 5, returning the one to read), so two runs at once read two pages. */
async function claimPage(db: RunContext["db"], userId: string, savedSearchId: string, now: Date): Promise<number> {
  const [claimed] = await db
    .insert(skipMapping)
    .values({ userId, userSearch: savedBuyerKey(savedSearchId), skip: 0, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [skipMapping.userId, skipMapping.userSearch],
      set: { skip: sql`${skipMapping.skip} + ${SKIP_STEP}`, updatedAt: now },
    })
    .returning({ skip: skipMapping.skip });
  return claimed?.skip ?? 0;
}

/** A page the provider did not answer, as its lead request records it. */
function failedRequest(error: unknown) {
  return { requestedCount: CASH_BUYER_PAGE, respondedCount: 0, status: "failed" as const, errorMessage: logged(error) };
}
