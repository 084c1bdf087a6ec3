import * as root from "#app/root.tsx";

/** One entry of the route manifest: the id Remix gives the module and whether it exports a loader and an action. */
export type ManifestRoute = { id: string; module: Record<string, unknown>; hasLoader: boolean; hasAction: boolean };

// Every module Remix's flat-routes convention turns into a route: each file directly in app/routes is one route, its
// id "routes/" + the file name without its extension (vite.config.ts sets no ignoredRouteFiles). Vite reads the
// folder when the test is compiled, so a route file added tomorrow is in this list without anyone touching it.
const ROUTE_MODULES = import.meta.glob<Record<string, unknown>>("../../../app/routes/*.{ts,tsx}", { eager: true });

const ROUTE_FILE = /\/app\/routes\/(.+)\.tsx?$/;

/** The route manifest of the Remix build (root included), in a stable order. */
export function routeManifest(): ManifestRoute[] {
  const entries: ManifestRoute[] = [describe("root", root as Record<string, unknown>)];
  for (const [file, module] of Object.entries(ROUTE_MODULES)) {
    const name = ROUTE_FILE.exec(file)?.[1];
    if (!name) throw new Error(`not a route file: ${file}`);
    entries.push(describe(`routes/${name}`, module));
  }
  return entries.sort((a, b) => a.id.localeCompare(b.id));
}

function describe(id: string, module: Record<string, unknown>): ManifestRoute {
  return { id, module, hasLoader: typeof module.loader === "function", hasAction: typeof module.action === "function" };
}
