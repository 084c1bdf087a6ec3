// Saved searches are bounded (SAVED_SEARCHES_MAX kept, DAILY_SEARCHES_MAX daily, 409 past either, even in parallel), and
// the daily cron gives every user a turn before anyone's second search, passing over a user at a cap without a slot.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { savedSearches } from "#db/schema.ts";
import {
  DAILY_SEARCHES_FULL,
  DAILY_SEARCHES_MAX,
  SAVED_SEARCHES_FULL,
  SAVED_SEARCHES_MAX,
  SAVED_SEARCHES_PER_CRON,
  type SavedSearchRow,
} from "#app/domain/leads/saved-searches.ts";
import { action, loader } from "#app/routes/saved-searches.tsx";
import { runDueSavedSearches } from "#app/services/leads/saved-search-run.server.ts";
import { countUsage } from "#app/services/usage/caps.server.ts";

import { registerClient, type ApiClient, type Handler } from "./api-client.ts";
import { db, seedMarket } from "./lead-search-setup.ts";

const PHOENIX = { wizard: "seller", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" };

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.send(action as Handler, "POST", "/saved-searches", { form: fields });
const save = (client: ApiClient, name: string) => post(client, { intent: "save", name, ...PHOENIX });
const list = async (client: ApiClient) =>
  (await client.load<{ searches: SavedSearchRow[] }>(loader as Handler, "/saved-searches")).searches;

async function savedMany(client: ApiClient, n: number, prefix: string) {
  for (let i = 0; i < n; i++) expect((await save(client, `${prefix} ${i}`)).status).toBe(302);
  return list(client);
}

beforeAll(async () => {
  await seedMarket();
});

describe("saved-search limits", () => {
  it(`keeps at most ${SAVED_SEARCHES_MAX} a user: parallel saves past it answer 409 with the message and store nothing`, async () => {
    const { client, userId } = await registerClient("limit-saves");
    await savedMany(client, SAVED_SEARCHES_MAX - 3, "Kept");
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => save(client, `Racing ${i}`)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([302, 302, 302, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      const body = (await answer.json()) as { save: { errors: Record<string, string[]> } };
      expect(body.save.errors.name).toEqual([SAVED_SEARCHES_FULL]);
    }
    expect(await db.select().from(savedSearches).where(eq(savedSearches.userId, userId))).toHaveLength(SAVED_SEARCHES_MAX);
    // Deleting one makes room again.
    const [first] = await list(client);
    expect((await post(client, { intent: "delete", id: first!.id })).status).toBe(302);
    expect((await save(client, "After delete")).status).toBe(302);
  });

  it(`runs at most ${DAILY_SEARCHES_MAX} daily: parallel Daily switches past it answer 409 and stay off`, async () => {
    const { client, userId } = await registerClient("limit-daily");
    const searches = await savedMany(client, DAILY_SEARCHES_MAX + 3, "Daily");
    const answers = await Promise.all(searches.map((search) => post(client, { intent: "daily", id: search.id, daily: "on" })));
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(DAILY_SEARCHES_MAX);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(3);
    for (const answer of refused) expect(((await answer.json()) as { message: string }).message).toBe(DAILY_SEARCHES_FULL);
    const daily = await db
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.isActive, true)));
    expect(daily).toHaveLength(DAILY_SEARCHES_MAX);
    // A daily search switched on again, or one switched off, is not refused.
    expect((await post(client, { intent: "daily", id: daily[0]!.id, daily: "on" })).status).toBe(302);
    expect((await post(client, { intent: "daily", id: daily[0]!.id, daily: "off" })).status).toBe(302);
  });
});

describe("the daily cron run", () => {
  it("takes users in turns, stalest first, and passes over a user at the lead cap without spending a slot", async () => {
    // The other tests' daily searches are off first: this run sees only these users'.
    await db.update(savedSearches).set({ isActive: false });
    const greedy = await registerClient("cron-greedy");
    const small = await registerClient("cron-small");
    const other = await registerClient("cron-other");
    const capped = await registerClient("cron-capped");
    const daily = async (client: ApiClient, n: number, prefix: string) => {
      for (const search of await savedMany(client, n, prefix))
        expect((await post(client, { intent: "daily", id: search.id, daily: "on" })).status).toBe(302);
    };
    await daily(greedy.client, DAILY_SEARCHES_MAX, "Greedy");
    await daily(small.client, 1, "Small");
    await daily(other.client, 1, "Other");
    await daily(capped.client, 2, "Capped");
    const now = new Date("2026-12-03T06:00:00Z");
    await countUsage(
      { ...capped.client.context, now: () => now },
      { spender: { workspaceId: capped.userId, memberId: capped.userId }, kind: "lead", quantity: 200 },
    );

    const context = { ...greedy.client.context, now: () => now };
    const summary = await runDueSavedSearches(context);
    expect(summary).toMatchObject({ ran: SAVED_SEARCHES_PER_CRON, capped: 1 });
    const runsOf = async (userId: string) =>
      (await db.select().from(savedSearches).where(eq(savedSearches.userId, userId))).filter((row) => row.lastRunAt !== null).length;
    expect(await runsOf(small.userId)).toBe(1);
    expect(await runsOf(other.userId)).toBe(1);
    expect(await runsOf(greedy.userId)).toBe(SAVED_SEARCHES_PER_CRON - 2);
    expect(await runsOf(capped.userId)).toBe(0);
  });
});
