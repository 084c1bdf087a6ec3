import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createFetchHandler } from "#workers/handle-request.ts";

import { registerClient } from "./api-client.ts";
import { routeManifest } from "./authz/route-manifest.ts";
import { routeBuild, type TestRoute } from "./remix-build.ts";

/**
 * The method matrix: every route of the Remix build's manifest, through the Worker's fetch and Remix's
 * own request handler, asked with every method while signed in (so a 401 cannot hide a wrong method). A resource
 * route (no default export, and no ErrorBoundary: Remix renders those as pages) serves some methods and answers every other one 405 with an Allow header naming exactly
 * the served ones; a page never answers a method with a 5xx. A route added tomorrow is in the matrix by itself.
 */
const ORIGIN = "http://127.0.0.1:8787";
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];

/** A flat-routes file name → its URL pattern segments (`$id` a param, `$` a splat, `[.csv]` literal, `x_` unnested). */
function patternOf(id: string): { path?: string; index?: boolean } {
  const name = id.replace(/^routes\//, "");
  const segments = name.match(/(?:\[[^\]]*\]|[^.])+/g) ?? [];
  if (segments.at(-1) === "_index") return { index: true, path: segments.length > 1 ? segments.slice(0, -1).join("/") : undefined };
  const path = segments
    .map((segment) => segment.replace(/_$/, "").replace(/\[([^\]]*)\]/g, "$1"))
    .map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment))
    .join("/");
  return { path };
}

/** A URL the pattern matches: params filled with ids no one owns. */
const urlOf = (pattern: { path?: string }) =>
  `/${(pattern.path ?? "").replace(/:[A-Za-z]+/g, "no-such-id").replace(/\*$/, "no-such-page")}`;

const manifest = routeManifest();
const modules: Record<string, TestRoute> = {};
for (const route of manifest)
  modules[route.id] = route.id === "root" ? { path: "", module: route.module } : { ...patternOf(route.id), module: route.module };
const build = routeBuild(modules);
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);

/** Routes that end the session run last, each on a session of its own, so every route is asked signed in. */
const ENDS_SESSION = /logout$/;
const ordered = [
  ...manifest.filter((r) => r.id !== "root" && !ENDS_SESSION.test(r.id)),
  ...manifest.filter((r) => ENDS_SESSION.test(r.id)),
];
/** Remix's own test (server-runtime): a module with neither a component nor an ErrorBoundary answers by itself. */
const isResource = (module: Record<string, unknown>) => !("default" in module) && !("ErrorBoundary" in module);
const resourceRoutes = ordered.filter((route) => isResource(route.module));
const pageRoutes = ordered.filter((route) => !isResource(route.module) && route.hasAction);

let cookie = "";
beforeAll(async () => {
  const { client } = await registerClient("methods");
  cookie = client.cookieHeader();
});

async function ask(method: Method, path: string) {
  const request = new Request(`${ORIGIN}${path}`, { method, headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host } });
  const response = await worker(request, { ...env, APP_ORIGIN: ORIGIN } as Env, createExecutionContext());
  const text = await response.text();
  return { status: response.status, allow: response.headers.get("Allow"), text, type: response.headers.get("Content-Type") ?? "" };
}

const allowOf = (header: string | null) =>
  (header ?? "")
    .split(",")
    .map((method) => method.trim())
    .filter(Boolean)
    .sort();

describe("the method matrix knows the routes", () => {
  it("covers every resource route and every page with an action of the manifest", () => {
    expect(resourceRoutes.length).toBeGreaterThan(50);
    expect(pageRoutes.length).toBeGreaterThan(15);
    expect(resourceRoutes.length + pageRoutes.length).toBe(manifest.filter((r) => isResource(r.module) || r.hasAction).length);
  });
});

describe("resource routes: every other method is a 405 naming exactly the served ones", () => {
  for (const route of resourceRoutes) {
    const path = urlOf(patternOf(route.id));
    it(`${route.id} (${path})`, async () => {
      if (ENDS_SESSION.test(route.id)) cookie = (await registerClient("methods-out")).client.cookieHeader();
      else expect((await ask("GET", "/api/auth/me")).status, "still signed in").toBe(200);
      const answers = new Map<Method, Awaited<ReturnType<typeof ask>>>();
      for (const method of METHODS) answers.set(method, await ask(method, path));
      const served = METHODS.filter((method) => answers.get(method)!.status !== 405);
      const problems: string[] = [];
      for (const [method, answer] of answers) {
        if (answer.status >= 500) problems.push(`${method}: ${answer.status}`);
        // Remix's own refusals (no loader for a GET, no action for a POST) say only "Unexpected Server Error".
        if (answer.text.includes("Unexpected Server Error")) problems.push(`${method}: Remix's bare ${answer.status}`);
        if (answer.status !== 405) continue;
        if (allowOf(answer.allow).join(", ") !== [...served].sort().join(", "))
          problems.push(`${method}: Allow "${answer.allow}", but it serves ${served.join(", ") || "nothing"}`);
        if (method !== "HEAD" && path.startsWith("/api/") && !/"success":false/.test(answer.text))
          problems.push(`${method}: not the /api failure shape`);
      }
      if (served.includes("GET") !== served.includes("HEAD")) problems.push(`GET and HEAD differ: serves ${served.join(", ")}`);
      // No route answers a CORS preflight (the app is same-origin only); the /api catch-all is a 404 to everything.
      const notFoundToAll = [...answers.values()].every((answer) => answer.status === 404);
      if (served.includes("OPTIONS") && !notFoundToAll) problems.push(`OPTIONS answered ${answers.get("OPTIONS")!.status}, not 405`);
      expect(served.length, `${route.id} serves no method at all`).toBeGreaterThan(0);
      expect(problems.join("\n")).toBe("");
    });
  }
});

describe("pages with an action: no method is a server error, and only GET, HEAD and POST reach the page", () => {
  for (const route of pageRoutes) {
    const path = urlOf(patternOf(route.id));
    it(`${route.id} (${path})`, async () => {
      const problems: string[] = [];
      for (const method of METHODS) {
        const { status, allow } = await ask(method, path);
        if (status >= 500) problems.push(`${method}: ${status}`);
        // Remix hands every other method to the action: a PUT, PATCH or DELETE would run it as a POST does.
        if (!["GET", "HEAD", "POST"].includes(method) && (status !== 405 || allow !== "GET, HEAD, POST"))
          problems.push(`${method}: ${status}, Allow "${allow}"`);
      }
      for (const method of ["PUT", "PATCH", "DELETE"] as const) {
        const { status, allow } = await ask(method, `${path === "/" ? "/_root" : path}.data`);
        if (status !== 405 || allow !== "GET, HEAD, POST") problems.push(`${method} .data: ${status}, Allow "${allow}"`);
      }
      expect(problems.join("\n")).toBe("");
    });
  }
});

const pagesOnly = ordered.filter((route) => !isResource(route.module) && !/\$$/.test(route.id));

describe("signed-in pages are never cached", () => {
  for (const route of pagesOnly) {
    const path = urlOf(patternOf(route.id));
    it(`${route.id} (${path}): the document and its .data say private, no-store`, async () => {
      const problems: string[] = [];
      for (const url of [path, `${path === "/" ? "/_root" : path}.data`]) {
        const request = new Request(`${ORIGIN}${url}`, { headers: { Cookie: cookie, Host: new URL(ORIGIN).host } });
        const response = await worker(request, { ...env, APP_ORIGIN: ORIGIN } as Env, createExecutionContext());
        await response.arrayBuffer();
        const type = response.headers.get("Content-Type") ?? "";
        if (!url.endsWith(".data") && !type.startsWith("text/html")) continue;
        if (response.headers.get("Cache-Control") !== "private, no-store")
          problems.push(`${url}: ${response.status} Cache-Control "${response.headers.get("Cache-Control")}"`);
      }
      expect(problems.join("\n")).toBe("");
    });
  }
});
