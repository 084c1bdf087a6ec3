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
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Result } from "autocannon";

const USAGE = `Usage: npm run bench:http -- [options] <path...>

Builds the app, starts wrangler dev on a fresh local D1 and benchmarks each
path (e.g. / /api/health) against a baseline path.

Options:
  --connections N      concurrent connections (default 10)
  --duration S         seconds measured per path (default 10)
  --baseline PATH      baseline path (default /api/ping)
  --header "Name: v"   request header, repeatable (e.g. a session cookie)
  --setup CMD          shell command run after migrations, before the server
                       starts; BENCH_PERSIST_DIR is set to the state dir
  --no-build           skip \`npm run build\`
  --help               show this help`;

const SERVER_START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;
const WARMUP_SECONDS = 1;

interface Options {
  paths: string[];
  connections: number;
  duration: number;
  build: boolean;
  baseline: string;
  headers: Record<string, string>;
  setup: string | undefined;
}

interface Measurement {
  label: string;
  result: Result;
}

interface Measurements {
  baselineStart: Measurement;
  paths: Measurement[];
  baselineEnd: Measurement;
}

// What has to be undone on exit, however we get there (normal end, error, signal).
let serverPid: number | undefined;
let serverLog: string | undefined;
let stateDir: string | undefined;
let cleanupDone: Promise<void> | undefined;

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
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  if (positionals.length === 0) throw new Error("no paths given");

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
  };
}

function parsePositiveInt(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} needs a positive integer, got "${raw}"`);
  }
  return value;
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

/** Runs a command with inherited stdio; rejects unless it exits with 0. */
function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  const description = [command, ...args].join(" ");
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`\`${description}\` failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Asks the OS for a free port. Racy in theory, fine for a local benchmark. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port found"))));
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts `wrangler dev` in its own process group: npx, wrangler and workerd
 * form a tree of processes, and signalling the group is the only reliable way
 * to stop all of them (and keeps a terminal Ctrl-C from reaching them before
 * we have cleaned up in order).
 */
async function startServer(persistDir: string, port: number): Promise<ChildProcess> {
  // A separate inspector port, so a concurrently running `npm run dev` does not clash.
  const inspectorPort = await findFreePort();
  serverLog = join(persistDir, "wrangler-dev.log");
  const logFd = openSync(serverLog, "a");
  try {
    const child = spawn(
      "npx",
      [
        "wrangler", "dev",
        "--ip", "127.0.0.1",
        "--port", String(port),
        "--inspector-port", String(inspectorPort),
        "--persist-to", persistDir,
        "--show-interactive-dev-session=false",
        // At the default level wrangler logs every request; that costs as much CPU as
        // a small route (measured: ~35% fewer req/s) and would dilute every ratio.
        "--log-level", "warn",
      ],
      {
        detached: true,
        stdio: ["ignore", logFd, logFd],
        env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      },
    );
    if (child.pid === undefined) throw new Error("could not start `npx wrangler dev`");
    serverPid = child.pid;
    return child;
  } finally {
    closeSync(logFd); // the child holds its own copy of the descriptor
  }
}

/** Polls the baseline route until it answers 2xx; fails fast if wrangler dies. */
async function waitForServer(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  let lastProblem = "no answer";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`wrangler dev exited early (${child.signalCode ?? `exit code ${child.exitCode}`})`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = errorMessage(error);
    }
    await sleep(500);
  }
  throw new Error(`server did not answer ${url} within ${SERVER_START_TIMEOUT_MS / 1000} s (last: ${lastProblem})`);
}

/** Does `kill(-pid)` and reports whether the process group still existed. */
function signalGroup(pid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

async function stopProcessGroup(pid: number): Promise<void> {
  if (!signalGroup(pid, "SIGTERM")) return;
  const deadline = Date.now() + STOP_GRACE_MS;
  while (Date.now() < deadline) {
    await sleep(100);
    if (!signalGroup(pid, 0)) return;
  }
  signalGroup(pid, "SIGKILL");
}

/** Idempotent: may be reached from both a signal handler and the finally block. */
function cleanup(): Promise<void> {
  cleanupDone ??= (async () => {
    if (serverPid !== undefined) await stopProcessGroup(serverPid);
    if (stateDir !== undefined) rmSync(stateDir, { recursive: true, force: true });
  })();
  return cleanupDone;
}

function installSignalHandlers(): void {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    // `on`, not `once`: a second Ctrl-C must not kill us before the server is stopped.
    // npm and tsx forward the terminal's signal too, so it often arrives twice.
    process.on(signal, () => {
      if (cleanupDone === undefined) console.error(`\nReceived ${signal}, stopping the server...`);
      void cleanup().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
    });
  }
}

function tailOfFile(path: string, lines = 40): string {
  try {
    return readFileSync(path, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(log not readable)";
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function load(url: string, options: Options, duration: number): Promise<Result> {
  return autocannon({ url, connections: options.connections, duration, headers: options.headers });
}

async function measure(origin: string, path: string, label: string, options: Options): Promise<Measurement> {
  console.error(`measuring ${label} for ${options.duration} s...`);
  return { label, result: await load(origin + path, options, options.duration) };
}

/**
 * Measures baseline, paths, baseline again, one after the other so they do
 * not compete for CPU. Running the baseline twice shows drift (thermal
 * throttling, background load) over the whole run.
 */
async function measureAll(origin: string, options: Options): Promise<Measurements> {
  // Warm-up lets workerd compile the bundle and V8 optimise the hot paths
  // before anything is recorded.
  for (const path of [options.baseline, ...options.paths]) {
    await load(origin + path, options, WARMUP_SECONDS);
  }
  const baselineStart = await measure(origin, options.baseline, `${options.baseline} (baseline, start)`, options);
  const paths: Measurement[] = [];
  for (const path of options.paths) paths.push(await measure(origin, path, path, options));
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
  console.log(
    `cores: ${cpus().length}  connections: ${options.connections}  duration: ${options.duration} s per path`,
  );
  console.log(`ratios are relative to ${reference.label}, the faster baseline run (end/start req/s: ${drift})`);
  console.log("");
  console.log(formatTable(header, rows));
  console.log("");
  printWarnings(all);
}

async function bench(options: Options): Promise<void> {
  if (options.build) await run("npm", ["run", "build"]);

  // A fresh state dir per run: results must not depend on leftover local data.
  const persistDir = mkdtempSync(join(tmpdir(), "bench-http-"));
  stateDir = persistDir;
  // CI=true keeps wrangler from asking for confirmation.
  await run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], {
    env: { ...process.env, CI: "true" },
  });
  if (options.setup !== undefined) {
    await run(options.setup, [], { shell: true, env: { ...process.env, BENCH_PERSIST_DIR: persistDir } });
  }

  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(persistDir, port);
  console.error(`started wrangler dev on ${origin}, waiting for ${options.baseline} (log: ${serverLog})`);
  await waitForServer(server, origin + options.baseline);

  printReport(await measureAll(origin, options), options);
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
    if (serverLog !== undefined) console.error(`--- last lines of ${serverLog} ---\n${tailOfFile(serverLog)}`);
    return 1;
  } finally {
    await cleanup();
  }
}

// Explicit exit: autocannon and child-process handles must not keep us alive.
main(process.argv.slice(2)).then((code) => process.exit(code));
