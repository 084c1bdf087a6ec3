// The import graph's check (tests/graph/import-graph.ts, `npm run lint:graph`; docs/decisions/071-house-layout.md): the real tree has
// no cycle and no wrong-way import, and a small made-up graph shows the check does report both.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

import { findCycles, findViolations, importsOf, readImportGraph, resolveSpecifier, type ImportGraph } from "#tests/graph/import-graph.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("the project's import graph", () => {
  const graph = readImportGraph(ROOT);

  it("reads the tree: app, db, workers and tests, aliases resolved", () => {
    expect(graph.files).toContain("app/root.tsx");
    expect(graph.files).toContain("workers/deal-analysis.ts");
    expect(graph.edges).toContainEqual({ from: "workers/deal-analysis.ts", to: "app/domain/deals/analysis-job.ts", typeOnly: true });
    expect(graph.edges.length).toBeGreaterThan(1000);
  });

  it("has no import cycle", () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it("has no import against the layers", () => {
    expect(findViolations(graph).map(({ edge, rule }) => `${edge.from} -> ${edge.to}: ${rule}`)).toEqual([]);
  });
});

describe("the check on a made-up graph", () => {
  const edge = (from: string, to: string, typeOnly = false) => ({ from, to, typeOnly });
  const graph: ImportGraph = {
    files: ["app/domain/a.ts", "app/domain/b.ts", "app/domain/c.ts", "app/services/s.server.ts", "app/components/c.tsx", "workers/w.ts"],
    edges: [
      edge("app/domain/a.ts", "app/domain/b.ts"),
      edge("app/domain/b.ts", "app/domain/c.ts"),
      edge("app/domain/c.ts", "app/domain/a.ts", true),
      edge("app/services/s.server.ts", "workers/w.ts", true),
      edge("app/components/c.tsx", "app/services/s.server.ts", true),
      edge("app/components/c.tsx", "app/domain/a.ts"),
      edge("workers/w.ts", "app/domain/a.ts"),
    ],
  };

  it("reports a cycle, type-only links included", () => {
    expect(findCycles(graph)).toEqual([["app/domain/a.ts", "app/domain/b.ts", "app/domain/c.ts"]]);
  });

  it("reports a wrong-way import, even a type-only one, and passes the right-way ones", () => {
    expect(findViolations(graph).map(({ edge }) => `${edge.from} -> ${edge.to}`)).toEqual(["app/services/s.server.ts -> workers/w.ts"]);
  });

  it("lets a component import a service's types but not its values", () => {
    const valueImport = { files: graph.files, edges: [edge("app/components/c.tsx", "app/services/s.server.ts")] };
    expect(findViolations(valueImport).map(({ rule }) => rule)).toEqual(["components import only types from services"]);
  });

  it("keeps db below app, except the CLIs in db/seed", () => {
    const dbGraph = {
      files: [],
      edges: [
        edge("db/market/m.ts", "app/domain/a.ts"),
        edge("db/seed/s.ts", "app/services/s.server.ts"),
        edge("db/import/i.ts", "db/seed/s.ts"),
      ],
    };
    expect(findViolations(dbGraph).map(({ edge }) => edge.from)).toEqual(["db/market/m.ts", "db/import/i.ts"]);
  });
});

describe("reading imports", () => {
  it("marks type-only imports and finds re-exports and dynamic imports", () => {
    const text = [
      'import type { A } from "./a.ts";',
      'import { type B, C } from "#app/domain/b.ts";',
      'import { type D } from "#db/enums.ts";',
      'export { E } from "./e.ts";',
      'const lazy = () => import("./f.tsx");',
    ].join("\n");
    expect(importsOf("app/components/x.tsx", text)).toEqual([
      { specifier: "./a.ts", typeOnly: true },
      { specifier: "#app/domain/b.ts", typeOnly: false },
      { specifier: "#db/enums.ts", typeOnly: true },
      { specifier: "./e.ts", typeOnly: false },
      { specifier: "./f.tsx", typeOnly: false },
    ]);
  });

  it("resolves aliases and relative paths to project files, and leaves packages out", () => {
    const known = new Set(["app/domain/leads/items.ts", "db/enums.ts"]);
    expect(resolveSpecifier("app/domain/leads/search.ts", "./items.ts", known)).toBe("app/domain/leads/items.ts");
    expect(resolveSpecifier("app/routes/x.tsx", "#db/enums.ts", known)).toBe("db/enums.ts");
    expect(resolveSpecifier("app/routes/x.tsx", "zod", known)).toBeNull();
  });
});
