import type { ServerBuild } from "@remix-run/cloudflare";

import * as entryServer from "#app/entry.server.tsx";

/** `parent` nests a route as Remix's flat routes do (api.properties.batch under api.properties); else under root. */
export type TestRoute = { path?: string; index?: boolean; module: object; parent?: string };

/**
 * A Remix server build from real route modules (a child of "root" unless it names its parent), so a test can run
 * Remix's own request handler — its 405s, error boundaries and single-fetch encoding — without `remix vite:build`.
 */
export function routeBuild(modules: Record<string, TestRoute>): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  const manifestRoutes: ServerBuild["assets"]["routes"] = {};
  for (const [id, { path, index, module, parent }] of Object.entries(modules)) {
    const parentId = id === "root" ? undefined : (parent ?? "root");
    // Remix's type asks every module for a default component, but a resource route is one precisely by having none.
    routes[id] = { id, parentId, path, index, caseSensitive: undefined, module: module as ServerBuild["routes"][string]["module"] };
    manifestRoutes[id] = {
      id,
      parentId,
      path,
      index,
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
