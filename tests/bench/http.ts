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

import { cleanup, errorMessage, installSignalHandlers, printServerLogTail, signIn, startBenchServer } from "./server";

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
  --setup CMD          shell command run after migrations, before the server
                       starts; BENCH_PERSIST_DIR is set to the state dir
  --no-build           skip \`npm run build\`
  --help               show this help`;

const WARMUP_SECONDS = 1;

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
}

interface Measurement {
  label: string;
  result: Result;
  /** The same path measured for the empty account (--compare-empty). */
  empty?: Result;
}

interface Measurements {
  baselineStart: Measurement;
  paths: Measurement[];
  baselineEnd: Measurement;
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
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  if (positionals.length === 0) throw new Error("no paths given");
  if (values["compare-empty"] && !values.login) throw new Error("--compare-empty needs --login (the account with data)");

  for (const path of [values.baseline, ...positionals]) {
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

/** Signs up a fresh account with no data and answers its session cookie: the baseline of --compare-empty. */
async function signUpEmpty(origin: string): Promise<string> {
  const login = { email: `bench-empty-${Date.now()}@breeze.example`, password: "BenchEmpty2026!" };
  const response = await fetch(`${origin}/api/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...login, firstName: "Empty", lastName: "Account" }),
  });
  if (response.status !== 201) throw new Error(`--compare-empty: sign-up failed with HTTP ${response.status}`);
  return signIn(origin, login);
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

/** The path for the empty account first, then for the account with data, back to back so both see the same machine. */
async function measurePair(origin: string, path: string, options: Options, emptyCookie: string): Promise<Measurement> {
  const emptyHeaders = { ...options.headers, cookie: emptyCookie };
  console.error(`measuring ${path} (empty account) for ${options.duration} s...`);
  const empty = await load(origin + path, options, options.duration, emptyHeaders);
  const measured = await measure(origin, path, path, options);
  return { ...measured, empty };
}

/**
 * Measures baseline, paths, baseline again, one after the other so they do
 * not compete for CPU. Running the baseline twice shows drift (thermal
 * throttling, background load) over the whole run.
 */
async function measureAll(origin: string, options: Options, emptyCookie?: string): Promise<Measurements> {
  // Warm-up lets workerd compile the bundle and V8 optimise the hot paths
  // before anything is recorded.
  for (const path of [options.baseline, ...options.paths]) {
    await load(origin + path, options, WARMUP_SECONDS);
    if (emptyCookie) await load(origin + path, options, WARMUP_SECONDS, { ...options.headers, cookie: emptyCookie });
  }
  const baselineStart = await measure(origin, options.baseline, `${options.baseline} (baseline, start)`, options);
  const paths: Measurement[] = [];
  for (const path of options.paths) {
    paths.push(emptyCookie ? await measurePair(origin, path, options, emptyCookie) : await measure(origin, path, path, options));
  }
  const baselineEnd = await measure(origin, options.baseline, `${options.baseline} (baseline, end)`, options);
  return { baselineStart, paths, baselineEnd };
}

function ratio(value: number, reference: number): string {
  return reference > 0 ? (value / reference).toFixed(2) : "n/a";
}

/** First column left-aligned, the numbers right-aligned. */
function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => (row[column] ?? "").length)));
  return all
    .map((row) =>
      widths
        .map((width, column) => (column === 0 ? (row[column] ?? "").padEnd(width) : (row[column] ?? "").padStart(width)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
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
  if (options.login) {
    if (options.headers.cookie) throw new Error("--login and a Cookie --header cannot be combined");
    options.headers.cookie = await signIn(origin, options.login);
  }
  const emptyCookie = options.compareEmpty ? await signUpEmpty(origin) : undefined;
  printReport(await measureAll(origin, options, emptyCookie), options);
}

async function main(argv: string[]): Promise<number> {
  let options: Options | null;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error(`${errorMessage(error)}\n\n${USAGE}`);
    return 2;
  }
  if (options === null) {
    console.log(USAGE);
    return 0;
  }

  installSignalHandlers();
  try {
    await bench(options);
    return 0;
  } catch (error) {
    console.error(`\nbench:http failed: ${errorMessage(error)}`);
    printServerLogTail();
    return 1;
  } finally {
    await cleanup();
  }
}

// Explicit exit: autocannon and child-process handles must not keep us alive.
main(process.argv.slice(2)).then((code) => process.exit(code));
