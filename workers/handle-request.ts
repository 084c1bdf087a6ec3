import type { AppLoadContext, ServerBuild } from "@remix-run/cloudflare";

import { withCookies } from "#app/services/accounts/session.server.ts";
import { MAX_UPLOAD_BYTES } from "#app/services/documents/uploads.server.ts";
import { apiError, bodyTooLarge, methodNotAllowed, plainMethodNotAllowed } from "#app/services/http/api.server.ts";
import { isCrossSiteRequest } from "#app/services/http/request.server.ts";
import { createNonce, withSecurityHeaders, type SecurityHeaderOptions } from "#app/services/http/security-headers.server.ts";

import { bookmarkCookie } from "./d1-bookmark.ts";
import { getLoadContext } from "./load-context.ts";
import { refusedPageMethod, withPrivatePages } from "./page-methods.ts";
import { startDeclaredSessionReads } from "./session-reads.ts";

/** Remix's request handler, or a stand-in in tests: the inner part of the Worker's fetch. */
export type InnerHandler = (request: Request, loadContext: AppLoadContext) => Promise<Response>;

/** What the Worker entry reads of the server build: its routes, to start what their loaders declare beside the session. */
export type RoutesOf = Pick<ServerBuild, "routes" | "basename">;

type Cf = Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;

/** The largest body any route accepts (an upload and its multipart envelope); anything declared larger is refused. */
const LARGEST_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/**
 * The Worker's fetch around the Remix handler: what every request and every response goes through, whatever route
 * answers — the CSRF check, the early size refusal, the 405 of routes without a handler for the method (and of a
 * page asked with a method its form posts never use, page-methods.ts), `private, no-store` on signed-in pages, a plain 500
 * for anything thrown, and the security headers on all of it. With `build` (the Worker's own, and the tests of whole
 * pages), the reads the request's loaders declare beside the session lookup go with it, in one D1 batch
 * (session-reads.ts); without, each loader reads as it runs.
 */
export function createFetchHandler(inner: InnerHandler, build?: RoutesOf) {
  return async function fetch(request: Request, env: Env, ctx: Cf): Promise<Response> {
    const nonce = createNonce();
    // The env schema defaults APP_ENV to production (docs/decisions/006-production-config-in-env-production.md), so a missing value gets HSTS too.
    const headerOptions: SecurityHeaderOptions = { nonce, production: (env.APP_ENV ?? "production") === "production" };
    let response: Response;
    try {
      const loadContext = getLoadContext({ request, context: { cloudflare: { env, ctx, cf: request.cf, caches }, cspNonce: nonce } });
      if (loadContext.config.MAPS === "google") headerOptions.imageOrigins = ["https://maps.googleapis.com"];
      const answered = await answer(request, loadContext, inner, build);
      // Cookies a service queued (a renewed session's) ride on whatever the route answered, and so does the D1
      // bookmark, read only now that every query of the request has run.
      const bookmark = bookmarkCookie(request, loadContext.d1Bookmark());
      response = withCookies(answered, bookmark ? [...loadContext.responseCookies, bookmark] : loadContext.responseCookies);
    } catch (error) {
      // Never a stack trace: the details go to the log, the client gets a short answer in its format.
      console.error(error);
      response = isApiPath(request) ? apiError(500, "Something went wrong. Please try again.") : serverErrorPage();
    }
    return withSecurityHeaders(response, headerOptions);
  };
}

async function answer(request: Request, loadContext: AppLoadContext, inner: InnerHandler, build?: RoutesOf): Promise<Response> {
  // CSRF: every state-changing request must come from our own pages.
  if (isCrossSiteRequest(request, [new URL(loadContext.config.APP_ORIGIN).origin])) {
    return apiError(403, "Cross-site request refused");
  }
  // The capped readers (api.server.ts) count what actually streams in; this only spares routing an honest giant.
  if (Number(request.headers.get("Content-Length") ?? "0") > LARGEST_BODY_BYTES) return bodyTooLarge(LARGEST_BODY_BYTES);
  if (build) {
    const refused = refusedPageMethod(request, build);
    if (refused) return refused;
    startDeclaredSessionReads(request, loadContext, build.routes, build.basename);
  }
  return withPrivatePages(request, explainMethodNotAllowed(request, await inner(request, loadContext)));
}

const isApiPath = (request: Request) => /^\/api(\/|$)/.test(new URL(request.url).pathname);

/**
 * Remix answers 405 by itself, without an Allow header, when the matched route has no action for a POST, PUT, PATCH
 * or DELETE (or for a method its router does not know): an HTML error page for pages, but a bare
 * `{"message":"Unexpected Server Error"}` for resource routes. Our own routes' 405s (methodNotAllowed) carry Allow
 * and pass untouched. Only reading is certain to be served there, hence Allow: GET, HEAD.
 */
function explainMethodNotAllowed(request: Request, response: Response): Response {
  if (response.status !== 405 || response.headers.has("Allow")) return response;
  const allowed = ["GET", "HEAD"] as const;
  const { pathname } = new URL(request.url);
  if (isApiPath(request)) return methodNotAllowed(allowed);
  const isPage = pathname.endsWith(".data") || (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (isPage) {
    // The page's own 405 view (root ErrorBoundary), or for a single-fetch `.data` request the encoded error the
    // browser's Remix renders into that view: keep the body, add what the status promises.
    const page = new Response(response.body, response);
    page.headers.set("Allow", allowed.join(", "));
    return page;
  }
  // A resource route outside /api (CSV exports, file downloads): a plain sentence, not a JSON error.
  return plainMethodNotAllowed(["GET"]);
}

function serverErrorPage(): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong — Breeze</title></head><body><main><h1>Something went wrong</h1><p>An unexpected error occurred. Please try again.</p><p><a href="/">Back to home</a></p></main></body></html>`;
  return new Response(html, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
