import type { AppLoadContext, ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes } from "@remix-run/react";

import { startSessionReads, type DeclaredReads } from "#app/services/accounts/auth.server.ts";
import { readSessionToken, type SessionReadsDeclaration } from "#app/services/accounts/session.server.ts";

/** The server build's routes, flat and keyed by id (`build.routes`). */
export type RouteManifest = ServerBuild["routes"];
type ManifestRoute = RouteManifest[string];

/** A route as `matchRoutes` takes it: nested by `parentId`, as Remix's own (unexported) `createRoutes` makes them. */
type TreeRoute = { id: string; path?: string; caseSensitive?: boolean; route: ManifestRoute } & (
  { index: true; children?: undefined } | { index?: false; children: TreeRoute[] }
);

const trees = new WeakMap<RouteManifest, TreeRoute[]>();

export function routeTree(manifest: RouteManifest): TreeRoute[] {
  let tree = trees.get(manifest);
  if (!tree) {
    const byParent = new Map<string, ManifestRoute[]>();
    for (const route of Object.values(manifest)) byParent.set(route.parentId ?? "", [...(byParent.get(route.parentId ?? "") ?? []), route]);
    const childrenOf = (parentId: string): TreeRoute[] =>
      (byParent.get(parentId) ?? []).map((route) => {
        const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, route };
        return route.index ? { ...base, index: true as const } : { ...base, children: childrenOf(route.id) };
      });
    tree = childrenOf("");
    trees.set(manifest, tree);
  }
  return tree;
}

type Matches = ReturnType<typeof matchRoutes<TreeRoute>>;
const matchesByPath = new WeakMap<RouteManifest, Map<string, Matches>>();
/** Most paths a Worker keeps its matches for: beyond it, the paths of ids seen once would only grow the map. */
const KEPT_PATHS = 200;

/** The route matches of `pathname`, matched once per isolate: they depend on the manifest and the path alone. */
function matchesOf(manifest: RouteManifest, pathname: string, basename?: string): Matches {
  let known = matchesByPath.get(manifest);
  if (!known) matchesByPath.set(manifest, (known = new Map()));
  const key = `${basename ?? ""} ${pathname}`;
  if (known.has(key)) return known.get(key) ?? null;
  if (known.size >= KEPT_PATHS) known.clear();
  const matches = matchRoutes(routeTree(manifest), pathname, basename);
  known.set(key, matches);
  return matches;
}

/**
 * The routes whose loaders Remix runs for this request, as Remix 2.17's request handler picks them
 * (@remix-run/server-runtime server.js), each with the params and the request its loader gets:
 * - a single-fetch data request (`GET /path.data`, `/_root.data` for `/`): the matched routes `?_routes=` names, all
 *   without it, with the request's URL minus `.data`;
 * - a document GET or HEAD: every matched route, or for a resource route (no component, no error boundary) that
 *   route alone;
 * - anything else (an action, with a document POST's loaders after it): none — the loaders read after the action.
 */
export function loadingRoutes(request: Request, manifest: RouteManifest, basename?: string) {
  const url = new URL(request.url);
  const data = url.pathname.endsWith(".data");
  if (data ? request.method !== "GET" : request.method !== "GET" && request.method !== "HEAD") return [];
  if (data) url.pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const matches = matchesOf(manifest, url.pathname, basename) ?? [];
  const loaderRequest = data ? new Request(url, { headers: request.headers, signal: request.signal }) : request;
  const only = data ? url.searchParams.get("_routes")?.split(",") : undefined;
  const leaf = matches.at(-1)?.route.route;
  const resource = !data && leaf !== undefined && leaf.module.default == null && leaf.module.ErrorBoundary == null;
  return (resource ? matches.slice(-1) : matches)
    .filter((match) => !only || only.includes(match.route.id))
    .map((match) => ({ route: match.route.route, params: match.params, request: loaderRequest }));
}

/** The declaration a route's loader carries (`withSessionReads`), if any. */
function declarationOf(route: ManifestRoute): SessionReadsDeclaration<unknown> | null {
  const loader: unknown = route.module.loader;
  if (typeof loader !== "function" || !("sessionReads" in loader) || typeof loader.sessionReads !== "function") return null;
  return loader.sessionReads as SessionReadsDeclaration<unknown>;
}

/**
 * Before Remix runs a request's loaders: starts what they declared they read beside the session lookup and sends the
 * lookup with it, one D1 batch (docs/decisions/045-two-round-trip-budget.md). The loaders then only take
 * their outcome from the load context; none waits for another, and no send depends on when a loader starts.
 */
export function startDeclaredSessionReads(request: Request, context: AppLoadContext, manifest: RouteManifest, basename?: string) {
  // Signed out, nothing reads beside a session: no matching either.
  if (!readSessionToken(request)) return;
  const declared: DeclaredReads[] = [];
  for (const { route, params, request: loaderRequest } of loadingRoutes(request, manifest, basename)) {
    const declaration = declarationOf(route);
    if (declaration) declared.push({ declaration, args: { request: loaderRequest, params, context } });
  }
  startSessionReads(request, context, declared);
}
