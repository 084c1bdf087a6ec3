/**
 * HTTP benchmark for the built app running under `wrangler dev`.
 *
 * Builds the app, starts `wrangler dev` against a fresh, throw-away local D1
 * state, then measures each given path with autocannon next to a trivial
 * baseline route. Results are printed as ratios to the baseline, because
 * absolute numbers from a local workerd say little on their own; the ratio
 * shows what a route costs on top of the request plumbing.
 *
 * Usage: npm run bench:http -- [options] <path...>   (see USAGE below)
 */
import { cpus } from "node:os";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";

import { formatTable, runBenchCli, signIn, startBenchServer } from "./server.ts";

const WARMUP_SECONDS = 1;

const USAGE = `Usage: npm run bench:http -- [options] <path...>

Builds the app, starts wrangler dev on a fresh local D1 and benchmarks each
path (e.g. / /api/health) against a baseline path.

Options:
  --connections N      concurrent connections (default 10)
  --duration S         seconds measured per path (default 10)
  --baseline PATH      baseline path (default /api/ping)
  --header "Name: v"   request header, repeatable (e.g. a session cookie)
  --login EMAIL:PASS   sign in once the server runs and send its session cookie
                       with every request (e.g. the seeded demo account)
  --compare-empty      also measure each path for a new account with no data
                       (signed up once the server runs) and report the
                       ratio of each path to its empty-account run
  --small-account N    also measure each path for a new account holding N
                       leads (copied from the --login account through the
                       API once the server runs)
  --landing PATH       also measure each path (for every account) against PATH
                       signed out (e.g. / : what any server-rendered page
                       costs): one client alternating landing and page, one
                       request at a time, for --duration seconds, so both see
                       the same machine; reports each p50 and their ratio
  --setup CMD          shell command run after migrations, before the server
                       starts; BENCH_PERSIST_DIR is set to the state dir
  --no-build           skip \`npm run build\`
  --help               show this help`;

interface Options {
  paths: string[];
  connections: number;
  duration: number;
  build: boolean;
  baseline: string;
  headers: Record<string, string>;
  setup: string | undefined;
  login: { email: string; password: string } | undefined;
  compareEmpty: boolean;
  smallAccount: number | undefined;
  landing: string | undefined;
}

interface Measurement {
  label: string;
  result: Result;
  /** The same path measured for the empty account (--compare-empty). */
  empty?: Result;
  /** The same path measured for the account with --small-account leads. */
  small?: Result;
  /** --landing: the path for each account, alternating with the signed-out landing. */
  vsLanding?: { account: string; alternated: Alternated }[];
}

/** Latencies (ms) of a page and of the landing, requested alternately by one client. */
interface Alternated {
  page: number[];
  landing: number[];
  failures: number;
}

interface Measurements {
  baselineStart: Measurement;
  paths: Measurement[];
  baselineEnd: Measurement;
}

/** The signed-in accounts besides --login's, with how many leads each holds (for the report's labels). */
interface Accounts {
  leads: number | undefined;
  empty?: string;
  small?: { cookie: string; leads: number };
}

/** Returns null for --help; throws on a bad command line. */
function parseOptions(argv: string[]): Options | null {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      connections: { type: "string", default: "10" },
      duration: { type: "string", default: "10" },
      baseline: { type: "string", default: "/api/ping" },
      header: { type: "string", multiple: true, default: [] },
      setup: { type: "string" },
      login: { type: "string" },
      "compare-empty": { type: "boolean", default: false },
      "small-account": { type: "string" },
      landing: { type: "string" },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  if (positionals.length === 0) throw new Error("no paths given");
  if (values["compare-empty"] && !values.login) throw new Error("--compare-empty needs --login (the account with data)");
  if (values["small-account"] !== undefined && !values.login)
    throw new Error("--small-account needs --login (the leads are copied from it)");

  for (const path of [values.baseline, ...(values.landing === undefined ? [] : [values.landing]), ...positionals]) {
    if (!path.startsWith("/")) throw new Error(`path must start with "/": ${path}`);
  }
  return {
    paths: positionals,
    connections: parsePositiveInt("--connections", values.connections),
    duration: parsePositiveInt("--duration", values.duration),
    build: !values["no-build"],
    baseline: values.baseline,
    headers: parseHeaders(values.header),
    setup: values.setup,
    login: parseLogin(values.login),
    compareEmpty: values["compare-empty"],
    smallAccount: values["small-account"] === undefined ? undefined : parsePositiveInt("--small-account", values["small-account"]),
    landing: values.landing,
  };
}

function parsePositiveInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} needs a positive integer, got "${raw}"`);
  }
  return value;
}

function parseLogin(raw: string | undefined) {
  if (raw === undefined) return undefined;
  const colon = raw.indexOf(":");
  if (colon <= 0) throw new Error(`--login needs "email:password", got "${raw}"`);
  return { email: raw.slice(0, colon), password: raw.slice(colon + 1) };
}

/** Signs up a fresh account with no data and answers its session cookie (the baseline of --compare-empty). */
async function signUp(origin: string, name: string): Promise<string> {
  const login = { email: `bench-${name}-${Date.now()}@breeze.example`, password: "BenchAccount2026!" };
  const response = await fetch(`${origin}/api/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...login, firstName: "Bench", lastName: "Account" }),
  });
  if (response.status !== 201) throw new Error(`sign-up of the ${name} account failed with HTTP ${response.status}`);
  return signIn(origin, login);
}

/** How many leads the account holds (GET /api/properties answers the total in X-Total-Count). */
async function countLeads(origin: string, cookie: string): Promise<number> {
  const response = await fetch(`${origin}/api/properties?limit=1`, { headers: { cookie } });
  await response.arrayBuffer();
  const total = Number(response.headers.get("X-Total-Count"));
  if (!response.ok || !Number.isInteger(total)) throw new Error(`GET /api/properties answered HTTP ${response.status} without a total`);
  return total;
}

/** --small-account: a new account holding the newest `n` leads of the --login account, added through POST /api/properties. */
async function smallAccount(origin: string, fromCookie: string, n: number): Promise<{ cookie: string; leads: number }> {
  const response = await fetch(`${origin}/api/properties?limit=${n}`, { headers: { cookie: fromCookie } });
  const leads = (await response.json()) as Record<string, unknown>[];
  if (!response.ok || leads.length < n) throw new Error(`--small-account ${n}: the --login account has only ${leads.length} leads`);
  const cookie = await signUp(origin, `${n}-leads`);
  for (const lead of leads) {
    // What a client sends on save: the lead's fields, without what the server sets.
    const fields = Object.fromEntries(
      Object.entries(lead).filter(([key, value]) => value !== null && !["id", "createdAt", "updatedAt"].includes(key)),
    );
    const created = await fetch(`${origin}/api/properties`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify(fields),
    });
    if (created.status !== 201)
      throw new Error(`--small-account: POST /api/properties answered ${created.status}: ${await created.text()}`);
  }
  return { cookie, leads: await countLeads(origin, cookie) };
}

function parseHeaders(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon <= 0 || name === "") throw new Error(`--header needs "Name: value", got "${line}"`);
    // Silently letting one value win would hide a mistake (e.g. two cookies).
    if (name in headers) throw new Error(`--header ${name} given twice; combine the values`);
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

function load(url: string, options: Options, duration: number, headers = options.headers): Promise<Result> {
  return autocannon({ url, connections: options.connections, duration, headers });
}

async function measure(origin: string, path: string, label: string, options: Options): Promise<Measurement> {
  console.error(`measuring ${label} for ${options.duration} s...`);
  return { label, result: await load(origin + path, options, options.duration) };
}

/** The path for the empty account, the small one, then the account with data, back to back so all see the same machine. */
async function measurePath(origin: string, path: string, options: Options, accounts: Accounts): Promise<Measurement> {
  const measurement: Partial<Measurement> = {};
  if (accounts.empty) {
    console.error(`measuring ${path} (empty account) for ${options.duration} s...`);
    measurement.empty = await load(origin + path, options, options.duration, { ...options.headers, cookie: accounts.empty });
  }
  if (accounts.small) {
    console.error(`measuring ${path} (${accounts.small.leads} leads) for ${options.duration} s...`);
    measurement.small = await load(origin + path, options, options.duration, { ...options.headers, cookie: accounts.small.cookie });
  }
  return { ...measurement, ...(await measure(origin, path, path, options)) };
}

/** One request's latency in ms, body included; null when it did not answer 2xx. */
async function timeRequest(url: string, headers: Record<string, string>): Promise<number | null> {
  const started = performance.now();
  const response = await fetch(url, { headers, redirect: "manual" });
  await response.arrayBuffer();
  return response.ok ? performance.now() - started : null;
}

/**
 * --landing: the path for each account against the signed-out landing, requested alternately by one client for
 * --duration seconds. Load from elsewhere on the machine then hits both alike, which a run of each does not.
 */
async function againstLanding(origin: string, path: string, options: Options, accounts: Accounts) {
  const variants = [
    ...(accounts.empty ? [{ account: leadCount(0), cookie: accounts.empty }] : []),
    ...(accounts.small ? [{ account: leadCount(accounts.small.leads), cookie: accounts.small.cookie }] : []),
    { account: leadCount(accounts.leads), cookie: options.headers.cookie },
  ];
  const measured = [];
  for (const { account, cookie } of variants) {
    console.error(`measuring ${path} (${account}) alternating with ${options.landing} for ${options.duration} s...`);
    const alternated: Alternated = { page: [], landing: [], failures: 0 };
    const headers = { ...options.headers, ...(cookie ? { cookie } : {}) };
    const deadline = performance.now() + options.duration * 1000;
    while (performance.now() < deadline) {
      const landing = await timeRequest(origin + options.landing, signedOut(options));
      const page = await timeRequest(origin + path, headers);
      if (landing === null || page === null) alternated.failures += 1;
      else {
        alternated.landing.push(landing);
        alternated.page.push(page);
      }
    }
    measured.push({ account, alternated });
  }
  return measured;
}

/** The headers of a signed-out visitor: the given ones without any cookie. */
function signedOut(options: Options): Record<string, string> {
  return Object.fromEntries(Object.entries(options.headers).filter(([name]) => name !== "cookie"));
}

/**
 * Measures baseline, paths, baseline again, then each path against the landing, one after the other so they do
 * not compete for CPU. Running the baseline twice shows drift (thermal
 * throttling, background load) over the whole run.
 */
async function measureAll(origin: string, options: Options, accounts: Accounts): Promise<Measurements> {
  // Warm-up lets workerd compile the bundle and V8 optimise the hot paths
  // before anything is recorded.
  const cookies = [accounts.empty, accounts.small?.cookie].filter((cookie): cookie is string => cookie !== undefined);
  await load(origin + options.baseline, options, WARMUP_SECONDS);
  if (options.landing) await load(origin + options.landing, options, WARMUP_SECONDS, signedOut(options));
  for (const path of options.paths) {
    await load(origin + path, options, WARMUP_SECONDS);
    for (const cookie of cookies) await load(origin + path, options, WARMUP_SECONDS, { ...options.headers, cookie });
  }
  const baselineStart = await measure(origin, options.baseline, `${options.baseline} (baseline, start)`, options);
  const paths: Measurement[] = [];
  for (const path of options.paths) paths.push(await measurePath(origin, path, options, accounts));
  const baselineEnd = await measure(origin, options.baseline, `${options.baseline} (baseline, end)`, options);
  if (options.landing) {
    for (const measurement of paths) measurement.vsLanding = await againstLanding(origin, measurement.label, options, accounts);
  }
  return { baselineStart, paths, baselineEnd };
}

function ratio(value: number, reference: number): string {
  return reference > 0 ? (value / reference).toFixed(2) : "n/a";
}

function printWarnings(measurements: Measurement[]): void {
  for (const { label, result } of measurements) {
    if (result.non2xx === 0 && result.errors === 0) continue;
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, stats]) => `${code} x${stats.count ?? 0}`)
      .join(", ");
    // A redirect is cheap to serve, so a page that bounces to /login looks fast: say so.
    const redirectNote =
      result["3xx"] > 0 ? " 3xx redirects count as non-2xx (a login redirect? pass a session cookie with --header)." : "";
    console.log(
      `WARNING ${label}: ${result.non2xx} non-2xx responses${codes ? ` (${codes})` : ""}, ` +
        `${result.errors} errors (${result.timeouts} timeouts); the table includes them.${redirectNote}`,
    );
  }
}

function printReport(measurements: Measurements, options: Options): void {
  const first = measurements.baselineStart;
  const last = measurements.baselineEnd;
  const all = [first, ...measurements.paths, last];
  // The faster of the two baseline runs is the reference: the slower one most
  // likely caught some noise, and picking it would flatter every ratio.
  const reference = last.result.requests.mean > first.result.requests.mean ? last : first;
  const base = reference.result;

  const header = ["path", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "rps/base", "p50/base", "p99/base"];
  const rows = all.map(({ label, result }) => [
    label,
    result.requests.mean.toFixed(1),
    result.latency.p50.toFixed(2),
    result.latency.p99.toFixed(2),
    String(result.non2xx),
    String(result.errors),
    ratio(result.requests.mean, base.requests.mean),
    ratio(result.latency.p50, base.latency.p50),
    ratio(result.latency.p99, base.latency.p99),
  ]);
  const drift = ratio(last.result.requests.mean, first.result.requests.mean);

  console.log("");
  console.log(`cores: ${cpus().length}  connections: ${options.connections}  duration: ${options.duration} s per path`);
  console.log(`ratios are relative to ${reference.label}, the faster baseline run (end/start req/s: ${drift})`);
  console.log("");
  console.log(formatTable(header, rows));
  console.log("");
  printWarnings(all);
  const pairs = measurements.paths.filter((m) => m.empty);
  if (pairs.length > 0) printEmptyComparison(pairs);
  if (options.landing) printLandingComparison(options.landing, measurements.paths);
}

const leadCount = (n: number | undefined) => (n === undefined ? "signed in" : `${n.toLocaleString("en-US")} leads`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** --landing: every page's p50 as a multiple of the signed-out landing page's, requested alternately. */
function printLandingComparison(landingPath: string, paths: Measurement[]): void {
  const rows: string[][] = [];
  const failed: string[] = [];
  for (const { label, vsLanding } of paths) {
    for (const { account, alternated } of vsLanding ?? []) {
      const page = median(alternated.page);
      const landing = median(alternated.landing);
      rows.push([label, account, String(alternated.page.length), page.toFixed(2), landing.toFixed(2), ratio(page, landing)]);
      if (alternated.failures > 0) failed.push(`WARNING ${label} (${account}): ${alternated.failures} pairs left out (a non-2xx answer)`);
    }
  }
  console.log("");
  console.log(`each page's p50 against the signed-out ${landingPath}, one client requesting them alternately:`);
  console.log("");
  console.log(formatTable(["path", "account", "pairs", "p50 ms", "landing p50", "p50/landing"], rows));
  for (const line of failed) console.log(line);
}

/** --compare-empty: each path for the account with data against the same path for an account with none. */
function printEmptyComparison(pairs: Measurement[]): void {
  const header = ["path", "empty req/s", "empty p50", "empty p99", "req/s", "p50 ms", "p99 ms", "p50/empty", "p99/empty"];
  const rows = pairs.map(({ label, result, empty }) => {
    const base = empty as Result;
    return [
      label,
      base.requests.mean.toFixed(1),
      base.latency.p50.toFixed(2),
      base.latency.p99.toFixed(2),
      result.requests.mean.toFixed(1),
      result.latency.p50.toFixed(2),
      result.latency.p99.toFixed(2),
      ratio(result.latency.p50, base.latency.p50),
      ratio(result.latency.p99, base.latency.p99),
    ];
  });
  console.log("");
  console.log("each path for the signed-in account against the same path for a new, empty account:");
  console.log("");
  console.log(formatTable(header, rows));
  printWarnings(pairs.map(({ label, empty }) => ({ label: `${label} (empty account)`, result: empty as Result })));
}

async function bench(options: Options): Promise<void> {
  const { origin } = await startBenchServer({
    build: options.build,
    setup: options.setup,
    readyPath: options.baseline,
    label: "bench-http",
  });
  const accounts: Accounts = { leads: undefined };
  if (options.login) {
    if (options.headers.cookie) throw new Error("--login and a Cookie --header cannot be combined");
    options.headers.cookie = await signIn(origin, options.login);
    accounts.leads = await countLeads(origin, options.headers.cookie);
  }
  if (options.compareEmpty) accounts.empty = await signUp(origin, "empty");
  if (options.smallAccount !== undefined) accounts.small = await smallAccount(origin, options.headers.cookie ?? "", options.smallAccount);
  printReport(await measureAll(origin, options, accounts), options);
}

runBenchCli("bench:http", USAGE, parseOptions, bench);
