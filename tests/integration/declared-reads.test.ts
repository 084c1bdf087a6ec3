// Reads declared beside the session lookup (ADR 045; workers/session-reads.ts): the Worker entry matches the request
// to the routes whose loaders Remix will run, starts what they declare and sends the lookup with it, before any loader
// runs. The send depends on no loader's timing: a loader that starts its part late still finds its reads answered in
// the lookup's own round trip, and a single-fetch `.data` request batches what its `_routes` load.
import { createRequestHandler, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties } from "#db/schema.ts";
import { createFetchHandler } from "#workers/handle-request.ts";
import { loadingRoutes } from "#workers/session-reads.ts";
import * as root from "#app/root.tsx";
import * as index from "#app/routes/_index.tsx";
import * as propertiesApi from "#app/routes/api.properties.ts";
import * as today from "#app/routes/today.tsx";
import { readAsApiUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, SESSION_COOKIE, withSessionReads } from "#app/services/accounts/session.server.ts";

import { routeBuild } from "./remix-build.ts";
import { accountWithData, costOf, counter } from "./round-trips-setup.ts";

/** The signed-in user's leads, read beside the session. */
const readLeads = declareSessionReads(async ({ context }, { userId, batch }) => {
  const [rows] = await batch([context.db.select({ id: properties.id }).from(properties).where(eq(properties.userId, userId))]);
  return rows;
});

/** A failing read declared beside the same lookup: it fails its own route only. */
const readBroken = declareSessionReads(async ({ context }, { batch }) => batch([context.db.run(sql`select * from no_such_table`)]));

/** Awaits other I/O (an R2 read) before it asks for what it declared: under a microtask send it missed the batch. */
async function countLate(args: LoaderFunctionArgs) {
  await args.context.files.head("declared-reads/nothing");
  const { value } = await readAsApiUser(args, readLeads);
  return `${value.length} leads`;
}

const lateLoader = withSessionReads(readLeads, async (args: LoaderFunctionArgs) => Response.json({ leads: await countLate(args) }));
const pageLoader = withSessionReads(readLeads, async (args: LoaderFunctionArgs) => ({ parent: await countLate(args) }));
const brokenLoader = withSessionReads(readBroken, async (args: LoaderFunctionArgs) => {
  const failed = await readAsApiUser(args, readBroken).then(
    () => false,
    () => true,
  );
  return { child: failed ? "failed alone" : "read" };
});

const ORIGIN = "http://127.0.0.1:8787";
const build = routeBuild({
  root: { path: "", module: root },
  "routes/_index": { index: true, module: index },
  "routes/today": { path: "today", module: today },
  "routes/api.properties": { path: "api/properties", module: propertiesApi },
  "routes/late": { path: "late", module: { loader: lateLoader } },
  "routes/pair": { path: "pair", module: { loader: pageLoader, default: () => null } },
  "routes/pair.broken": { path: "broken", parent: "routes/pair", module: { loader: brokenLoader, default: () => null } },
});
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);

const fetchCost = (path: string, cookie: string, method = "GET") =>
  costOf(() =>
    worker(
      new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: cookie } }),
      { ...env, APP_ORIGIN: ORIGIN, DB: counter.db } as Env,
      createExecutionContext(),
    ),
  );

const idsOf = (method: string, path: string) =>
  loadingRoutes(new Request(`${ORIGIN}${path}`, { method }), build.routes, build.basename).map(({ route }) => route.id);

describe("the routes whose loaders a request runs (Remix's own matching)", () => {
  it("a document GET or HEAD: every matched route; a resource route alone; an action none", () => {
    expect(idsOf("GET", "/?section=crm")).toEqual(["root", "routes/_index"]);
    expect(idsOf("HEAD", "/today")).toEqual(["root", "routes/today"]);
    expect(idsOf("GET", "/api/properties?limit=2")).toEqual(["routes/api.properties"]);
    expect(idsOf("POST", "/today")).toEqual([]);
    expect(idsOf("GET", "/no/such/page")).toEqual([]);
    expect(idsOf("GET", "/pair/broken")).toEqual(["root", "routes/pair", "routes/pair.broken"]);
  });

  it("a single-fetch data request: the matched routes its `_routes` names, all without it; its loaders' URL drops `.data`", () => {
    expect(idsOf("GET", "/_root.data?section=crm")).toEqual(["root", "routes/_index"]);
    expect(idsOf("GET", "/_root.data?section=crm&_routes=routes%2F_index")).toEqual(["routes/_index"]);
    expect(idsOf("GET", "/today.data?_routes=root")).toEqual(["root"]);
    expect(idsOf("POST", "/today.data")).toEqual([]);
    const [loading] = loadingRoutes(new Request(`${ORIGIN}/_root.data?section=crm&_routes=routes%2F_index`), build.routes);
    expect(new URL(loading.request.url).pathname).toBe("/");
    expect(new URL(loading.request.url).searchParams.get("section")).toBe("crm");
  });
});

describe("reads declared beside the session lookup, through the Worker entry", () => {
  it("a loader that awaits other I/O first still gets its reads from the lookup's own round trip", async () => {
    const { client } = await accountWithData();
    // The root loader asks for the session at once; the page's loader asks for its reads after an R2 read.
    const cost = await fetchCost("/pair.data", client.cookieHeader());
    expect(cost.value.status).toBe(200);
    expect(await cost.value.text()).toContain("12 leads");
    // The session and the leads: one D1 batch, sent before either loader ran.
    expect(cost.sessionLookups, cost.log).toBe(1);
    expect(cost.roundTrips, cost.log).toBe(1);
  });

  it("a failing read fails its own loader only; the other route's reads and the session still answer, in one request", async () => {
    const { client } = await accountWithData();
    const cost = await fetchCost("/pair/broken.data", client.cookieHeader());
    expect(cost.value.status).toBe(200);
    const body = await cost.value.text();
    // The parent counted its leads; the child saw its own failure.
    expect(body).toContain("12 leads");
    expect(body).toContain("failed alone");
  });

  it("a single-fetch `.data` request of the CRM: the root's lookup and the section's reads in one round trip, `_routes` or not", async () => {
    const { client } = await accountWithData();
    for (const path of ["/_root.data?section=crm", "/_root.data?section=crm&_routes=routes%2F_index"]) {
      const cost = await fetchCost(path, client.cookieHeader());
      expect(cost.value.status, path).toBe(200);
      expect(await cost.value.text(), path).toContain("4127 N 38th St");
      expect(cost.sessionLookups, `${path}\n${cost.log}`).toBe(1);
      expect(cost.roundTrips, `${path}\n${cost.log}`).toBe(1);
    }
    // The root alone declares nothing: its lookup goes at once, with nothing beside it.
    const rootOnly = await fetchCost("/_root.data?section=crm&_routes=root", client.cookieHeader());
    expect(rootOnly.value.status).toBe(200);
    expect(await rootOnly.value.text()).not.toContain("4127 N 38th St");
    expect(rootOnly.roundTrips, rootOnly.log).toBe(1);
  });

  it("reads nothing beside a session that is not valid, and starts nothing for an action", async () => {
    const { client } = await accountWithData();
    const unknown = await fetchCost("/late", `${SESSION_COOKIE}=${"a".repeat(32)}`);
    expect(unknown.value.status).toBe(401);
    const mine = await fetchCost("/late", client.cookieHeader());
    expect(await mine.value.json()).toEqual({ leads: "12 leads" });
    expect(mine.roundTrips, mine.log).toBe(1);
    const posted = await fetchCost("/api/properties", client.cookieHeader(), "POST");
    // The action's own lookup only (its body is missing: a 400), no declared read of the loader's.
    expect(posted.value.status).toBe(400);
    expect(posted.log).not.toMatch(/from "properties"/);
  });
});
