// Saved searches: saved from the wizard's form with a name (400s name the field), listed with their last
// run, leads and cost, Run now / Daily / Delete on the user's own searches only (another user's id → 404), and the daily
// cron run never repeats a lead, stays within the caps, and writes a run's leads and charges in one batch.
import { env } from "cloudflare:test";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { leadDeliveries, leadRequests, savedSearches, usageEvents } from "#db/schema.ts";
import { runScheduled, SAVED_SEARCHES_CRON } from "#workers/scheduled.ts";
import { NAME_TAKEN, NAME_TOO_LONG, SAVED_SEARCH_NAME_MAX, type SavedSearchRow } from "#app/domain/leads/saved-searches.ts";
import { action, loader } from "#app/routes/saved-searches.tsx";
import { runDueSavedSearches } from "#app/services/leads/saved-search-run.server.ts";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { D1Counter } from "./d1-counter.ts";
import { db, deliveredTo, seedMarket } from "./lead-search-setup.ts";

const PHOENIX = { wizard: "seller", cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" };
const DAY_MS = 24 * 60 * 60 * 1000;

const post = (client: ApiClient, fields: Record<string, string>) =>
  client.send(action as Handler, "POST", "/saved-searches", { form: fields });
const save = (client: ApiClient, name: string, answers: Record<string, string> = PHOENIX) =>
  post(client, { intent: "save", name, ...answers });
const list = async (client: ApiClient) =>
  (await client.load<{ searches: SavedSearchRow[] }>(loader as Handler, "/saved-searches")).searches;

async function saved(client: ApiClient, name: string) {
  const answer = await save(client, name);
  expect(answer.status).toBe(302);
  const search = (await list(client)).find((row) => row.name === name);
  expect(search).toBeDefined();
  return search!;
}

const limited = (limits: object) => new ApiClient(testContext({ USAGE_LIMITS: JSON.stringify(limits) }));
const turnDaily = (client: ApiClient, id: string) => post(client, { intent: "daily", id, daily: "on" });

beforeAll(async () => {
  await seedMarket();
});

describe("saving a search", () => {
  it("saves the wizard's answers under a name and lists it, never run, with no leads or cost", async () => {
    const { client } = await registerClient("saved-save");
    const answer = await save(client, "  Phoenix inherited  ");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/saved-searches");
    expect(toastOf(answer)?.title).toBe("Search saved");
    const [search] = await list(client);
    expect(search).toMatchObject({
      name: "Phoenix inherited",
      kind: "seller",
      daily: false,
      lastRunAt: null,
      leadsDelivered: 0,
      costCents: 0,
    });
    expect(search!.answers).toMatchObject({ cityOrZip: "Phoenix", state: "AZ", sellerType: "inherited" });
  });

  it("answers 400 with the name's error for a missing, too long or taken name, and for an unfinished search; writes nothing", async () => {
    const { client, userId } = await registerClient("saved-refused");
    await saved(client, "Mine");
    const refusals: [Response, string, string][] = [
      [await save(client, "   "), "name", "Name the search"],
      [await save(client, "x".repeat(SAVED_SEARCH_NAME_MAX + 1)), "name", NAME_TOO_LONG],
      [await save(client, "Mine"), "name", NAME_TAKEN],
      [await save(client, "No city", { ...PHOENIX, cityOrZip: "" }), "cityOrZip", "Finish the search before saving it"],
    ];
    for (const [answer, field, message] of refusals) {
      expect(answer.status).toBe(400);
      const body = (await answer.json()) as { save: { errors: Record<string, string[]> } };
      expect(body.save.errors[field]).toEqual([message]);
    }
    expect(await db.select().from(savedSearches).where(eq(savedSearches.userId, userId))).toHaveLength(1);
    // A name is unique per user: another user may use it.
    const other = await registerClient("saved-refused-other");
    expect((await save(other.client, "Mine")).status).toBe(302);
  });
});

describe("a saved search belongs to its user", () => {
  it("answers 404 to Run now, Daily and Delete naming another user's search, and changes nothing", async () => {
    const owner = await registerClient("saved-owner");
    const intruder = await registerClient("saved-intruder");
    const search = await saved(owner.client, "Owner's");
    const probes: Record<string, string>[] = [
      { intent: "run", id: search.id },
      { intent: "daily", id: search.id, daily: "on" },
      { intent: "delete", id: search.id },
    ];
    for (const fields of probes) {
      expect((await post(intruder.client, fields)).status).toBe(404);
    }
    expect(await list(intruder.client)).toEqual([]);
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row).toMatchObject({ isActive: false, lastRunAt: null });
    expect(await deliveredTo(intruder.userId)).toEqual([]);
  });

  it("turns Daily on and off and deletes the owner's search", async () => {
    const { client } = await registerClient("saved-toggle");
    const search = await saved(client, "Toggle");
    expect((await turnDaily(client, search.id)).status).toBe(302);
    expect((await list(client))[0]!.daily).toBe(true);
    expect((await post(client, { intent: "daily", id: search.id, daily: "off" })).status).toBe(302);
    expect((await list(client))[0]!.daily).toBe(false);
    expect((await post(client, { intent: "delete", id: search.id })).status).toBe(302);
    expect(await list(client)).toEqual([]);
  });
});

describe("running a saved search", () => {
  it("Run now delivers new leads to the lead queue and the list shows them with the ledger's cost of the run", async () => {
    const { client, userId } = await registerClient("saved-run");
    const search = await saved(client, "Run me");
    const answer = await post(client, { intent: "run", id: search.id });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/leads/workbench");
    const delivered = await deliveredTo(userId);
    expect(delivered).toHaveLength(5);
    const requests = await db.select().from(leadRequests).where(eq(leadRequests.savedSearchId, search.id));
    expect(requests).toHaveLength(1);
    const charges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), inArray(usageEvents.providerRequestId, [requests[0]!.id])));
    // The run's lead and skip-trace charges carry its request id (the local provider's are free: priced here by hand).
    expect(charges.map((event) => [event.kind, event.quantity]).sort()).toEqual([
      ["lead", 5],
      ["skip_trace", 5],
    ]);
    await db
      .update(usageEvents)
      .set({ costMicrocents: 1_500_000 })
      .where(
        inArray(
          usageEvents.id,
          charges.map((event) => event.id),
        ),
      );
    // A charge of another action is not the search's.
    await db.insert(usageEvents).values({
      userId,
      actorId: userId,
      kind: "letter",
      quantity: 1,
      unitCostMicrocents: 89_000_000,
      costMicrocents: 89_000_000,
      provider: "lob",
      providerRequestId: "ltr_other",
      period: "2026-11",
    });
    const [listed] = await list(client);
    expect(listed).toMatchObject({ leadsDelivered: 5, costCents: 3, lastRunNote: null });
    expect(listed!.lastRunAt).not.toBeNull();
  });

  it("the daily run delivers only leads never delivered before, and runs a search again only once it is due", async () => {
    const { client, userId } = await registerClient("saved-daily");
    const search = await saved(client, "Daily");
    await turnDaily(client, search.id);
    const day1 = new Date("2026-12-01T06:00:00Z");
    client.context.now = () => day1;
    await runDueSavedSearches(client.context);
    const first = await deliveredTo(userId);
    expect(first).toHaveLength(5);
    // An hour later it is not due: nothing more.
    client.context.now = () => new Date(day1.getTime() + 60 * 60 * 1000);
    await runDueSavedSearches(client.context);
    expect(await deliveredTo(userId)).toHaveLength(5);
    client.context.now = () => new Date(day1.getTime() + DAY_MS);
    await runDueSavedSearches(client.context);
    const all = await deliveredTo(userId);
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
    client.context.now = () => new Date();
    expect((await list(client))[0]!.leadsDelivered).toBe(10);
  });

  it("a run past the lead cap delivers nothing and records why", async () => {
    const client = limited({ lead: { perMonth: 7 } });
    const { userId } = await registerClient("saved-capped", {}, client);
    const search = await saved(client, "Capped");
    await turnDaily(client, search.id);
    const day1 = new Date("2026-12-02T06:00:00Z");
    client.context.now = () => day1;
    await runDueSavedSearches(client.context);
    expect(await deliveredTo(userId)).toHaveLength(5);
    client.context.now = () => new Date(day1.getTime() + DAY_MS);
    await runDueSavedSearches(client.context);
    expect(await deliveredTo(userId)).toHaveLength(5);
    client.context.now = () => new Date();
    const [listed] = await list(client);
    expect(listed!.lastRunNote).toMatch(/limit of 7 leads a month/);
    expect(listed!.lastRunAt).toBe(new Date(day1.getTime() + DAY_MS).toISOString());
    const leadCharges = await db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "lead")));
    expect(leadCharges.reduce((sum, event) => sum + event.quantity, 0)).toBe(5);
  });

  it("writes a run's request, leads, deliveries and charges in one D1 batch", async () => {
    const counter = new D1Counter(env.DB);
    const client = new ApiClient(testContext({}, { DB: counter.db }));
    const { userId } = await registerClient("saved-batch", {}, client);
    const search = await saved(client, "One batch");
    counter.reset();
    expect((await post(client, { intent: "run", id: search.id })).status).toBe(302);
    const writes = counter.calls.filter((call) => /insert into "(lead_deliveries|usage_events|lead_requests|leads)"/.test(call.sql));
    expect(writes).toHaveLength(1);
    for (const table of ["lead_requests", "leads", "lead_deliveries", "usage_events"])
      expect(writes[0]!.sql).toContain(`insert into "${table}"`);
    expect(await deliveredTo(userId)).toHaveLength(5);
  });

  it("the Worker's cron runs the due daily searches", async () => {
    const { client, userId } = await registerClient("saved-cron");
    const search = await saved(client, "Cron");
    await turnDaily(client, search.id);
    await runScheduled(SAVED_SEARCHES_CRON, env, new Date("2026-12-10T06:15:00Z"));
    const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.lastRunAt?.toISOString()).toBe("2026-12-10T06:15:00.000Z");
    expect(await db.select().from(leadDeliveries).where(eq(leadDeliveries.userId, userId))).toHaveLength(5);
  });
});
