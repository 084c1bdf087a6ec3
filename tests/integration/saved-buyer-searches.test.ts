// Daily cash-buyer saved searches (ADR 085): the Worker's cron runs them like seller ones, saving the buyers into the
// user's Buyer Breeze, never a buyer already delivered, each page reserved against the cash_buyer_page caps.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { buyerLeads, leadRequests, savedSearches, usageEvents } from "#db/schema.ts";
import { runScheduled, SAVED_SEARCHES_CRON } from "#workers/scheduled.ts";
import type { SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import { action, loader } from "#app/routes/saved-searches.tsx";
import { runDueSavedSearches } from "#app/services/leads/saved-search-run.server.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db, seedMarket } from "./lead-search-setup.ts";

const CASH_BUYERS_PHOENIX = { wizard: "buyer", cityOrZip: "Phoenix", state: "AZ", buyerType: "cash_buyers" };
const DAY_MS = 24 * 60 * 60 * 1000;

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.send(action as Handler, "POST", "/saved-searches", { form: fields });

async function dailyBuyerSearch(client: ApiClient, name: string) {
  expect((await post(client, { intent: "save", name, ...CASH_BUYERS_PHOENIX })).status).toBe(302);
  const { searches } = await client.load<{ searches: SavedSearchRow[] }>(loader as Handler, "/saved-searches");
  const search = searches.find((row) => row.name === name)!;
  expect(search.kind).toBe("buyer");
  expect((await post(client, { intent: "daily", id: search.id, daily: "on" })).status).toBe(302);
  return search;
}

const buyersOf = async (userId: string) =>
  (await db.select({ name: buyerLeads.buyerName, market: buyerLeads.market }).from(buyerLeads).where(eq(buyerLeads.userId, userId))).map(
    (row) => `${row.name}|${row.market}`,
  );
const pagesCharged = async (userId: string) =>
  (
    await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "cash_buyer_page")))
  ).reduce((sum, event) => sum + event.quantity, 0);

beforeAll(async () => {
  await seedMarket();
});

describe("a daily cash-buyer saved search", () => {
  it("runs from the Worker's cron, saving new buyers to Buyer Breeze and never one already delivered", async () => {
    const { client, userId } = await registerClient("saved-buyer-cron");
    const search = await dailyBuyerSearch(client, "Phoenix cash buyers");
    const day1 = new Date("2026-12-11T06:15:00Z");
    await runScheduled(SAVED_SEARCHES_CRON, env, day1);
    const first = await buyersOf(userId);
    expect(first).toHaveLength(5);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastRunAt?.toISOString()).toBe(day1.toISOString());
    const requests = await db.select().from(leadRequests).where(eq(leadRequests.savedSearchId, search.id));
    expect(requests.map((request) => request.kind)).toEqual(["buyer"]);

    await runScheduled(SAVED_SEARCHES_CRON, env, new Date(day1.getTime() + DAY_MS));
    const both = await buyersOf(userId);
    expect(both.length).toBeGreaterThan(5);
    expect(new Set(both).size).toBe(both.length);
    expect(both).toEqual(expect.arrayContaining(first));
    expect(await pagesCharged(userId)).toBe(
      (await db.select().from(leadRequests).where(eq(leadRequests.savedSearchId, search.id))).filter((r) => r.status !== "failed").length,
    );
  });

  it("counts the buyers its runs delivered in Leads delivered, not a buyer saved by hand (ADR 096)", async () => {
    const { client, userId } = await registerClient("saved-buyer-count");
    const search = await dailyBuyerSearch(client, "Counted buyers");
    const delivered = async () =>
      (await client.load<{ searches: SavedSearchRow[] }>(loader as Handler, "/saved-searches")).searches.find(
        (row) => row.id === search.id,
      )!.leadsDelivered;
    expect(await delivered()).toBe(0);
    const day1 = new Date("2026-12-13T06:15:00Z");
    await runScheduled(SAVED_SEARCHES_CRON, env, day1);
    expect(await buyersOf(userId)).toHaveLength(5);
    expect(await delivered()).toBe(5);
    await db.insert(buyerLeads).values({ userId, buyerName: "Hand Saved Buyer LLC", buyerType: "cash_buyers", market: "Phoenix, AZ" });
    expect(await delivered()).toBe(5);
    await runScheduled(SAVED_SEARCHES_CRON, env, new Date(day1.getTime() + DAY_MS));
    const saved = await buyersOf(userId);
    expect(saved.length).toBeGreaterThan(6);
    expect(await delivered()).toBe(saved.length - 1);
  });

  it("stays within the user's cash_buyer_page cap: a user at it is passed over, charged nothing, and told why", async () => {
    const client = new ApiClient(testContext({ USAGE_LIMITS: JSON.stringify({ cash_buyer_page: { perDay: 1 } }) }));
    const { userId } = await registerClient("saved-buyer-capped", {}, client);
    const search = await dailyBuyerSearch(client, "Capped buyers");
    client.context.now = () => new Date("2026-12-12T06:00:00Z");
    await runDueSavedSearches(client.context);
    expect(await buyersOf(userId)).toHaveLength(5);
    expect(await pagesCharged(userId)).toBe(1);
    // Due again the same day (its last run forgotten): the day's one page is spent.
    await db.update(savedSearches).set({ lastRunAt: null }).where(eq(savedSearches.id, search.id));
    client.context.now = () => new Date("2026-12-12T07:00:00Z");
    const summary = await runDueSavedSearches(client.context);
    // A user at the cap is passed over without a run (nor a slot of the cron's share): the search stays due.
    expect(summary).toMatchObject({ ran: 0, capped: 1, delivered: 0 });
    expect(await buyersOf(userId)).toHaveLength(5);
    expect(await pagesCharged(userId)).toBe(1);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastRunNote).toMatch(/limit/i);
    expect(row!.lastRunAt).toBeNull();
  });
});
