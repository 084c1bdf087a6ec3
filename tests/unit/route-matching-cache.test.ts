import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createMemoryHistory, createRouter, matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+1.23.3.patch keeps each routes array's ranked branches and the compiled path patterns
 * (ADR 097). The first block fails on an install without the patch: it observes the kept branches themselves, in both
 * builds the Worker bundles. The rest check that matching still answers as the router should, and that a routes tree
 * changed in place by lazy route discovery is matched afresh rather than from a stale cache.
 */
const require = createRequire(import.meta.url);
type MatchRoutes = typeof matchRoutes;
const builds: [string, MatchRoutes][] = [
  ["ESM", matchRoutes],
  ["CJS", (require("@remix-run/router") as { matchRoutes: MatchRoutes }).matchRoutes],
];

describe("the route-branch patch is applied", () => {
  it.each(builds)("the %s build matches a routes array from the branches it ranked on first use", (_build, match) => {
    // Only the patch keeps ranked branches: a route pushed into the same array without patchRoutes is not seen,
    // whereas an unpatched router flattens the array afresh and finds it.
    const routes: AgnosticRouteObject[] = [{ id: "first", path: "/first" }];
    expect(match(routes, "/later")).toBeNull();
    routes.push({ id: "later", path: "/later" });
    expect(match(routes, "/later")).toBeNull();
    expect(match([...routes], "/later")?.map((found) => found.route.id)).toEqual(["later"]);
  });

  it("both installed builds carry the patched functions", () => {
    for (const file of ["@remix-run/router/dist/router.js", "@remix-run/router/dist/router.cjs.js"]) {
      const source = readFileSync(require.resolve(file), "utf8");
      expect(source, file).toContain("function rankedBranches(routes)");
      expect(source, file).toContain("function compilePathUncached(path, caseSensitive, end)");
      expect(source, file).toContain("branchesVersion++;");
    }
  });
});
function ids(matches: ReturnType<typeof matchRoutes>): string[] {
  return (matches ?? []).map((match) => String(match.route.id));
}

describe("route matching with the kept branches", () => {
  const routes: AgnosticRouteObject[] = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "index", index: true },
        { id: "lead", path: "leads/:leadId" },
        { id: "workbench", path: "leads/workbench" },
        { id: "splat", path: "*" },
        { id: "optional", path: "docs/:lang?/guide" },
        { id: "Case", path: "Exact", caseSensitive: true },
      ],
    },
  ];

  it("ranks static over dynamic over splat, the same on every call", () => {
    for (let round = 0; round < 3; round++) {
      expect(ids(matchRoutes(routes, "/leads/workbench"))).toEqual(["root", "workbench"]);
      expect(ids(matchRoutes(routes, "/leads/42"))).toEqual(["root", "lead"]);
      expect(matchRoutes(routes, "/leads/42")?.[1].params).toEqual({ leadId: "42" });
      expect(ids(matchRoutes(routes, "/anything/else"))).toEqual(["root", "splat"]);
      expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "index"]);
    }
  });

  it("keeps a compiled pattern's own flags and optional segments apart", () => {
    expect(matchRoutes(routes, "/docs/guide")?.[1].params).toEqual({ lang: undefined });
    expect(matchRoutes(routes, "/docs/fr/guide")?.[1].params).toEqual({ lang: "fr" });
    expect(ids(matchRoutes(routes, "/Exact"))).toEqual(["root", "Case"]);
    // Case-sensitive: "/exact" is not "/Exact", so the splat takes it.
    expect(ids(matchRoutes(routes, "/exact"))).toEqual(["root", "splat"]);
  });

  it("matches routes patched in after a first match (lazy route discovery)", () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory(),
    });
    expect(matchRoutes(router.routes, "/deals/7")).toBeNull();
    router.patchRoutes("root", [{ id: "deal", path: "deals/:dealId" }]);
    expect(ids(matchRoutes(router.routes, "/deals/7"))).toEqual(["root", "deal"]);
    router.dispose();
  });

  it("finds a route that patchRoutesOnNavigation adds in place during a navigation", async () => {
    const router = createRouter({
      routes: [{ id: "root", path: "/", children: [{ id: "home", index: true }] }],
      history: createMemoryHistory(),
      patchRoutesOnNavigation: ({ path, patch }) => {
        if (path.startsWith("/offers")) patch("root", [{ id: "offer", path: "offers/:offerId", loader: () => "offer" }]);
      },
    }).initialize();
    await router.navigate("/");
    await router.navigate("/offers/9");
    expect(router.state.errors).toBeNull();
    expect(router.state.matches.map((match) => match.route.id)).toEqual(["root", "offer"]);
    router.dispose();
  });

  it("matches routes again after a new, separately built routes array", () => {
    const first: AgnosticRouteObject[] = [{ id: "a", path: "/a" }];
    const second: AgnosticRouteObject[] = [{ id: "b", path: "/a" }];
    expect(ids(matchRoutes(first, "/a"))).toEqual(["a"]);
    expect(ids(matchRoutes(second, "/a"))).toEqual(["b"]);
  });
});
