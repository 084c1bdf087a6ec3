/**
 * Performance budgets (issue 10): what a page or list costs the database, counted in sequential D1 round trips —
 * what a request's latency is made of on Cloudflare, where each one crosses to the database and back. A signed-in
 * page or /api list may cost two: the session lookup, then one batch or parallel reads. A feature that adds a query
 * waiting on another fails here.
 */
import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { conversations, marketProperties, properties, sessions } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { seedDemoDeals } from "#db/seed/demo/deals.ts";
import { seedDemoRecords } from "#db/seed/demo/records.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { createFetchHandler } from "#workers/handle-request.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import { SECTION_IDS } from "#app/domain/shell/sections.ts";
import * as root from "#app/root.tsx";
import * as index from "#app/routes/_index.tsx";
import { loader as authMe } from "#app/routes/api.auth.me.ts";
import { loader as authUser } from "#app/routes/api.auth.user.ts";
import { loader as buyerLeadsApi } from "#app/routes/api.buyer-leads.ts";
import { loader as contactsApi } from "#app/routes/api.contacts.ts";
import { loader as messagesApi } from "#app/routes/api.conversations.$id.messages.ts";
import { loader as conversationsApi } from "#app/routes/api.conversations.ts";
import { loader as dealAnalysisStream } from "#app/routes/api.deals.analyze.$id.stream.ts";
import { loader as dealsApi } from "#app/routes/api.deals.ts";
import { loader as documentsApi } from "#app/routes/api.documents.ts";
import * as propertyComps from "#app/routes/api.properties.$id.comps.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { action as calculateArv } from "#app/routes/api.properties.calculate-arv.ts";
import { loader as propertiesApi } from "#app/routes/api.properties.ts";
import * as buyerBreeze from "#app/routes/buyer-breeze.tsx";
import { loader as addLeadPage } from "#app/routes/crm.leads.tsx";
import { loader as generatePage } from "#app/routes/documents.generate.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";
import { loader as newMessagePage } from "#app/routes/messages.send.tsx";
import { loader as newDealPage } from "#app/routes/pipeline.deals.tsx";
import * as profile from "#app/routes/profile.tsx";
import { hashToken, SESSION_COOKIE } from "#app/services/accounts/session.server.ts";
import { listConversations, listMessages, matchesSearch } from "#app/services/messages/conversations.server.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { D1Counter } from "./d1-counter.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";
import { routeBuild } from "./remix-build.ts";

/** The budget: the session lookup, then one batch or one set of parallel reads. */
const BUDGET = 2;

const counter = new D1Counter(env.DB);
const db = createDb(env.DB);

/** A signed-in account with data in every section (the demo account's leads, deals, conversations, documents, buyers). */
async function accountWithData() {
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
async function costOf<T>(run: () => Promise<T>) {
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
function expectWithinBudget(cost: { sequential: number; log: string; sessionLookups: number }, label: string) {
  expect(cost.sessionLookups, `${label}: session lookups\n${cost.log}`).toBe(1);
  expect(cost.sequential, `${label}: sequential round trips\n${cost.log}`).toBeLessThanOrEqual(BUDGET);
}

describe("the D1 counter", () => {
  it("counts parallel calls and a batch as one wave and each awaited call as one more", async () => {
    const d1 = counter.db;
    const parallel = await costOf(() =>
      Promise.all([d1.prepare("SELECT 1").all(), d1.prepare("SELECT 2").first(), d1.prepare("SELECT 3").raw()]),
    );
    expect([parallel.roundTrips, parallel.sequential]).toEqual([3, 1]);

    const sequential = await costOf(async () => {
      await d1.prepare("SELECT 1").all();
      await d1.prepare("SELECT ?").bind(2).run();
      await d1.batch([d1.prepare("SELECT 3"), d1.prepare("SELECT 4")]);
    });
    expect([sequential.roundTrips, sequential.sequential]).toEqual([3, 3]);

    // A query that waited for another is one deeper even while a third, slower one is still in flight.
    const chained = await costOf(() =>
      Promise.all([
        d1.prepare("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000) SELECT count(*) FROM n").first(),
        d1
          .prepare("SELECT 1")
          .first()
          .then(() => d1.prepare("SELECT 2").first()),
      ]),
    );
    expect([chained.roundTrips, chained.sequential]).toEqual([3, 2]);
  });
});

describe("each signed-in loader, called as Remix calls it, costs at most 2 sequential round trips", () => {
  it.each(SECTION_IDS)("the shell with the %s section", async (section) => {
    const { client } = await accountWithData();
    const cost = await costOf(() =>
      client.load<{ signedIn: boolean; payload: { id: string } }>(index.loader as Handler, `/?section=${section}`),
    );
    expect(cost.value.signedIn).toBe(true);
    expect(cost.value.payload.id).toBe(section);
    expectWithinBudget(cost, section);
  });

  it("the shell's sections with a record open, a filter or a search", async () => {
    const { client, conversationId, leadId } = await accountWithData();
    for (const path of [
      `/?section=crm&lead=${leadId}`,
      // The property card with its comps shown (Show/Hide Comps): read in the same batch.
      `/?section=crm&lead=${leadId}&comps=1`,
      "/?section=crm&status=qualified&q=phoenix",
      // A page smaller than the list: the total is counted too.
      "/?section=crm&limit=2",
      `/?section=messages&c=${conversationId}`,
      "/?section=messages&q=a",
      "/?section=documents&generate=1",
      "/?section=dashboard&period=this-year",
      "/?section=pipeline&period=this-month",
      // The agent chat: a conversation, another agent, a wizard step, and a count asked for without JavaScript.
      `/?section=chat&c=${conversationId}`,
      "/?section=chat&agent=negotiation",
      "/?section=chat&c=new&wizard=buyer&step=2&cityOrZip=85004",
      "/?section=chat&wizard=seller&at=3&intent=count&cityOrZip=Phoenix&state=AZ&sellerType=inherited",
      // The Target Market Finder (Terry): the latest Terry conversation, and a new chat.
      "/?section=chat&terry=1",
      "/?section=chat&terry=1&c=new",
    ]) {
      expectWithinBudget(await costOf(() => client.load(index.loader as Handler, path)), path);
    }
  });

  it("the messages section opens the thread that `c` or the search picks with the list, not after it", async () => {
    const { client, userId } = await accountWithData();
    const threads = await listConversations(db, userId);
    expect(threads.length).toBeGreaterThan(2);
    type Messages = { payload: { data: { selected: { id: string } | null; messages: { content: string }[] } } };
    const open = async (query: string) => {
      const cost = await costOf(() => client.load<Messages>(index.loader as Handler, `/?section=messages&${query}`));
      return { ...cost, ...cost.value.payload.data };
    };
    const contentsOf = async (id: string) => ((await listMessages(db, userId, id)) ?? []).map((m) => m.content);
    for (const thread of threads) {
      // Each thread by id, by its contact's last name in another case, and by its property's address.
      const surname = thread.contactName!.split(" ").at(-1)!.toUpperCase();
      for (const query of [`c=${thread.id}`, `q=${encodeURIComponent(surname)}`, `q=${encodeURIComponent(thread.propertyAddress ?? "")}`]) {
        const opened = await open(query);
        expect(opened.selected?.id, query).toBe(thread.id);
        expect(opened.messages.map((m) => m.content)).toEqual(await contentsOf(thread.id));
        expect(opened.sequential, `${query}\n${opened.log}`).toBeLessThanOrEqual(BUDGET);
      }
    }
    // Words of a preview (the cut one ends in "..."): the most recent thread whose list entry matches, as the list shows.
    for (const thread of threads) {
      const words = thread.lastMessage.slice(-12);
      const expected = threads.find((t) => matchesSearch(t, words.toLowerCase()))!;
      const opened = await open(`q=${encodeURIComponent(words)}`);
      expect(opened.selected?.id, words).toBe(expected.id);
      expect(opened.sequential, `${words}\n${opened.log}`).toBeLessThanOrEqual(BUDGET);
    }
    // Not the user's conversation: the newest one opens instead.
    const fallback = await open(`c=${crypto.randomUUID()}`);
    expect(fallback.selected?.id).toBe(threads[0].id);
    expect(fallback.messages.map((m) => m.content)).toEqual(await contentsOf(threads[0].id));
    expect(fallback.sequential).toBeLessThanOrEqual(BUDGET);
    // Text SQLite's LIKE does not fold (non-ASCII case): still the right thread, read once more.
    const [ørsted] = await db
      .insert(conversations)
      .values({ userId, title: "Ørsted Estate", createdAt: new Date(0), updatedAt: new Date(0) })
      .returning();
    const folded = await open("q=%C3%B8rsted");
    expect(folded.selected?.id).toBe(ørsted.id);
    expect(folded.messages).toEqual([]);
  });

  it("the root loader", async () => {
    const { client } = await accountWithData();
    const cost = await costOf(() => client.load<{ user: { id: string } | null }>(root.loader as Handler, "/"));
    expect(cost.value.user).not.toBeNull();
    expect(cost.sessionLookups).toBe(1);
    expect(cost.sequential, cost.log).toBe(1);
  });

  it("the other pages: /buyer-breeze, /profile, Add Lead, New Deal, Generate Contract, New Message", async () => {
    const { client } = await accountWithData();
    const pages: [Handler, string][] = [
      [buyerBreeze.loader as Handler, "/buyer-breeze"],
      [profile.loader as Handler, "/profile"],
      [addLeadPage as Handler, "/crm/leads"],
      [newDealPage as Handler, "/pipeline/deals"],
      [generatePage as Handler, "/documents/generate"],
      [newMessagePage as Handler, "/messages/send"],
    ];
    for (const [loader, path] of pages) {
      const cost = await costOf(() => client.load(loader, path));
      expect(cost.sessionLookups, path).toBe(1);
      expect(cost.sequential, `${path}\n${cost.log}`).toBeLessThanOrEqual(BUDGET);
    }
  });
});

describe("each /api list costs at most 2 sequential round trips", () => {
  it("GET properties, deals, documents, conversations, messages, buyer leads, contacts and the current user", async () => {
    const { client, conversationId } = await accountWithData();
    const lists: [Handler, string, Record<string, string>?][] = [
      [propertiesApi as Handler, "/api/properties"],
      [propertiesApi as Handler, "/api/properties?limit=2&status=new&q=a"],
      [dealsApi as Handler, "/api/deals"],
      [documentsApi as Handler, "/api/documents"],
      [conversationsApi as Handler, "/api/conversations"],
      [messagesApi as Handler, `/api/conversations/${conversationId}/messages`, { id: conversationId }],
      [buyerLeadsApi as Handler, "/api/buyer-leads"],
      [contactsApi as Handler, "/api/contacts"],
      [authMe as Handler, "/api/auth/me"],
      [authUser as Handler, "/api/auth/user"],
    ];
    for (const [loader, path, params] of lists) {
      const cost = await costOf(() => client.call(loader, "GET", path, undefined, { params }));
      expect(cost.value.status, path).toBe(200);
      expectWithinBudget(cost, path);
    }
    // A list with something in it, so the reads above really ran over data.
    const properties = await client.call(propertiesApi as Handler, "GET", "/api/properties");
    expect((properties.body as unknown as unknown[]).length).toBeGreaterThan(0);
  });

  it("GET /api/deals/analyze/{id}/stream: the session, then whether the property is the user's", async () => {
    const { client, leadId } = await accountWithData();
    const path = `/api/deals/analyze/${leadId}/stream`;
    const cost = await costOf(() => client.send(dealAnalysisStream as Handler, "GET", path, { params: { id: leadId } }));
    expect(cost.value.status, path).toBe(200);
    expect(cost.value.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    await cost.value.text();
    expectWithinBudget(cost, path);
  });

  it("a conversation that is not the user's answers 404 within the same budget", async () => {
    const { conversationId } = await accountWithData();
    const { client: other } = await accountWithData();
    const cost = await costOf(() =>
      other.call(messagesApi as Handler, "GET", `/api/conversations/${conversationId}/messages`, undefined, {
        params: { id: conversationId },
      }),
    );
    expect(cost.value.status).toBe(404);
    expect(cost.sequential, cost.log).toBeLessThanOrEqual(BUDGET);
  });
});

/** The real root and page modules in Remix's own request handler, behind the Worker entry, over the counted D1. */
const ORIGIN = "http://127.0.0.1:8787";
const remix = createRequestHandler(
  routeBuild({
    root: { path: "", module: root },
    "routes/_index": { index: true, module: index },
    "routes/buyer-breeze": { path: "buyer-breeze", module: buyerBreeze },
    "routes/profile": { path: "profile", module: profile },
    "routes/leads.workbench": { path: "leads/workbench", module: workbench },
  }),
);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context));

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

  it("/buyer-breeze and /profile", async () => {
    const { client } = await accountWithData();
    for (const path of ["/buyer-breeze", "/profile"]) {
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
      expectWithinBudget(cost, label);
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

  it("GET comps is 2; POST comps (a search that writes) is the session, the property, the candidates and one write batch", async () => {
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
    expect(search.sequential, search.log).toBeLessThanOrEqual(4);
    const list = await costOf(() =>
      client.call(propertyComps.loader as Handler, "GET", `/api/properties/${params.id}/comps`, undefined, { params }),
    );
    expect((list.value.body as unknown as unknown[]).length).toBeGreaterThan(0);
    expectWithinBudget(list, "GET comps");
  });
});
