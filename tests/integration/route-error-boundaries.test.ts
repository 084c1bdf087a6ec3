import { createRequestHandler, type AppLoadContext, type LoaderFunctionArgs, type ServerBuild } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import * as entryServer from "~/entry.server";
import * as root from "~/root";
import * as index from "~/routes/_index";
import * as profile from "~/routes/profile";

import { createFetchHandler } from "../../workers/handle-request";
import { registerClient } from "./api-client";

const ORIGIN = "http://127.0.0.1:8787";

/**
 * The real root and page modules, with the page's loader throwing a 404 as a section's loader would for a
 * record that is not the user's: what renders is the route's own ErrorBoundary, inside its layout.
 */
const notFound = async (_args: LoaderFunctionArgs) => {
  throw new Response("Not Found", { status: 404, statusText: "Not Found" });
};

const MODULES = {
  root: { path: "", index: undefined, module: root },
  "routes/_index": { path: undefined, index: true, module: { ...index, loader: notFound } },
  "routes/profile": { path: "profile", index: undefined, module: { ...profile, loader: notFound } },
};

function routeBuild(): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  const manifestRoutes: ServerBuild["assets"]["routes"] = {};
  for (const [id, { path, index: isIndex, module }] of Object.entries(MODULES)) {
    const parentId = id === "root" ? undefined : "root";
    routes[id] = { id, parentId, path, index: isIndex, caseSensitive: undefined, module };
    manifestRoutes[id] = {
      id,
      parentId,
      path,
      index: isIndex,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: "ErrorBoundary" in module,
      module: `/assets/${id}.js`,
      imports: [],
      css: [],
    };
  }
  return {
    mode: "production",
    entry: { module: entryServer },
    routes,
    assets: {
      entry: { module: "/assets/entry.client.js", imports: [] },
      routes: manifestRoutes,
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    isSpaMode: false,
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    },
  };
}

const remix = createRequestHandler(routeBuild());
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context));
const get = (path: string, cookie?: string) =>
  worker(
    new Request(`${ORIGIN}${path}`, { headers: cookie ? { Cookie: cookie } : {} }),
    { ...env, APP_ORIGIN: ORIGIN } as Env,
    createExecutionContext(),
  );

/** The visible page without the hydration data after it. */
const body = async (response: Response) => (await response.text()).split("<script")[0];

describe("route error boundaries render inside their layout", () => {
  it("a 404 thrown in a section shows 404 Page Not Found in the section area with the shell still there", async () => {
    const { client } = await registerClient("boundary");
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await get("/?section=documents", cookie);
    expect(response.status).toBe(404);
    const page = await body(response);
    // The message in the shell's main area, the sidebar beside it with the section marked current, the user's menu.
    expect(page).toMatch(/<main id="main"[^>]*>\s*<section role="alert"[\s\S]*404 Page Not Found[\s\S]*<\/main>/);
    expect(page).toContain('aria-label="Sidebar"');
    expect(page).toMatch(/<a aria-current="page"[^>]*href="\/\?section=documents"/);
    expect(page).toContain("Pat Quinn");
    expect(page).not.toContain("Something went wrong");
  });

  it("signed out, the same 404 shows the message on its own", async () => {
    const page = await body(await get("/"));
    expect(page).toContain("404 Page Not Found");
    expect(page).not.toContain('aria-label="Sidebar"');
  });

  it("a page outside the shell keeps its own frame and a way back", async () => {
    const { client } = await registerClient("boundary-page");
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await get("/profile", cookie);
    expect(response.status).toBe(404);
    const page = await body(response);
    expect(page).toContain("404 Page Not Found");
    expect(page).toMatch(/<a [^>]*href="\/"[^>]*>.*Back<\/a>/s);
  });
});
