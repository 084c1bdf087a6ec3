// Round-trip budget of Today (ADR 096): the whole page through the Worker entry, root and route loaders side
// by side, costs at most 2 sequential D1 round trips (in fact 1: its reads join the session lookup's batch) for an
// account with many follow-ups, in the user's time zone (read with the session's user row), and GET /api/tasks/today one.
import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "#db/schema.ts";
import { seedManyActivities } from "#db/seed/demo/activities.ts";
import { seedManyCrmLeads } from "#db/seed/demo/crm.ts";
import { createFetchHandler } from "#workers/handle-request.ts";
import { TIME_ZONE_COOKIE } from "#app/domain/shared/time-zone.ts";
import { TODAY_LIMIT } from "#app/domain/today/tasks.ts";
import * as root from "#app/root.tsx";
import { loader as todayApi } from "#app/routes/api.tasks.today.ts";
import * as today from "#app/routes/today.tsx";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { routeBuild } from "./remix-build.ts";
import { costOf, counter, db, expectWithinBudget } from "./round-trips-setup.ts";

const ORIGIN = "http://127.0.0.1:8787";
const build = routeBuild({ root: { path: "", module: root }, "routes/today": { path: "today", module: today } });
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);
const LEADS = 150;
const ACTIVITIES = 750;
/** How many tasks the page shows before "Show all" (the route's TODAY_PAGE_TASKS, ADR 096). */
const PAGE_TASKS = 10;

async function busyAccount() {
  const client = new ApiClient(testContext({}, { DB: counter.db }));
  const { userId } = await registerClient("budget-today", {}, client);
  // Seeded through the uncounted binding: only the requests under test are counted.
  await seedManyCrmLeads(db, userId, LEADS);
  await seedManyActivities(db, userId, ACTIVITIES);
  return { client, userId };
}

const pageCost = (client: ApiClient, cookie = client.cookieHeader(), path = "/today") =>
  costOf(() =>
    worker(
      new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } }),
      { ...env, APP_ORIGIN: ORIGIN, DB: counter.db } as Env,
      createExecutionContext(),
    ),
  );

describe("Today's round trips", () => {
  it("the page costs at most 2 sequential round trips, with a stored zone or the browser's", async () => {
    const { client, userId } = await busyAccount();
    const browser = await pageCost(client, `${client.cookieHeader()}; ${TIME_ZONE_COOKIE}=${encodeURIComponent("Asia/Tokyo")}`);
    expect(browser.value.status).toBe(200);
    const html = await browser.value.text();
    expect(html).toContain("overdue");
    expectWithinBudget(browser, "/today (browser zone)");
    // Today's reads join the session lookup's batch: one round trip in all.
    expect(browser.sequential, browser.log).toBe(1);

    await db
      .update(users)
      .set({ preferences: { timeZone: "Pacific/Auckland" } })
      .where(eq(users.id, userId));
    const stored = await pageCost(client);
    expect(stored.value.status).toBe(200);
    await stored.value.arrayBuffer();
    expectWithinBudget(stored, "/today (stored zone)");
  });

  it("the page shows the 10 most urgent tasks, and all of them on Show all", async () => {
    const { client } = await busyAccount();
    const first = await client.load<{ tasks: { id: string }[]; total: number }>(today.loader as Handler, "/today");
    expect(first.total).toBeGreaterThan(PAGE_TASKS);
    expect(first.tasks).toHaveLength(PAGE_TASKS);
    const all = await client.load<{ tasks: { id: string }[]; total: number }>(today.loader as Handler, "/today?all=1");
    expect(all.tasks).toHaveLength(first.total);
    expect(all.tasks.slice(0, PAGE_TASKS)).toEqual(first.tasks);
    const html = (await (await pageCost(client)).value.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`Show all ${first.total} tasks`);
  });

  it("a day over TODAY_LIMIT counts as 100+ and Show all lists the 100 most overdue, saying so (ADR 096)", async () => {
    const client = new ApiClient(testContext({}, { DB: counter.db }));
    const { userId } = await registerClient("capped-today", {}, client);
    await seedManyCrmLeads(db, userId, 4 * LEADS);
    await seedManyActivities(db, userId, 4 * ACTIVITIES);
    const first = await client.load<{ tasks: { id: string }[]; total: number }>(today.loader as Handler, "/today");
    expect(first.total).toBe(TODAY_LIMIT);
    const html = (await (await pageCost(client)).value.text()).replace(/<!-- -->/g, "");
    expect(html).toContain(`${PAGE_TASKS} of ${TODAY_LIMIT}+ tasks shown`);
    expect(html).toContain(`Show all ${TODAY_LIMIT}+ tasks`);
    const all = await client.load<{ tasks: { id: string }[] }>(today.loader as Handler, "/today?all=1");
    expect(all.tasks).toHaveLength(TODAY_LIMIT);
    expect(all.tasks.slice(0, PAGE_TASKS)).toEqual(first.tasks);
    const allHtml = await (await pageCost(client, client.cookieHeader(), "/today?all=1")).value.text();
    expect(allHtml).toContain(`The ${TODAY_LIMIT} most overdue tasks shown; any more follow as you work them.`);
  });

  it("the page is sent without scripts but with the browser-zone line, coming up a link away (ADR 096)", async () => {
    const { client } = await busyAccount();
    const html = await (await pageCost(client)).value.text();
    expect(html).toContain("Asked not to call");
    expect(html).toContain("Note on the lead");
    // The day's queue alone: "Coming up" is a link away (ADR 096).
    expect(html).toContain('href="/today?upcoming=all"');
    expect(html).not.toContain('aria-label="Coming up"');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain("__remixContext");
    expect(html).toMatch(/<script nonce="[^"]+">try\{document\.cookie="breeze_tz="/);
  });

  it("GET /api/tasks/today costs one round trip", async () => {
    const { client } = await busyAccount();
    const cost = await costOf(() => client.call(todayApi as Handler, "GET", "/api/tasks/today"));
    expect(cost.value.status).toBe(200);
    expect((cost.value.body as unknown as unknown[]).length).toBeGreaterThan(0);
    expect(cost.sequential, cost.log).toBe(1);
  });
});
