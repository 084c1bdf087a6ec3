/**
 * `npm run bench:market`: the lead search over a large local market, measured through HTTP against the built Worker
 * under `wrangler dev` (its own D1 in workerd, not a Node-side copy).
 *
 * Seeds a market of --properties (default 1,000,000) into a state dir kept between runs, one per size and seed, and
 * reuses it when it already holds exactly that market (`db:seed --exact`), so the seed runs once. Then it signs up
 * bench users and requests, one at a time and interleaved so all three see the same machine:
 *   GET /api/ping                    the baseline (no bindings)
 *   GET /api/auth/me                 what any signed-in request costs: the session lookup (one D1 round trip)
 *   POST /api/leads/preview-count    seller types over cities, single ZIPs and ZIP lists; buyer types over cities
 *   POST /api/properties/batch       count 5, the same seller places, rotating over users and searches
 * A seller search never hands a user a lead twice and continues where the same search stopped, so the searches
 * rotate over many (user, place, type) keys, each asked a few times in a row as a user asks for the next 5 leads:
 * every request is a real search of new leads. The bench users are new at every run.
 * Prints median and p99 of each, their ratio to /api/ping, and whether each median meets its target.
 *
 * Usage: npm run bench:market -- [options]   (see USAGE)
 */
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { BUYER_TYPES, SELLER_TYPES } from "#db/enums.ts";
import { DEFAULT_MARKET_PROPERTIES } from "#db/market/generate.ts";
import { loadMetroZips } from "#db/market/metro-zips.ts";
import { DEFAULT_MARKET_SEED } from "#db/market/random.ts";

import { BUSY_PING_MS, marketSeedCommand, percentile, verdictLine } from "./latency-verdict.ts";
import { formatTable, runBenchCli, signIn, startBenchServer } from "./server.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** Targets of medians against the built Worker's D1. */
const COUNT_TARGET_MS = 50;
const SEARCH_TARGET_MS = 100;
const WARMUP_ROUNDS = 10;
/**
 * The bench's users search far more than a user a day: limits of their own (no daily or monthly lead and skip-trace
 * cap, no spend cap on the free local provider), so no measured request is a cap refusal.
 */
const BENCH_VARS = {
  USAGE_LIMITS: JSON.stringify({ lead: { perDay: null, perMonth: null }, skip_trace: { perDay: null, perMonth: null } }),
};
/** A /api/ping median above this says the machine is busy (other processes), not the app slow. */

const USAGE = `Usage: npm run bench:market -- [options]

Seeds (once) a local market, starts the built Worker under wrangler dev on it and
measures the lead count preview and a 5-lead search against /api/ping.

Options:
  --properties N   market size (default 1,000,000; e.g. 20000 for a quick run)
  --seed S         market seed (default ${DEFAULT_MARKET_SEED})
  --iterations N   measured requests of each kind (default 300)
  --users N        bench users the searches rotate over (default 4)
  --repeat N       times each user asks a search in a row, for the next 5 leads (default 3)
  --state DIR      state dir (default .wrangler/bench-market/<properties>-<seed>)
  --reseed         delete the market there and seed it again
  --reuse          reuse the last build and the state as it is: no build, no seed check
  --no-build       skip \`npm run build\`
  --help           show this help`;

type Options = {
  properties: number;
  seed: string;
  iterations: number;
  users: number;
  repeat: number;
  state: string;
  reseed: boolean;
  reuse: boolean;
  build: boolean;
};

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      properties: { type: "string" },
      seed: { type: "string", default: String(DEFAULT_MARKET_SEED) },
      iterations: { type: "string", default: "300" },
      users: { type: "string", default: "4" },
      repeat: { type: "string", default: "3" },
      state: { type: "string" },
      reseed: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  if (values.reseed && values.reuse) throw new Error("--reseed and --reuse cannot be combined");
  const properties = values.properties === undefined ? DEFAULT_MARKET_PROPERTIES * 25 : positive("--properties", values.properties);
  if (!/^[\w-]+$/.test(values.seed)) throw new Error(`--seed must be letters, digits, - or _, got "${values.seed}"`);
  return {
    properties,
    seed: values.seed,
    iterations: positive("--iterations", values.iterations),
    users: positive("--users", values.users),
    repeat: positive("--repeat", values.repeat),
    state: path.resolve(values.state ?? path.join(PROJECT_ROOT, ".wrangler/bench-market", `${properties}-${values.seed}`)),
    reseed: values.reseed,
    reuse: values.reuse,
    build: !values["no-build"] && !values.reuse,
  };
}

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number, got "${raw}"`);
  return value;
}

// --- what is searched ---------------------------------------------------------------------------------------------

type Place = { kind: "city" | "zip" | "zips"; location: string; locations?: string[] };

/**
 * The places searched, all in the market: the 8 cities with the most ZIPs (the metros' core cities: the largest
 * places), 4 smaller cities, 6 single ZIPs and 2 ZIP lists (5 and 25 ZIPs).
 */
function marketPlaces(): Place[] {
  const zips = loadMetroZips();
  const byCity = new Map<string, string[]>();
  for (const zip of zips) {
    const key = `${zip.city}, ${zip.state}`;
    byCity.set(key, [...(byCity.get(key) ?? []), zip.zip]);
  }
  const ranked = [...byCity.entries()].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  const cities = [...ranked.slice(0, 8), ...ranked.slice(20, 24)].map(([city]): Place => ({ kind: "city", location: city }));
  const singles = ranked.slice(0, 6).map(([, cityZips]): Place => ({ kind: "zip", location: cityZips[Math.floor(cityZips.length / 2)]! }));
  const list = (cityZips: string[], n: number): Place => ({ kind: "zips", location: cityZips[0]!, locations: cityZips.slice(0, n) });
  return [...cities, ...singles, list(ranked[1]![1], 5), list(ranked[0]![1], 25)];
}

const BEDROOMS = [1, 1, 2, 3];
const MAX_PRICES = [3_000_000, 3_000_000, 500_000, 1_000_000];

function locationOf(place: Place) {
  return place.locations ? { location: place.location, locations: place.locations } : { location: place.location };
}

/** Seller criteria: every seller type in every place, with a few bedroom and price bounds. */
function sellerCriteria(places: Place[]) {
  const all = [];
  let i = 0;
  for (const place of places) {
    for (const sellerType of SELLER_TYPES) {
      all.push({ place, body: { ...locationOf(place), sellerType, minBedrooms: BEDROOMS[i % 4], maxPrice: MAX_PRICES[(i >> 2) % 4] } });
      i++;
    }
  }
  return all;
}

type Labelled = { label: string; body: Record<string, unknown> };

/** Count bodies: the seller criteria and every buyer type in the cities and single ZIPs, interleaved. */
function countBodies(places: Place[]): Labelled[] {
  const sellers = sellerCriteria(places).map(({ place, body }) => ({ label: `seller, ${place.kind === "city" ? "city" : "ZIPs"}`, body }));
  const buyers = places
    .filter((place) => place.kind !== "zips")
    .flatMap((place) => BUYER_TYPES.map((buyerType) => ({ label: "buyer", body: { location: place.location, buyerType } })));
  const mixed: Labelled[] = [];
  for (let i = 0; i < Math.max(sellers.length, buyers.length); i++) {
    if (i < sellers.length) mixed.push(sellers[i]!);
    // About one buyer count per two seller counts.
    if (i % 2 === 0 && buyers[i / 2] !== undefined) mixed.push(buyers[i / 2]!);
  }
  return mixed;
}

// --- requests -------------------------------------------------------------------------------------------------------

type Timed = { ms: number; ok: boolean; body: unknown };

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
  return { ms, ok: response.ok, body };
}

const post = (cookie: string, body: unknown): RequestInit => ({
  method: "POST",
  headers: { "Content-Type": "application/json", cookie },
  body: JSON.stringify(body),
});

async function signUpBenchUser(origin: string, n: number): Promise<string> {
  const login = { email: `bench-market-${Date.now()}-${n}@breeze.example`, password: "BenchMarket2026!" };
  const response = await fetch(`${origin}/api/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...login, firstName: "Bench", lastName: `Market ${n}` }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`signing up bench user ${n} failed with HTTP ${response.status}`);
  return signIn(origin, login);
}

type Series = { label: string; ms: number[]; failures: number };

const series = (label: string): Series => ({ label, ms: [], failures: 0 });

function record(into: Series[], result: Timed) {
  for (const s of into) {
    if (result.ok) s.ms.push(result.ms);
    else s.failures++;
  }
}

type SearchOutcome = { full: number; short: number; leads: number };

async function measure(origin: string, options: Options, cookies: string[]) {
  const places = marketPlaces();
  const counts = countBodies(places);
  const searches = sellerCriteria(places);
  const ping = series("GET /api/ping (baseline)");
  const me = series("GET /api/auth/me (session lookup)");
  const count = series("POST /api/leads/preview-count");
  const countBy = new Map<string, Series>();
  const search = series("POST /api/properties/batch (count 5)");
  const outcome: SearchOutcome = { full: 0, short: 0, leads: 0 };
  const firstFailure: string[] = [];

  const round = async (i: number, recording: boolean) => {
    const pinged = await timed(`${origin}/api/ping`, {});
    const signedIn = await timed(`${origin}/api/auth/me`, { headers: { cookie: cookies[0]! } });
    const c = counts[i % counts.length]!;
    const counted = await timed(`${origin}/api/leads/preview-count`, post(cookies[0]!, c.body));
    // Users take turns; each asks its search --repeat times in a row (the next 5 leads each time), then the next
    // one, and no two users ask the same search at the same time.
    const user = i % cookies.length;
    const nth = Math.floor(i / cookies.length);
    const s = searches[(Math.floor(nth / options.repeat) * cookies.length + user) % searches.length]!;
    const searched = await timed(`${origin}/api/properties/batch`, post(cookies[user]!, { count: 5, criteria: s.body }));
    for (const [name, result] of [
      ["count", counted],
      ["search", searched],
    ] as const) {
      if (!result.ok && firstFailure.length < 3) firstFailure.push(`${name}: ${JSON.stringify(result.body).slice(0, 300)}`);
    }
    if (!recording) return;
    record([ping], pinged);
    record([me], signedIn);
    let by = countBy.get(c.label);
    if (!by) countBy.set(c.label, (by = series(`  ${c.label}`)));
    record([count, by], counted);
    record([search], searched);
    const found = (searched.body as { properties?: unknown[] }).properties?.length ?? 0;
    outcome.leads += found;
    if (found === 5) outcome.full++;
    else outcome.short++;
  };

  console.error(`warming up (${WARMUP_ROUNDS} rounds)…`);
  for (let i = 0; i < WARMUP_ROUNDS; i++) await round(i, false);
  console.error(`measuring ${options.iterations} rounds of ping, session lookup, count and search…`);
  const started = performance.now();
  for (let i = 0; i < options.iterations; i++) {
    await round(WARMUP_ROUNDS + i, true);
    if ((i + 1) % 100 === 0) console.error(`  ${i + 1} / ${options.iterations} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const breakdown = [...countBy.values()].sort((a, b) => a.label.localeCompare(b.label));
  return { ping, me, count, breakdown, search, outcome, firstFailure, places };
}

function printReport(options: Options, setup: string, results: Awaited<ReturnType<typeof measure>>) {
  const { ping, me, count, breakdown, search, outcome, firstFailure, places } = results;
  const base = percentile(ping.ms, 50);
  const base99 = percentile(ping.ms, 99);
  const row = (s: Series, target?: number) => {
    const median = percentile(s.ms, 50);
    const p99 = percentile(s.ms, 99);
    return [
      s.label,
      String(s.ms.length),
      median.toFixed(2),
      p99.toFixed(2),
      s === ping ? "" : (median - base).toFixed(2),
      (median / base).toFixed(2),
      (p99 / base99).toFixed(2),
      target === undefined ? "" : `≤ ${target}`,
      target === undefined ? "" : median <= target ? "meets" : "MISSES",
      s.failures > 0 ? String(s.failures) : "",
    ];
  };
  const cities = places.filter((p) => p.kind === "city").length;
  const zips = places.length - cities;
  console.log("");
  console.log(`bench:market — ${options.properties.toLocaleString("en-US")} properties (seed ${options.seed}), state ${options.state}`);
  console.log(setup);
  console.log(
    `cores: ${cpus().length}; ${options.iterations} rounds of ping, session lookup, count, search, one request at a time; ` +
      `${cities} cities and ${zips} ZIP places × ${SELLER_TYPES.length} seller types, ${BUYER_TYPES.length} buyer types; ` +
      `${options.users} users, each search asked ${options.repeat} times in a row`,
  );
  console.log("");
  console.log(
    formatTable(
      ["request", "n", "median ms", "p99 ms", "median − ping", "median/ping", "p99/ping", "target ms", "median", "failed"],
      [row(ping), row(me), row(count, COUNT_TARGET_MS), ...breakdown.map((s) => row(s)), row(search, SEARCH_TARGET_MS)],
    ),
  );
  console.log("");
  console.log(
    `searches: ${outcome.full} answered 5 new leads, ${outcome.short} fewer (a place exhausted for that user); ${outcome.leads} leads in all`,
  );
  for (const [label, s, target] of [
    ["count preview", count, COUNT_TARGET_MS],
    ["5-lead search", search, SEARCH_TARGET_MS],
  ] as const) {
    console.log(verdictLine(label, s.ms, target));
  }
  if (base > BUSY_PING_MS) {
    console.log(
      `NOTE: /api/ping's median is ${base.toFixed(1)} ms (an idle machine answers it in 1–2 ms): the machine is busy and every ` +
        "figure carries that; compare the median − ping column between runs.",
    );
  }
  const failures = count.failures + search.failures + ping.failures + me.failures;
  if (failures > 0) {
    console.log(`WARNING: ${failures} requests failed; the figures leave them out.`);
    for (const line of firstFailure) console.log(`  ${line}`);
  }
}

async function bench(options: Options): Promise<void> {
  const seed = marketSeedCommand(options.properties, options.seed, options.reseed ? "--force" : "--exact");
  if (options.reuse) console.error(`--reuse: using the last build and ${options.state} as they are`);
  const server = await startBenchServer({
    build: options.build,
    setup: options.reuse ? undefined : seed,
    readyPath: "/api/ping",
    label: "bench-market",
    persistDir: options.state,
    vars: BENCH_VARS,
  });
  const setup = options.reuse
    ? "setup: --reuse (no build, no seed check)"
    : `setup (seed check or seed, demo account): ${server.setupSeconds.toFixed(1)} s — see the seed's lines above`;
  const cookies: string[] = [];
  for (let n = 1; n <= options.users; n++) cookies.push(await signUpBenchUser(server.origin, n));
  printReport(options, setup, await measure(server.origin, options, cookies));
}

runBenchCli("bench:market", USAGE, parseOptions, bench);
