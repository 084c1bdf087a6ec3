/**
 * `npm run bench:valuation:latency`: POST /api/properties/calculate-arv over a local market of about a million sales,
 * measured through HTTP against the built Worker under `wrangler dev` (its own D1 in workerd), with /api/ping as the
 * baseline in the same run (and /api/auth/me: what the session lookup alone costs).
 *
 * Seeds (once) a market of --properties (default 556,500: the generator makes ~1.8 sales a property, so ~1,000,000
 * sales) into a state dir kept between runs (`db:seed --exact`, which also loads the ZIP gazetteer), signs up a bench
 * user and values, one request at a time and interleaved with /api/ping, subjects taken from the generated market
 * (the same seed makes the same properties): three in four by their address (a known property, as the workbench
 * sends a lead), one in four as an address not on record, placed by its ZIP with the facts sent. The valuation date
 * is the API's: today, or the day after the local market's last sale when its records stop earlier. Prints median and
 * p99 of each, how many were valued (200) or refused (422), the median number of comps, and whether the median meets
 * the target (≤ 50 ms).
 *
 * Usage: npm run bench:valuation:latency -- [options]   (see USAGE)
 */
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { MARKET_AS_OF } from "#db/market/flags.ts";
import { generateMarket } from "#db/market/generate.ts";
import { loadMetroZips } from "#db/market/metro-zips.ts";
import { DEFAULT_MARKET_SEED } from "#db/market/random.ts";
import { valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import { queryLocalD1 } from "#tests/local-d1.ts";

import { busyNote, marketSeedCommand, percentile, verdictLine } from "./latency-verdict.ts";
import { formatTable, runBenchCli, signIn, startBenchServer } from "./server.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The target: the median of one calculate-arv against the built Worker. */
const TARGET_MS = 50;
const DEFAULT_PROPERTIES = 556_500;
const WARMUP_ROUNDS = 10;

const USAGE = `Usage: npm run bench:valuation:latency -- [options]

Seeds (once) a local market of about 1,000,000 sales, starts the built Worker under
wrangler dev on it and times POST /api/properties/calculate-arv against /api/ping.

Options:
  --properties N   market size in properties (default ${DEFAULT_PROPERTIES.toLocaleString("en-US")}, ~1,000,000 sales)
  --seed S         market seed (default ${DEFAULT_MARKET_SEED})
  --iterations N   measured valuations (default 300)
  --state DIR      state dir (default .wrangler/bench-valuation/<properties>-<seed>)
  --reuse          reuse the last build and the state as it is: no build, no seed check
  --no-build       skip \`npm run build\`
  --help           show this help`;

type Options = { properties: number; seed: string; iterations: number; state: string; reuse: boolean; build: boolean };

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      properties: { type: "string" },
      seed: { type: "string", default: String(DEFAULT_MARKET_SEED) },
      iterations: { type: "string", default: "300" },
      state: { type: "string" },
      reuse: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  const properties = values.properties === undefined ? DEFAULT_PROPERTIES : positive("--properties", values.properties);
  if (!/^[\w-]+$/.test(values.seed)) throw new Error(`--seed must be letters, digits, - or _, got "${values.seed}"`);
  return {
    properties,
    seed: values.seed,
    iterations: positive("--iterations", values.iterations),
    state: path.resolve(values.state ?? path.join(PROJECT_ROOT, ".wrangler/bench-valuation", `${properties}-${values.seed}`)),
    reuse: values.reuse,
    build: !values["no-build"] && !values.reuse,
  };
}

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number, got "${raw}"`);
  return value;
}

// --- subjects -------------------------------------------------------------------------------------------------------

type Subject = { kind: "known" | "zip"; body: Record<string, unknown> };

/** Every 23rd property of the market's first chunk (all metros): by address, or (one in four) as an unknown address in its ZIP. */
function subjects(options: Options): Subject[] {
  const seed = /^\d+$/.test(options.seed) ? Number(options.seed) : options.seed;
  const first = generateMarket({ zips: loadMetroZips(), seed, properties: Math.min(options.properties, 5_000) }).next().value;
  const picked = (first?.properties ?? []).filter((_, i) => i % 23 === 0);
  return picked.map((p, i): Subject => {
    const estimate = p.estimatedValue ?? null;
    if (i % 4 === 3) {
      return {
        kind: "zip",
        body: {
          address: `${100 + i} Bench Way`,
          city: p.city,
          state: p.state,
          zipCode: p.zip,
          bedrooms: p.bedrooms,
          bathrooms: p.bathrooms,
          squareFeet: p.squareFeet,
          yearBuilt: p.yearBuilt,
          propertyType: p.propertyType,
          batchDataEstValue: estimate,
        },
      };
    }
    return { kind: "known", body: { address: p.address, city: p.city, state: p.state, zipCode: p.zip, batchDataEstValue: estimate } };
  });
}

// --- requests -------------------------------------------------------------------------------------------------------

type Timed = { ms: number; status: number; body: unknown };

async function timed(url: string, init: RequestInit): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  const ms = performance.now() - started;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // /api/ping answers text.
  }
  return { ms, status: response.status, body };
}

async function signUpBenchUser(origin: string): Promise<string> {
  const login = { email: `bench-valuation-${Date.now()}@breeze.example`, password: "BenchValuation2026!" };
  const response = await fetch(`${origin}/api/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...login, firstName: "Bench", lastName: "Valuation" }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`signing up the bench user failed with HTTP ${response.status}`);
  return signIn(origin, login);
}

type Series = { label: string; ms: number[]; statuses: Map<number, number>; comps: number[] };
const series = (label: string): Series => ({ label, ms: [], statuses: new Map(), comps: [] });

function record(into: Series[], result: Timed) {
  for (const s of into) {
    s.statuses.set(result.status, (s.statuses.get(result.status) ?? 0) + 1);
    // A 422 (no comps) is a full valuation that found nothing: it is timed too; anything else is a failure.
    if (result.status === 200 || result.status === 422) s.ms.push(result.ms);
    const comps = (result.body as { comps?: unknown[] }).comps;
    if (Array.isArray(comps)) s.comps.push(comps.length);
  }
}

async function measure(origin: string, options: Options, cookie: string) {
  const all = subjects(options);
  const ping = series("GET /api/ping (baseline)");
  const me = series("GET /api/auth/me (session lookup)");
  const arv = series("POST /api/properties/calculate-arv");
  const byKind = { known: series("  a known property (by address)"), zip: series("  an address placed by its ZIP") };
  const firstFailure: string[] = [];
  const round = async (i: number, recording: boolean) => {
    const pinged = await timed(`${origin}/api/ping`, {});
    const signedIn = await timed(`${origin}/api/auth/me`, { headers: { cookie } });
    const subject = all[i % all.length]!;
    const valued = await timed(`${origin}/api/properties/calculate-arv`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify(subject.body),
    });
    if (valued.status !== 200 && valued.status !== 422 && firstFailure.length < 3) {
      firstFailure.push(`HTTP ${valued.status}: ${JSON.stringify(valued.body).slice(0, 300)}`);
    }
    if (!recording) return;
    if (pinged.status === 200) ping.ms.push(pinged.ms);
    if (signedIn.status === 200) me.ms.push(signedIn.ms);
    record([arv, byKind[subject.kind]], valued);
  };
  console.error(`warming up (${WARMUP_ROUNDS} rounds)…`);
  for (let i = 0; i < WARMUP_ROUNDS; i++) await round(all.length - 1 - i, false);
  console.error(`measuring ${options.iterations} rounds of ping, session lookup and calculate-arv over ${all.length} subjects…`);
  for (let i = 0; i < options.iterations; i++) {
    await round(i, true);
    if ((i + 1) % 100 === 0) console.error(`  ${i + 1} / ${options.iterations}`);
  }
  return { ping, me, arv, byKind, firstFailure, subjects: all.length };
}

function salesInState(state: string): string {
  try {
    const [row] = queryLocalD1<{ n: number; last: string }>(
      state,
      "select count(*) as n, max(sale_date) as last from market_sales",
      PROJECT_ROOT,
    );
    return `${row!.n.toLocaleString("en-US")} market sales (the last on ${row!.last})`;
  } catch {
    return "market sales: could not be counted";
  }
}

function printReport(options: Options, setup: string, sales: string, results: Awaited<ReturnType<typeof measure>>) {
  const { ping, me, arv, byKind, firstFailure } = results;
  const base = percentile(ping.ms, 50);
  const row = (s: Series, target?: number) => {
    const median = percentile(s.ms, 50);
    return [
      s.label,
      String(s.ms.length),
      median.toFixed(2),
      percentile(s.ms, 99).toFixed(2),
      s === ping ? "" : (median - base).toFixed(2),
      s === ping || s === me ? "" : [...s.statuses].map(([status, n]) => `${n}×${status}`).join(" "),
      s.comps.length === 0 ? "" : String(percentile(s.comps, 50)),
      target === undefined ? "" : median <= target ? "meets" : "MISSES",
    ];
  };
  console.log("");
  console.log(
    `bench:valuation:latency — ${options.properties.toLocaleString("en-US")} properties (seed ${options.seed}), ${sales}; state ${options.state}`,
  );
  console.log(setup);
  console.log(
    `cores: ${cpus().length}; ${options.iterations} rounds of ping, /api/auth/me, calculate-arv, one request at a time, over ${results.subjects} subjects; valuation date: ${valuationDateOf(new Date(), MARKET_AS_OF)} (the API's)`,
  );
  console.log("");
  console.log(
    formatTable(
      ["request", "n", "median ms", "p99 ms", "median − ping", "answers", "median comps", `≤ ${TARGET_MS} ms`],
      [row(ping), row(me), row(arv, TARGET_MS), row(byKind.known), row(byKind.zip)],
    ),
  );
  console.log("");
  console.log(verdictLine("calculate-arv", arv.ms, TARGET_MS, `; /api/ping median ${base.toFixed(1)} ms`));
  const note = busyNote(base);
  if (note) console.log(note);
  if (firstFailure.length > 0) {
    console.log("WARNING: some valuations failed (neither 200 nor 422); the figures leave them out.");
    for (const line of firstFailure) console.log(`  ${line}`);
  }
}

async function bench(options: Options): Promise<void> {
  const seed = marketSeedCommand(options.properties, options.seed);
  if (options.reuse) console.error(`--reuse: using the last build and ${options.state} as they are`);
  const server = await startBenchServer({
    build: options.build,
    setup: options.reuse ? undefined : seed,
    readyPath: "/api/ping",
    label: "bench-valuation",
    persistDir: options.state,
  });
  const setup = options.reuse
    ? "setup: --reuse (no build, no seed check)"
    : `setup (seed check or seed): ${server.setupSeconds.toFixed(1)} s`;
  const cookie = await signUpBenchUser(server.origin);
  const results = await measure(server.origin, options, cookie);
  printReport(options, setup, salesInState(options.state), results);
}

runBenchCli("bench:valuation:latency", USAGE, parseOptions, bench);
