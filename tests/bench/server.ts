/**
 * The benchmarks' server: builds, starts `wrangler dev` on a free port with a fresh, throw-away local state (migrations
 * applied), and always stops it again. Shared by bench:http, bench:auth and bench:lighthouse.
 */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { migrateLocalArgs, wranglerDevArgs } from "#tests/local-wrangler.ts";

const SERVER_START_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 5_000;

// What has to be undone on exit, however we get there (normal end, error, signal).
let serverPid: number | undefined;
let serverLog: string | undefined;
let stateDir: string | undefined;
let cleanupDone: Promise<void> | undefined;
// What a bench started besides the server (e.g. Chrome), stopped before the server.
const cleanupTasks: (() => Promise<void>)[] = [];

/** Has `cleanup` also run `task` (first, before the server stops), however the bench ends. */
export function alsoOnCleanup(task: () => Promise<void>): void {
  cleanupTasks.push(task);
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

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Starts `wrangler dev` in its own process group: npx, wrangler and workerd
 * form a tree of processes, and signalling the group is the only reliable way
 * to stop all of them (and keeps a terminal Ctrl-C from reaching them before
 * we have cleaned up in order).
 */
async function startServer(persistDir: string, port: number, vars: Record<string, string>): Promise<ChildProcess> {
  // A separate inspector port, so a concurrently running `npm run dev` does not clash.
  const inspectorPort = await findFreePort();
  serverLog = join(persistDir, "wrangler-dev.log");
  const logFd = openSync(serverLog, "a");
  try {
    const child = spawn(
      "npx",
      wranglerDevArgs({
        port,
        persistTo: persistDir,
        vars,
        flags: [
          "--inspector-port",
          String(inspectorPort),
          "--show-interactive-dev-session=false",
          // At the default level wrangler logs every request; that costs as much CPU as
          // a small route (measured: ~35% fewer req/s) and would dilute every ratio.
          "--log-level",
          "warn",
        ],
      }),
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
export function cleanup(): Promise<void> {
  cleanupDone ??= (async () => {
    for (const task of cleanupTasks) await task().catch((error: unknown) => console.error(`cleanup: ${errorMessage(error)}`));
    if (serverPid !== undefined) await stopProcessGroup(serverPid);
    if (stateDir !== undefined) rmSync(stateDir, { recursive: true, force: true });
  })();
  return cleanupDone;
}

export function installSignalHandlers(): void {
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

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Signs in through the app's own API and answers the session cookie (`name=value`), as a browser would hold it. */
export async function signIn(origin: string, login: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(login),
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("breeze_session="));
  if (!response.ok || !cookie) throw new Error(`signing in as ${login.email} failed: HTTP ${response.status}`);
  return cookie.split(";")[0];
}

export type BenchServer = { origin: string; persistDir: string; setupSeconds: number };

/**
 * Builds (unless asked not to), makes a fresh state (or uses and keeps `persistDir`), applies the migrations, runs
 * `setup`, starts the Worker and waits for `readyPath`.
 */
export async function startBenchServer(options: {
  build: boolean;
  setup?: string;
  readyPath: string;
  label: string;
  /** A state dir kept between runs (bench:market's seeded market); by default a fresh one, removed at the end. */
  persistDir?: string;
  /** Configuration of the bench's own (`wrangler dev --var`), e.g. usage limits its users never reach. */
  vars?: Record<string, string>;
}): Promise<BenchServer> {
  if (options.build) await run("npm", ["run", "build"]);

  // A fresh state dir per run unless one is given: results must not depend on leftover local data.
  let persistDir = options.persistDir;
  if (persistDir === undefined) {
    persistDir = mkdtempSync(join(tmpdir(), `${options.label}-`));
    stateDir = persistDir;
  } else {
    mkdirSync(persistDir, { recursive: true });
  }
  // CI=true keeps wrangler from asking for confirmation.
  await run("npx", migrateLocalArgs(persistDir), {
    env: { ...process.env, CI: "true" },
  });
  const setupStarted = performance.now();
  if (options.setup !== undefined) {
    await run(options.setup, [], { shell: true, env: { ...process.env, BENCH_PERSIST_DIR: persistDir } });
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer(persistDir, port, options.vars ?? {});
  console.error(`started wrangler dev on ${origin}, waiting for ${options.readyPath} (log: ${serverLog})`);
  await waitForServer(server, origin + options.readyPath);
  return { origin, persistDir, setupSeconds };
}

export function printServerLogTail() {
  if (serverLog !== undefined) console.error(`--- last lines of ${serverLog} ---\n${tailOfFile(serverLog)}`);
}

/**
 * A benchmark CLI's main: parse the options (2 and the usage on a bad one; the usage alone for --help, when
 * `parseOptions` answers null), run, print the server's log tail on failure, always stop the server, and exit
 * explicitly (load generators and child processes must not keep Node alive).
 */
export function runBenchCli<O>(
  name: string,
  usage: string,
  parseOptions: (argv: string[]) => O | null,
  bench: (options: O) => Promise<void>,
): void {
  async function main(argv: string[]): Promise<number> {
    let options: O | null;
    try {
      options = parseOptions(argv);
    } catch (error) {
      console.error(`${errorMessage(error)}\n\n${usage}`);
      return 2;
    }
    if (options === null) {
      console.log(usage);
      return 0;
    }
    installSignalHandlers();
    try {
      await bench(options);
      return 0;
    } catch (error) {
      console.error(`\n${name} failed: ${errorMessage(error)}`);
      printServerLogTail();
      return 1;
    } finally {
      await cleanup();
    }
  }
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}

/** A benchmark's table: first column left-aligned, the figures right-aligned. */
export function formatTable(header: string[], rows: string[][]): string {
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
