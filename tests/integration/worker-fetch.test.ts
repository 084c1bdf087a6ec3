import { createRequestHandler, type AppLoadContext } from "@remix-run/cloudflare";
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

import { createFetchHandler, type InnerHandler } from "#workers/handle-request.ts";
import * as root from "#app/root.tsx";
import * as apiAuthMe from "#app/routes/api.auth.me.ts";
import * as apiDocuments from "#app/routes/api.documents.ts";
import * as apiPing from "#app/routes/api.ping.ts";
import * as apiPropertiesId from "#app/routes/api.properties.$id.ts";
import * as dashboardExport from "#app/routes/dashboard.export[.csv].ts";
import * as documentDownload from "#app/routes/documents.$id.download.ts";
import * as faq from "#app/routes/faq.tsx";
import * as termsOfUse from "#app/routes/terms-of-use.tsx";

import { routeBuild } from "./remix-build.ts";

const ORIGIN = "http://127.0.0.1:8787";
const ctx = () => createExecutionContext();

/** The fetch the Worker exports, around a stand-in for Remix; `vars` override configuration. */
function workerWith(inner: InnerHandler, vars: Record<string, string> = {}) {
  const fetch = createFetchHandler(inner);
  return (path: string, init: RequestInit = {}) =>
    fetch(new Request(`${ORIGIN}${path}`, init), { ...env, APP_ORIGIN: ORIGIN, ...vars } as Env, ctx());
}

/** What Remix answers for each kind of response, the page one carrying the nonce it was given. */
const fakeRemix: InnerHandler = async (request, context) => {
  const { pathname } = new URL(request.url);
  switch (pathname) {
    case "/page":
      return new Response(`<!DOCTYPE html><script nonce="${context.cspNonce}">1</script>`, {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    case "/page.data":
      return new Response('[{"_1":2},"root"]', { headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" } });
    case "/api/thing":
      return Response.json({ ok: true });
    case "/redirect":
      return new Response(null, { status: 302, headers: { Location: "/login" } });
    case "/served-file":
      return new Response("%PDF-", {
        headers: { "Content-Security-Policy": "default-src 'none'; sandbox", "Content-Type": "application/pdf" },
      });
    case "/reset-password":
      return new Response("<!DOCTYPE html>", { headers: { "Content-Type": "text/html", "Referrer-Policy": "same-origin" } });
    case "/throws":
    case "/api/throws":
      throw new Error("a bug with a stack trace");
    default:
      return new Response("Not found", { status: 404 });
  }
};

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

function expectSecurityHeaders(response: Response) {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  const directives = Object.fromEntries(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(" ")]),
  );
  expect(directives["default-src"]).toBe("'self'");
  expect(directives["script-src"]).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'$/);
  expect(directives["style-src"]).toBe(`'self' 'nonce-${nonceOf(csp)}'`);
  expect(directives["style-src-attr"]).toBe("'unsafe-inline'");
  expect(directives["img-src"]).toBe("'self' data:");
  expect(directives["object-src"]).toBe("'none'");
  expect(directives["base-uri"]).toBe("'none'");
  expect(directives["form-action"]).toBe("'self'");
  expect(directives["frame-ancestors"]).toBe("'none'");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
}

describe("the Worker entry puts the security headers on every response", () => {
  const fetch = workerWith(fakeRemix);

  it.each([
    ["an HTML page", "/page", 200],
    ["a single-fetch .data answer", "/page.data", 200],
    ["a JSON /api answer", "/api/thing", 200],
    ["a redirect", "/redirect", 302],
    ["a 404", "/nowhere", 404],
    ["a page whose loader threw", "/throws", 500],
    ["an /api route that threw", "/api/throws", 500],
  ])("%s carries the CSP, nosniff, the referrer policy and no HSTS outside production", async (_kind, path, status) => {
    const response = await fetch(path);
    expect(response.status).toBe(status);
    expectSecurityHeaders(response);
    expect(response.headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("puts the header's nonce on the page's inline scripts, a fresh one for every request", async () => {
    const first = await fetch("/page");
    const nonce = nonceOf(first.headers.get("Content-Security-Policy"));
    expect(await first.text()).toContain(`<script nonce="${nonce}">`);
    const second = await fetch("/page");
    expect(nonceOf(second.headers.get("Content-Security-Policy"))).not.toBe(nonce);
  });

  it("answers a thrown error with a short message, never the stack", async () => {
    const api = await fetch("/api/throws");
    expect(await api.json()).toEqual({ success: false, message: "Something went wrong. Please try again." });
    const page = await (await fetch("/throws")).text();
    expect(page).toContain("Something went wrong");
    expect(page).not.toContain("stack trace");
  });

  it("keeps a served file's sandboxing CSP and the reset page's same-origin referrer policy", async () => {
    const file = await fetch("/served-file");
    expect(file.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const reset = await fetch("/reset-password");
    expect(reset.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(reset.headers.get("Content-Security-Policy")).toContain("'nonce-");
  });

  it("refuses a cross-site POST with 403, headers included", async () => {
    const response = await fetch("/api/thing", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ success: false, message: "Cross-site request refused" });
    expectSecurityHeaders(response);
  });

  it("refuses a body declared larger than any route accepts before routing it", async () => {
    const response = await fetch("/api/thing", { method: "POST", headers: { "Content-Length": String(64 * 1024 * 1024) }, body: "{}" });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
  });

  it("adds HSTS in production only, and the Street View host to img-src only with the Google maps provider", async () => {
    const production = workerWith(fakeRemix, { APP_ENV: "production", APP_ORIGIN: "https://breeze.example" });
    const response = await production("/page");
    expect(response.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    const maps = workerWith(fakeRemix, { MAPS: "google", GOOGLE_MAPS_API_KEY: "test-key" });
    expect((await maps("/page")).headers.get("Content-Security-Policy")).toContain("img-src 'self' data: https://maps.googleapis.com;");
  });
});

// A Remix server build made from the real route modules, so the router decides exactly as in the Worker.
const MODULES = {
  root: { path: "", module: root },
  "routes/terms-of-use": { path: "terms-of-use", module: termsOfUse },
  "routes/faq": { path: "faq", module: faq },
  "routes/api.ping": { path: "api/ping", module: apiPing },
  "routes/api.documents": { path: "api/documents", module: apiDocuments },
  "routes/api.auth.me": { path: "api/auth/me", module: apiAuthMe },
  "routes/api.properties.$id": { path: "api/properties/:id", module: apiPropertiesId },
  "routes/dashboard.export[.csv]": { path: "dashboard/export.csv", module: dashboardExport },
  "routes/documents.$id.download": { path: "documents/:id/download", module: documentDownload },
};

describe("a method a route has no handler for answers 405, not an unexpected server error", () => {
  const remix = createRequestHandler(routeBuild(MODULES));
  const fetch = workerWith((request: Request, context: AppLoadContext) => remix(request, context));

  it.each(["POST", "PUT", "DELETE"])("%s to loader-only /api routes answers the JSON failure with Allow", async (method) => {
    for (const path of ["/api/ping", "/api/documents"]) {
      const response = await fetch(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await response.json()).toEqual({ success: false, message: "Method not allowed. Use GET or HEAD." });
      expectSecurityHeaders(response);
    }
  });

  it("an /api route's own 405 passes through unchanged", async () => {
    const me = await fetch("/api/auth/me", { method: "POST" });
    expect(me.status).toBe(405);
    expect(me.headers.get("Allow")).toBe("GET, HEAD");
    expect(((await me.json()) as { message: string }).message).toMatch(/^Method not allowed/);
  });

  it.each(["POST", "PUT", "DELETE"])("%s to a page without an action answers the 405 page", async (method) => {
    for (const path of ["/terms-of-use", "/faq"]) {
      const response = await fetch(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      // What the visitor reads (the hydration data after it is Remix's own business).
      const main = /<main[\s\S]*?<\/main>/.exec(await response.text())?.[0] ?? "";
      expect(main).toContain("Method not allowed");
      expect(main).not.toContain("Something went wrong");
      expectSecurityHeaders(response);
    }
  });

  it("a single-fetch POST to a page without an action keeps Remix's encoding and gains Allow", async () => {
    const response = await fetch("/terms-of-use.data", { method: "POST" });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(response.headers.get("Content-Type")).toBe("text/x-script");
  });

  it("a POST to a download or export route answers a plain 405 sentence", async () => {
    for (const path of ["/dashboard/export.csv", "/documents/00000000-0000-4000-8000-000000000000/download"]) {
      const response = await fetch(path, { method: "POST" });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, HEAD");
      expect(await response.text()).toBe("Method not allowed. Use GET or HEAD.\n");
    }
  });
});
