/**
 * Where a page's server time goes, without the HTTP server or the D1 binding's plumbing: runs the built Remix server
 * bundle in Node (with the `worker` condition, so React's renderer is the one workerd runs) over a copy of a local
 * state's database (node:sqlite behind a small D1 stand-in), and prints each path's wall and CPU time per request
 * (the mean over --iterations rounds that request every path once) and its CPU time as a multiple of the first
 * signed-out path's (the landing). The CPU time is the app's own: routing, loaders, drizzle, serialization and rendering. Add `--cpu-prof` to the
 * Node flags for a profile (chrome://inspect or any .cpuprofile viewer).
 *
 *   npm run build && npm start          # or any state with the demo account (npm run db:seed)
 *   npm run bench:render -- [--persist-to DIR] [--iterations N] [--login EMAIL:PASSWORD] [--small-account N] [--signed-out PATH]... [PATH...]
 *
 * `--small-account N` (default 12, 0 for none) also times each signed-in path for a new account holding the newest N
 * leads of the --login account (copied through the app's own API, into the copy), as bench:crm does.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { getPlatformProxy } from "wrangler";

import { getLoadContext } from "#workers/load-context.ts";
import { startDeclaredSessionReads } from "#workers/session-reads.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "persist-to": { type: "string", default: ".wrangler/state" },
    iterations: { type: "string", default: "50" },
    login: { type: "string", default: "demo@breeze.example:BreezeDemo2026" },
    "signed-out": { type: "string", multiple: true, default: ["/"] },
    "small-account": { type: "string", default: "12" },
  },
});
const persistDir = path.resolve(values["persist-to"]);
const iterations = Number(values.iterations);
const smallAccountLeads = Number(values["small-account"]);
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
  // The Worker reads through one D1 Session per request (db/d1-session.ts); here a session is the database itself.
  return { ...db, withSession: () => ({ ...db, getBookmark: () => null }) } as unknown as D1Database;
}

const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.dev.jsonc", persist: { path: path.join(persistDir, "v3") } });
const env = { ...proxy.env, DB: localD1(persistDir) };
const build = (await import(path.resolve("build/server/index.js"))) as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");
const ORIGIN = "http://127.0.0.1:5173";

function fetchApp(pathname: string, init: RequestInit = {}) {
  const request = new Request(`${ORIGIN}${pathname}`, init);
  const context = getLoadContext({ request, context: { cloudflare: { env, ctx: proxy.ctx, cf: proxy.cf } } });
  // As the Worker entry does: the reads the loaders declare go with the session lookup (ADR 045).
  startDeclaredSessionReads(request, context, build.routes, build.basename);
  return handle(request, context);
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

/** A new account holding the newest `n` leads of the signed-in one, added through POST /api/properties; its cookie. */
async function smallAccount(fromCookie: string, n: number) {
  const listed = await fetchApp(`/api/properties?limit=${n}`, { headers: { cookie: fromCookie } });
  const leads = (await listed.json()) as Record<string, unknown>[];
  const login = { email: `render-${n}-leads@breeze.example`, password: "BenchAccount2026!" };
  const created = await fetchApp("/api/signup", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...login, firstName: "Bench", lastName: "Account" }),
  });
  if (created.status !== 201) throw new Error(`--small-account: sign-up answered HTTP ${created.status}`);
  const cookie = await signIn(`${login.email}:${login.password}`);
  for (const lead of leads) {
    const fields = Object.fromEntries(
      Object.entries(lead).filter(([key, value]) => value !== null && !["id", "createdAt", "updatedAt"].includes(key)),
    );
    const saved = await fetchApp("/api/properties", {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify(fields),
    });
    if (saved.status !== 201) throw new Error(`--small-account: POST /api/properties answered ${saved.status}: ${await saved.text()}`);
  }
  return cookie;
}

type Case = { label: string; pathname: string; headers?: Record<string, string>; wall: number[]; cpu: number[]; bytes: number };

async function once(page: Case, record: boolean) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const response = await fetchApp(page.pathname, { headers: page.headers });
  page.bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${page.label}: HTTP ${response.status}`);
  if (!record) return;
  page.wall.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  page.cpu.push((used.user + used.system) / 1000);
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Every page once per round, round after round (5 unrecorded to warm up): load from elsewhere on the machine then
 * slows all pages alike, and the ratio to the first signed-out page (the landing) holds within one run.
 */
async function measure(pages: Case[]) {
  for (let round = 0; round < 5 + iterations; round += 1) for (const page of pages) await once(page, round >= 5);
  const reference = mean(pages[0].cpu);
  for (const page of pages) {
    const cpu = mean(page.cpu);
    console.log(
      `${page.label.padEnd(46)} wall ${mean(page.wall).toFixed(2).padStart(7)} ms  cpu ${cpu.toFixed(2).padStart(7)} ms  ` +
        `${(cpu / reference).toFixed(2).padStart(5)}× ${pages[0].label}  ${(page.bytes / 1024).toFixed(1).padStart(6)} KiB`,
    );
  }
}

try {
  const cookie = await signIn(values.login);
  const small = smallAccountLeads > 0 ? await smallAccount(cookie, smallAccountLeads) : undefined;
  const page = (label: string, pathname: string, headers?: Record<string, string>): Case => ({
    label,
    pathname,
    headers,
    wall: [],
    cpu: [],
    bytes: 0,
  });
  const pages = values["signed-out"].map((pathname) => page(`${pathname} (signed out)`, pathname));
  for (const pathname of signedInPaths) {
    if (small) pages.push(page(`${pathname} (${smallAccountLeads} leads)`, pathname, { cookie: small }));
    pages.push(page(pathname, pathname, { cookie }));
  }
  await measure(pages);
} finally {
  await proxy.dispose();
}
