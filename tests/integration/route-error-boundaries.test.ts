import { createRequestHandler, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { createFetchHandler } from "#workers/handle-request.ts";
import * as root from "#app/root.tsx";
import * as index from "#app/routes/_index.tsx";
import * as profile from "#app/routes/profile.tsx";

import { registerClient } from "./api-client.ts";
import { routeBuild } from "./remix-build.ts";

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

const build = routeBuild(MODULES);
const remix = createRequestHandler(build);
const worker = createFetchHandler((request: Request, context: AppLoadContext) => remix(request, context), build);
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
