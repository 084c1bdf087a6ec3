/**
 * Where a page's server time goes, without the HTTP server or the D1 binding's plumbing: runs the built Remix server
 * bundle in Node (with the `worker` condition, so React's renderer is the one workerd runs) over a copy of a local
 * state's database (node:sqlite behind a small D1 stand-in), and prints each path's wall and CPU time per request.
 * The CPU time is the app's own: routing, loaders, drizzle, serialization and rendering. Add `--cpu-prof` to the
 * Node flags for a profile (chrome://inspect or any .cpuprofile viewer).
 *
 *   npm run build && npm start          # or any state with the demo account (npm run db:seed)
 *   npm run bench:render -- [--persist-to DIR] [--iterations N] [--login EMAIL:PASSWORD] [--signed-out PATH]... [PATH...]
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { getPlatformProxy } from "wrangler";

import { getLoadContext } from "../../workers/load-context";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "persist-to": { type: "string", default: ".wrangler/state" },
    iterations: { type: "string", default: "50" },
    login: { type: "string", default: "demo@breeze.example:BreezeDemo2026" },
    "signed-out": { type: "string", multiple: true, default: ["/"] },
  },
});
const persistDir = path.resolve(values["persist-to"]);
const iterations = Number(values.iterations);
const signedInPaths =
  positionals.length > 0 ? positionals : ["/?section=crm", "/_root.data?section=crm", "/?section=lock-it-up", "/api/properties"];

type Bound = { sql: string; params: unknown[] };

/** D1 over node:sqlite on a copy of the state's database (the copy keeps the state untouched by what pages write). */
function localD1(persist: string): D1Database {
  const dir = path.join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`no D1 database under ${dir}: run the migrations and the seed first`);
  const copy = path.join(mkdtempSync(path.join(tmpdir(), "render-profile-")), "db.sqlite");
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(path.join(dir, file + suffix))) copyFileSync(path.join(dir, file + suffix), copy + suffix);
  }
  const sqlite = new DatabaseSync(copy);
  const cache = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = sqlite.prepare(sql)));
    return statement;
  };
  const rows = (bound: Bound, arrays: boolean) => {
    const statement = prepared(bound.sql);
    statement.setReturnArrays(arrays);
    return statement.all(...(bound.params as never[]));
  };
  const statement = (bound: Bound) => ({
    bound,
    bind: (...params: unknown[]) => statement({ sql: bound.sql, params }),
    all: async () => ({ results: rows(bound, false), success: true, meta: {} }),
    raw: async () => rows(bound, true),
    first: async (column?: string) => {
      const row = rows(bound, false)[0] as Record<string, unknown> | undefined;
      return column ? (row?.[column] ?? null) : (row ?? null);
    },
    run: async () => {
      const info = prepared(bound.sql).run(...(bound.params as never[]));
      return { results: [], success: true, meta: { changes: Number(info.changes), last_row_id: Number(info.lastInsertRowid) } };
    },
  });
  const db = {
    prepare: (sql: string) => statement({ sql, params: [] }),
    batch: async (list: { bound: Bound }[]) => list.map((item) => ({ results: rows(item.bound, false), success: true, meta: {} })),
    exec: async (sql: string) => {
      sqlite.exec(sql);
      return { count: 1, duration: 0 };
    },
  };
  return db as unknown as D1Database;
}

const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.dev.jsonc", persist: { path: path.join(persistDir, "v3") } });
const env = { ...proxy.env, DB: localD1(persistDir) };
const build = (await import(path.resolve("build/server/index.js"))) as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");
const ORIGIN = "http://127.0.0.1:5173";

function fetchApp(pathname: string, init: RequestInit = {}) {
  const request = new Request(`${ORIGIN}${pathname}`, init);
  return handle(request, getLoadContext({ request, context: { cloudflare: { env, ctx: proxy.ctx, cf: proxy.cf } } }));
}

async function signIn(login: string) {
  const colon = login.indexOf(":");
  const response = await fetchApp("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: login.slice(0, colon), password: login.slice(colon + 1) }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("breeze_session="));
  if (!cookie) throw new Error(`--login failed: HTTP ${response.status} ${await response.text()}`);
  return cookie.split(";")[0];
}

async function time(pathname: string, cookie?: string) {
  const headers = cookie ? { cookie } : undefined;
  let bytes = 0;
  for (let i = 0; i < 5; i += 1) await (await fetchApp(pathname, { headers })).arrayBuffer();
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) {
    const response = await fetchApp(pathname, { headers });
    bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${pathname}: HTTP ${response.status}`);
  }
  const used = process.cpuUsage(cpu);
  const wall = (performance.now() - started) / iterations;
  const cpuMs = (used.user + used.system) / 1000 / iterations;
  const label = `${pathname}${cookie ? "" : " (signed out)"}`;
  console.log(
    `${label.padEnd(40)} wall ${wall.toFixed(2).padStart(7)} ms  cpu ${cpuMs.toFixed(2).padStart(7)} ms  ${(bytes / 1024).toFixed(1).padStart(6)} KiB`,
  );
}

try {
  const cookie = await signIn(values.login);
  for (const pathname of values["signed-out"]) await time(pathname);
  for (const pathname of signedInPaths) await time(pathname, cookie);
} finally {
  await proxy.dispose();
}
