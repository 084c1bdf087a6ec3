/**
 * First-load JavaScript per page, from the build's manifests, against the budgets in tests/bench/budgets.ts.
 *
 * What a browser loads first for a page: Remix's entry module and its imports, then for every matched route its
 * module and imports (Remix renders them as modulepreload links and imports them from the inline module script;
 * with lazy route discovery the route manifest is inlined, not a file), plus the lazy chunks the server render
 * preloads for that page (build/lazy-chunks.json, written by the build: the shell and its section). Each file is
 * counted once, gzip-compressed as a CDN would serve it.
 *
 * Usage: npm run bench:bundle [-- --no-build] [--verbose (each page's files)]. Exits 1 when a page is over its budget, or when a page's route or
 * lazy module is missing from the build (except pages a later issue brings, which are reported as such).
 */
import { execSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

import { PAGE_BUDGETS } from "./budgets.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const CLIENT = join(ROOT, "build/client");

type RemixManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

export type PageReport = { page: string; budgetKb: number; kb: number | null; files: string[]; note?: string };

function readRemixManifest(): RemixManifest {
  const dir = join(CLIENT, "assets");
  const file = readdirSync(dir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error("No Remix manifest in build/client/assets: did the build run?");
  const source = readFileSync(join(dir, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as RemixManifest;
}

function readLazyChunks(): Record<string, string[]> {
  return JSON.parse(readFileSync(join(ROOT, "build/lazy-chunks.json"), "utf8")) as Record<string, string[]>;
}

const gzipCache = new Map<string, number>();
function gzipBytes(url: string): number {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(CLIENT, url))).byteLength;
    gzipCache.set(url, size);
  }
  return size;
}

export function measurePages(): PageReport[] {
  const manifest = readRemixManifest();
  const lazyChunks = readLazyChunks();
  return PAGE_BUDGETS.map(({ page, routes, lazy = [], budgetKb, comingWith, withoutScripts }) => {
    const missingRoute = routes.find((id) => !manifest.routes[id]);
    if (missingRoute) {
      if (comingWith) return { page, budgetKb, kb: null, files: [], note: `not built yet (comes with ${comingWith})` };
      throw new Error(`${page}: route ${missingRoute} is not in the build`);
    }
    if (withoutScripts) return { page, budgetKb, kb: 0, files: [], note: "sent without scripts" };
    const missingLazy = lazy.find((source) => !lazyChunks[source]);
    if (missingLazy) throw new Error(`${page}: ${missingLazy} is not a lazy chunk of the build (build/lazy-chunks.json)`);
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of routes) for (const url of [manifest.routes[id].module, ...(manifest.routes[id].imports ?? [])]) files.add(url);
    for (const source of lazy) for (const url of lazyChunks[source]) files.add(url);
    const bytes = [...files].reduce((sum, url) => sum + gzipBytes(url), 0);
    return { page, budgetKb, kb: bytes / 1000, files: [...files] };
  });
}

function main() {
  const verbose = process.argv.includes("--verbose");
  if (!process.argv.includes("--no-build")) execSync("npm run build", { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  const reports = measurePages();
  const width = Math.max(...reports.map((report) => report.page.length));
  console.log(`${"page".padEnd(width)}  first-load JS (gzip)  budget   files`);
  let over = 0;
  for (const { page, kb, budgetKb, files, note } of reports) {
    if (kb === null) {
      console.log(`${page.padEnd(width)}  ${"—".padStart(9)}             ${`${budgetKb} kB`.padStart(6)}   ${note}`);
      continue;
    }
    const fails = kb > budgetKb;
    if (fails) over++;
    console.log(
      `${page.padEnd(width)}  ${`${kb.toFixed(1)} kB`.padStart(9)} ${fails ? "OVER BUDGET" : "ok         "} ${`${budgetKb} kB`.padStart(6)}   ${note ?? files.length}`,
    );
    if (verbose) {
      const sized = files.map((url) => [url, gzipBytes(url)] as const).sort((a, b) => b[1] - a[1]);
      for (const [url, bytes] of sized) console.log(`    ${(bytes / 1000).toFixed(1).padStart(6)} kB  ${url}`);
    }
  }
  if (over > 0) {
    console.error(`\n${over} page(s) over their first-load JavaScript budget (tests/bench/budgets.ts).`);
    process.exit(1);
  }
  console.log("\nEvery page is within its first-load JavaScript budget.");
}

main();
