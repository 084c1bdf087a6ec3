/**
 * HTTP benchmark for the built app running under `wrangler dev`.
 *
 * Builds the app, starts `wrangler dev` against a fresh, throw-away local D1
 * state, then measures each given path with autocannon next to a trivial
 * baseline route. Results are printed as ratios to the baseline, because
 * absolute numbers from a local workerd say little on their own; the ratio
 * shows what a route costs on top of the request plumbing.
 *
 * Usage: npm run bench:http -- [options] <path...>   (see USAGE in http-options.ts; the report is
 * printed by http-report.ts)
 */
import autocannon, { type Result } from "autocannon";

import { parseOptions, USAGE, type Accounts, type Alternated, type Measurement, type Measurements, type Options } from "./http-options.ts";
import { leadCount, printReport } from "./http-report.ts";
import { runBenchCli, signIn, startBenchServer } from "./server.ts";

const WARMUP_SECONDS = 1;

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
export async function smallAccount(origin: string, fromCookie: string, n: number): Promise<{ cookie: string; leads: number }> {
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

function load(url: string, options: Options, duration: number, headers = options.headers): Promise<Result> {
  return autocannon({ url, connections: options.connections, duration, headers });
}

export async function measure(origin: string, path: string, label: string, options: Options): Promise<Measurement> {
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

export async function bench(options: Options): Promise<void> {
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
