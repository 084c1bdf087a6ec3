// Round-trip budgets (round-trips-setup.ts): whole pages through the Worker entry, the lead workbench's page
// and action, and the valuations.
import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { marketProperties, properties, sessions } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { createFetchHandler } from "#workers/handle-request.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import { SECTION_IDS } from "#app/domain/shell/sections.ts";
import * as root from "#app/root.tsx";
import * as index from "#app/routes/_index.tsx";
import { loader as authMe } from "#app/routes/api.auth.me.ts";
import * as propertyComps from "#app/routes/api.properties.$id.comps.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { action as calculateArv } from "#app/routes/api.properties.calculate-arv.ts";
import { loader as propertiesApi } from "#app/routes/api.properties.ts";
import * as buyerBreeze from "#app/routes/buyer-breeze.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";
import * as profile from "#app/routes/profile.tsx";
import * as teamActivity from "#app/routes/team_.activity.tsx";
import { hashToken, SESSION_COOKIE } from "#app/services/accounts/session.server.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";
import { routeBuild } from "./remix-build.ts";
import { accountWithData, costOf, counter, db, expectWithinBudget } from "./round-trips-setup.ts";

/** The real root and page modules in Remix's own request handler, behind the Worker entry, over the counted D1. */
const ORIGIN = "http://127.0.0.1:8787";
const build = routeBuild({
  root: { path: "", module: root },
  "routes/_index": { index: true, module: index },
  "routes/buyer-breeze": { path: "buyer-breeze", module: buyerBreeze },
  "routes/profile": { path: "profile", module: profile },
  "routes/leads.workbench": { path: "leads/workbench", module: workbench },
  "routes/team_.activity": { path: "team/activity", module: teamActivity },
});
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);

/** A page fetched through the Worker entry over the counted D1, as `client` (signed out without one), and its cost. */
const pageCost = (path: string, client?: { cookieHeader(): string }) =>
  costOf(() =>
    worker(
      new Request(`${ORIGIN}${path}`, client ? { headers: { Cookie: client.cookieHeader() } } : undefined),
      { ...env, APP_ORIGIN: ORIGIN, DB: counter.db } as Env,
      createExecutionContext(),
    ),
  );

describe("a whole page (root and route loaders side by side, then the render) costs at most 2 sequential round trips", () => {
  it.each(SECTION_IDS)("/?section=%s, as a document and as a client navigation", async (section) => {
    const { client } = await accountWithData();
    for (const path of [`/?section=${section}`, `/_root.data?section=${section}`]) {
      const cost = await pageCost(path, client);
      expect(cost.value.status, path).toBe(200);
      await cost.value.arrayBuffer();
      // The root and the route loader share the request's one session lookup.
      expectWithinBudget(cost, path);
    }
  });

  it("/buyer-breeze, /profile and /team/activity", async () => {
    const { client } = await accountWithData();
    for (const path of ["/buyer-breeze", "/profile", "/team/activity", "/team/activity?kind=exported&from=2026-01-01"]) {
      const cost = await pageCost(path, client);
      expect(cost.value.status, path).toBe(200);
      expectWithinBudget(cost, path);
    }
  });

  it("the current user comes with the session lookup, and the CRM section reads in the lookup's batch", async () => {
    const { client, leadId } = await accountWithData();
    const page = (path: string) => pageCost(path, client);
    // The shell's user menu (name, company, title) needs nothing besides the session lookup.
    const shell = await page("/?section=lock-it-up");
    expect(await shell.value.text()).toContain("Quinn Home Buyers LLC");
    expect(shell.roundTrips, shell.log).toBe(1);
    // GET /api/properties reads in the session lookup's batch too.
    for (const path of ["/api/properties", "/api/properties?limit=2&status=new&q=a"]) {
      const list = await costOf(() => client.call(propertiesApi as Handler, "GET", path));
      expect(list.value.status).toBe(200);
      expect(list.roundTrips, `${path}\n${list.log}`).toBe(1);
    }
    const me = await costOf(() => client.call(authMe as Handler, "GET", "/api/auth/me"));
    expect(me.value.body.company).toMatchObject({ companyName: "Quinn Home Buyers LLC" });
    expect(me.roundTrips, me.log).toBe(1);
    for (const path of [
      "/?section=crm",
      `/?section=crm&status=new&q=phoenix&lead=${leadId}&limit=3`,
      `/?section=crm&lead=${leadId}&comps=1`,
    ]) {
      const crm = await page(path);
      expect(crm.value.status).toBe(200);
      // The root's session lookup and the section's reads (scoped by the session's user in SQL): one batch in all.
      expect(crm.roundTrips, `${path}\n${crm.log}`).toBe(1);
      expect(await crm.value.text()).toContain("4127 N 38th St");
    }
  });

  it("an expired session on the CRM answers the signed-out landing: the rows read beside it are never shown", async () => {
    const { client } = await accountWithData();
    const token = client.cookies.get(SESSION_COOKIE)!;
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(token)));
    const cost = await pageCost("/?section=crm", client);
    expect(cost.value.status).toBe(200);
    const html = await cost.value.text();
    expect(html).toContain("Breeze through your");
    expect(html).not.toContain("4127 N 38th St");
    expect(html).not.toContain("Quinn Home Buyers LLC");
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.sid, hashToken(token))),
    ).toEqual([]);
  });

  it("the signed-out landing page reads nothing", async () => {
    const cost = await pageCost("/");
    expect(cost.value.status).toBe(200);
    expect(await cost.value.text()).toContain("Breeze through your");
    expect(cost.roundTrips, cost.log).toBe(0);
  });
});

describe("the lead workbench: its page and its action cost at most 2 sequential round trips", () => {
  beforeAll(async () => {
    await seedTestMarket(db, 600);
  });

  /** A signed-in user whose seller search ran (costOf resets the counter before each request under test). */
  async function searched() {
    const client = new ApiClient(testContext({}, { DB: counter.db }));
    await registerClient("budget-workbench", {}, client);
    const answer = await client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
      count: 5,
      criteria: { location: "Phoenix, AZ", sellerType: "high_equity" },
    });
    expect(answer.status).toBe(200);
    return { client, queue: answer.body.properties as LeadQueueItem[] };
  }

  const post = (client: ApiClient, fields: Record<string, string>) =>
    costOf(() => client.send(workbench.action as Handler, "POST", "/leads/workbench", { urlencoded: fields }));

  it("the loader, and the whole page with a lead saved and its details open", async () => {
    const { client, queue } = await searched();
    expect(queue).toHaveLength(5);
    const saved = await post(client, { intent: "save", leadId: queue[1].id, vendor: queue[1].raw.vendor, index: "1" });
    expect(saved.value.status).toBe(302);
    const load = await costOf(() => client.load(workbench.loader as Handler, "/leads/workbench?lead=1"));
    expectWithinBudget(load, "the workbench's loader");
    for (const path of ["/leads/workbench", "/leads/workbench?lead=1&details=1", "/leads/workbench.data?lead=1"]) {
      const cost = await pageCost(path, client);
      expect(cost.value.status, path).toBe(200);
      await cost.value.arrayBuffer();
      expectWithinBudget(cost, path);
    }
  });

  it("Get Property Value: the session beside the place lookups, the candidates, one write batch; then the page with the comps", async () => {
    const { client, queue } = await searched();
    const lead = queue[0];
    expect((await post(client, { intent: "work", leadId: lead.id, vendor: lead.raw.vendor, index: "0" })).value.status).toBe(302);
    const [saved] = await db.select({ id: properties.id }).from(properties).where(eq(properties.address, lead.addressLine));
    const facts = {
      intent: "value",
      propertyId: saved!.id,
      index: "0",
      address: lead.addressLine,
      city: lead.city,
      state: lead.state,
      zipCode: lead.zip,
      ...(lead.bedrooms ? { bedrooms: String(lead.bedrooms) } : {}),
      ...(lead.squareFeet ? { squareFeet: String(lead.squareFeet) } : {}),
    };
    const valued = await post(client, facts);
    expect(valued.value.status, await valued.value.clone().text()).toBe(302);
    expect(valued.sessionLookups).toBe(1);
    expect(valued.sequential, valued.log).toBeLessThanOrEqual(3);
    for (const path of ["/leads/workbench?lead=0", valued.value.headers.get("Location")!]) {
      const cost = await pageCost(path, client);
      expect(cost.value.status, path).toBe(200);
      expect(await cost.value.text()).toContain("Comparable properties");
      expectWithinBudget(cost, path);
    }
  });

  it("Save for Later, Already in CRM, Let's Work It, a lead not in the queue, Next Lead and Pass", async () => {
    const WORK_IT_BUDGET = 4;
    const { client, queue } = await searched();
    const form = (intent: string, lead: LeadQueueItem, index: number) => ({
      intent,
      leadId: lead.id,
      vendor: lead.raw.vendor,
      index: String(index),
    });
    const cases: [string, Record<string, string>, number][] = [
      ["Save for Later", form("save", queue[0], 0), 302],
      ["Save for Later again (Already in CRM)", form("save", queue[0], 0), 302],
      ["Let's Work It", form("work", queue[2], 2), 302],
      ["Confirm Add to CRM", form("add", queue[3], 3), 302],
      ["a lead not in the queue", { intent: "save", leadId: "local-999999", vendor: "local", index: "0" }, 404],
      ["Next Lead", { intent: "next", index: "0" }, 302],
      ["Pass", { intent: "pass", index: "4" }, 302],
    ];
    for (const [label, fields, status] of cases) {
      const cost = await post(client, fields);
      expect(cost.value.status, label).toBe(status);
      if (label === "Let's Work It") {
        // Let's Work It saves the lead and values it (docs/decisions/083-headline-path-clicks.md): the session with the
        // lead's snapshot, the save beside the valuation's place lookups, the candidates, the store (ADR 052): 4.
        expect(cost.sessionLookups, label).toBe(1);
        expect(cost.sequential, cost.log).toBeLessThanOrEqual(WORK_IT_BUDGET);
      } else expectWithinBudget(cost, label);
    }
  });
});

describe("valuations: calculate-arv and the stored comps list cost at most 2 sequential round trips", () => {
  beforeAll(async () => {
    await seedTestMarket(db, 600);
    await seedZipPlaces(db, ZIPS);
  });

  /** A signed-in user on the counted binding, valuing as of two weeks after the market's last day. */
  async function valuer() {
    const client = new ApiClient(testContext({}, { DB: counter.db }));
    client.context = { ...client.context, now: () => new Date("2026-01-15T12:00:00Z") };
    const { userId } = await registerClient("budget-valuation", {}, client);
    return { client, userId };
  }

  it("calculate-arv: the session lookup beside the subject's place, then the candidates", async () => {
    const { client } = await valuer();
    const home = (await db.select().from(marketProperties).where(eq(marketProperties.zip, "85008")).limit(1))[0]!;
    for (const body of [
      { address: home.address, city: home.city, state: home.state },
      { address: "1 Nowhere Lane", city: "Phoenix", state: "AZ", zipCode: "85008", bedrooms: 3 },
      { address: "1 Nowhere Lane", city: "Atlantis", state: "AZ" },
    ]) {
      const cost = await costOf(() => client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", body));
      expect([200, 422], JSON.stringify(cost.value.body)).toContain(cost.value.status);
      expectWithinBudget(cost, body.address);
    }
  });

  it("GET comps is 2; POST comps (a search that writes) is the session, the property, its record, the candidates and one write batch", async () => {
    const { client, userId } = await valuer();
    const home = (await db.select().from(marketProperties).where(eq(marketProperties.zip, "85004")).limit(1))[0]!;
    const [row] = await db
      .insert(properties)
      .values({
        userId,
        address: home.address,
        city: home.city,
        state: home.state,
        zipCode: home.zip,
        latitude: home.latitude,
        longitude: home.longitude,
        apn: home.apn,
      })
      .returning({ id: properties.id });
    const params = { id: row!.id };
    const search = await costOf(() =>
      client.call(propertyComps.action as Handler, "POST", `/api/properties/${params.id}/comps`, undefined, { params }),
    );
    expect(search.value.status, JSON.stringify(search.value.body)).toBe(200);
    expect(search.sessionLookups).toBe(1);
    // The record lookup places the property as the workbench does, so both say one value (ADR 091).
    expect(search.sequential, search.log).toBeLessThanOrEqual(5);
    const list = await costOf(() =>
      client.call(propertyComps.loader as Handler, "GET", `/api/properties/${params.id}/comps`, undefined, { params }),
    );
    expect((list.value.body as unknown as unknown[]).length).toBeGreaterThan(0);
    expectWithinBudget(list, "GET comps");
  });
});
