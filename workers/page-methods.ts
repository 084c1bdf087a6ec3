import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";

import { readSessionToken } from "#app/services/accounts/session.server.ts";
import type { HttpMethod } from "#app/services/http/api.server.ts";

import { routeTree, type RouteManifest } from "./session-reads.ts";

/** What a page (a route with a component or an error boundary) serves: reading, and its form posts when it has an action. */
const PAGE_READS: readonly HttpMethod[] = ["GET", "HEAD"];

/**
 * The methods the page this request reaches serves, or null when it is not a page (a resource route answers its own
 * 405s with `allowMethods`, and an unknown path is Remix's 404). Remix hands every non-GET method to a page's action,
 * so PUT, PATCH and DELETE would run it; a page's actions are form posts, and only POST reaches them.
 */
export function pageMethods(request: Request, build: Pick<ServerBuild, "routes" | "basename">): readonly HttpMethod[] | null {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith(".data") ? url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") : url.pathname;
  const leaf = matchRoutes(routeTree(build.routes as RouteManifest), pathname, build.basename)?.at(-1)?.route.route;
  if (!leaf || leaf.id === "root") return null;
  if (leaf.module.default == null && leaf.module.ErrorBoundary == null) return null;
  return leaf.module.action ? [...PAGE_READS, "POST"] : PAGE_READS;
}

/** A method the page does not serve: 405 with Allow, before Remix could run the page's action with it. */
export function refusedPageMethod(request: Request, build: Pick<ServerBuild, "routes" | "basename">): Response | null {
  const allowed = pageMethods(request, build);
  if (!allowed || allowed.includes(request.method.toUpperCase() as HttpMethod)) return null;
  const list = allowed.join(", ");
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Method not allowed — Breeze</title></head><body><main><h1>Method not allowed</h1><p>This page answers ${list.replace(/, (?=[^,]*$)/, " or ")}.</p><p><a href="/">Back to home</a></p></main></body></html>`;
  return new Response(html, {
    status: 405,
    headers: { Allow: list, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

/**
 * A signed-in page (a document or its single-fetch `.data`) shows the user's own leads, owners' names and phones: no
 * browser or shared cache may keep it.
 */
export function withPrivatePages(request: Request, response: Response): Response {
  if (!readSessionToken(request)) return response;
  const isData = new URL(request.url).pathname.endsWith(".data");
  const isDocument = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
  if (!isData && !isDocument) return response;
  const answer = new Response(response.body, response);
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
}
