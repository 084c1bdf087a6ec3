/**
 * What the round-trip budget tests share (round-trips-loaders.test.ts, round-trips-pages.test.ts): what a
 * page or list costs the database, counted in sequential D1 round trips — what a request's latency is made of on
 * Cloudflare, where each one crosses to the database and back. A signed-in page or /api list may cost two: the
 * session lookup, then one batch or parallel reads. A feature that adds a query waiting on another fails there.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { expect } from "vitest";

import { createDb } from "#db/client.ts";
import { conversations, properties } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { seedDemoDeals } from "#db/seed/demo/deals.ts";
import { seedDemoRecords } from "#db/seed/demo/records.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { D1Counter } from "./d1-counter.ts";

/** The budget: the session lookup, then one batch or one set of parallel reads. */
export const BUDGET = 2;

export const counter = new D1Counter(env.DB);
export const db = createDb(env.DB);

/** A signed-in account with data in every section (the demo account's leads, deals, conversations, documents, buyers). */
export async function accountWithData() {
  const client = new ApiClient(testContext({}, { DB: counter.db }));
  const { userId } = await registerClient("budget", {}, client);
  // Seeded through the uncounted binding: only the requests under test are counted.
  const propertyIds = await seedDemoCrm(db, userId);
  await seedDemoDeals(db, userId, propertyIds);
  await seedDemoRecords(db, userId, env.FILES);
  const conversation = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.userId, userId)).get();
  const lead = await db.select({ id: properties.id }).from(properties).where(eq(properties.userId, userId)).get();
  return { client, userId, conversationId: conversation!.id, leadId: lead!.id };
}

/** What one request cost, and the statements by depth for the failure message. */
export async function costOf<T>(run: () => Promise<T>) {
  counter.reset();
  const value = await run();
  return {
    value,
    sequential: counter.sequential,
    roundTrips: counter.roundTrips,
    log: counter.describe(),
    sessionLookups: sessionLookups(),
  };
}

/** How many times the request read the sessions table. */
function sessionLookups(): number {
  return counter.calls.filter((call) => /from "sessions"/.test(call.sql)).length;
}

/** Within the budget, and really counted: the counter saw the request's one session lookup. */
export function expectWithinBudget(cost: { sequential: number; log: string; sessionLookups: number }, label: string) {
  expect(cost.sessionLookups, `${label}: session lookups\n${cost.log}`).toBe(1);
  expect(cost.sequential, `${label}: sequential round trips\n${cost.log}`).toBeLessThanOrEqual(BUDGET);
}
