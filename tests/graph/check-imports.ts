/**
 * `npm run lint:graph`: fails (exit 1) on any import cycle or any import against the layer table of import-graph.ts
 * (docs/decisions/071-house-layout.md). Prints each problem on its own line.
 */
import { fileURLToPath } from "node:url";

import { findCycles, findViolations, readImportGraph } from "./import-graph.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const graph = readImportGraph(root);
const cycles = findCycles(graph);
const violations = findViolations(graph);

for (const cycle of cycles) console.log(`cycle: ${cycle.join(" <-> ")}`);
for (const { edge, rule } of violations) console.log(`wrong way: ${edge.from} -> ${edge.to}${edge.typeOnly ? " (type)" : ""}: ${rule}`);
console.log(
  `import graph: ${graph.files.length} files, ${graph.edges.length} imports, ${cycles.length} cycles, ${violations.length} wrong-way imports`,
);
if (cycles.length > 0 || violations.length > 0) process.exitCode = 1;
