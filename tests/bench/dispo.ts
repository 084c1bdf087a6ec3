/**
 * `npm run bench:dispo`: GET /api/deals/{id}/matches for a user with 10,000 buyers on the 1,000,000-property market,
 * measured through HTTP against the built Worker under `wrangler dev` (its own D1 in workerd), with /api/ping as the
 * baseline in the same run (and /api/auth/me: what the session lookup alone costs).
 *
 * The market is bench:market's: the same state dir per size and seed (.wrangler/bench-market/<properties>-<seed>),
 * seeded once (`db:seed --exact`) and reused by both benches. Each run then signs up a new bench user and gives them
 * what a user would have, through the same routes a user goes through: leads found by the lead search (POST
 * /api/properties/batch in the market's largest cities) and saved from the workbench (POST /leads/workbench), made
 * deals (POST /api/deals) and put under contract (the contract form's POST /deals/{id}/contract), and --buyers buyers uploaded as CSV files through POST
 * /api/buyers/import in chunks of 2,500 rows (the import takes at most 10,000 rows and 5 MB a file). Each buyer's
 * buy-box names one to three of the market's cities and ZIPs, so every deal's place is in some buyers' markets and
 * most buyers are elsewhere, as a real list is. Then it requests, one at a time and interleaved so all three see the
 * same machine, /api/ping, /api/auth/me and the matches of the deals in turn, and prints median and p99 of each,
 * their difference from and ratio to /api/ping, and whether the matches' median meets its target (≤ 200 ms).
 *
 * Usage: npm run bench:dispo -- [options]   (see USAGE)
 */
import { cpus } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import { PROPERTY_TYPES, REPAIR_LEVELS } from "#db/enums.ts";
import { DEFAULT_MARKET_PROPERTIES } from "#db/market/generate.ts";
import { loadMetroZips } from "#db/market/metro-zips.ts";
import { DEFAULT_MARKET_SEED } from "#db/market/random.ts";

import { busyNote, marketSeedCommand, percentile, verdictLine } from "./latency-verdict.ts";
import { formatTable, runBenchCli, signIn, startBenchServer } from "./server.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** The target: the median of one matches request against the built Worker. */
const TARGET_MS = 200;
const WARMUP_ROUNDS = 10;
const IMPORT_CHUNK_ROWS = 2_500;
/** A /api/ping median above this says the machine is busy (other processes), not the app slow. */
/** No lead cap stands between the bench user and its deals' leads. */
const BENCH_VARS = { USAGE_LIMITS: JSON.stringify({ lead: { perDay: null, perMonth: null } }) };

const USAGE = `Usage: npm run bench:dispo -- [options]

Seeds (once, shared with bench:market) a local market, starts the built Worker under
wrangler dev on it, gives a new user deals under contract and a list of buyers, and
times GET /api/deals/{id}/matches against /api/ping.

Options:
  --properties N   market size (default 1,000,000; e.g. 20000 for a quick run)
  --seed S         market seed (default ${DEFAULT_MARKET_SEED})
  --buyers N       the bench user's buyers (default 10000)
  --deals N        the bench user's deals under contract, in as many cities (default 6)
  --iterations N   measured matches requests (default 300)
  --state DIR      state dir (default .wrangler/bench-market/<properties>-<seed>, bench:market's)
  --reuse          reuse the last build and the state as it is: no build, no seed check
  --no-build       skip \`npm run build\`
  --help           show this help`;

type Options = {
  properties: number;
  seed: string;
  buyers: number;
  deals: number;
  iterations: number;
  state: string;
  reuse: boolean;
  build: boolean;
};

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      properties: { type: "string" },
      seed: { type: "string", default: String(DEFAULT_MARKET_SEED) },
      buyers: { type: "string", default: "10000" },
      deals: { type: "string", default: "6" },
      iterations: { type: "string", default: "300" },
      state: { type: "string" },
      reuse: { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  const properties = values.properties === undefined ? DEFAULT_MARKET_PROPERTIES * 25 : positive("--properties", values.properties);
  if (!/^[\w-]+$/.test(values.seed)) throw new Error(`--seed must be letters, digits, - or _, got "${values.seed}"`);
  return {
    properties,
    seed: values.seed,
    buyers: positive("--buyers", values.buyers),
    deals: positive("--deals", values.deals),
    iterations: positive("--iterations", values.iterations),
    state: path.resolve(values.state ?? path.join(PROJECT_ROOT, ".wrangler/bench-market", `${properties}-${values.seed}`)),
    reuse: values.reuse,
    build: !values["no-build"] && !values.reuse,
  };
}

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} needs a positive whole number, got "${raw}"`);
  return value;
}

// --- the bench user's deals and buyers ------------------------------------------------------------------------------

/** The market's cities ("City, ST") by number of ZIPs, largest first, each with its ZIPs. */
function marketCities(): { city: string; zips: string[] }[] {
  const byCity = new Map<string, string[]>();
  for (const zip of loadMetroZips()) {
    const key = `${zip.city}, ${zip.state}`;
    byCity.set(key, [...(byCity.get(key) ?? []), zip.zip]);
  }
  return [...byCity.entries()]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([city, zips]) => ({ city, zips }));
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** Buyers `from`…`to - 1` as a CSV file: markets over the cities (three in four) and their ZIPs, varied buy-boxes. */
function buyersCsv(from: number, to: number, cities: { city: string; zips: string[] }[]): string {
  const lines = ["name,company,email,phone,markets,property_types,price_min,price_max,min_beds,max_repair_level,email_consent"];
  for (let i = from; i < to; i++) {
    const markets = Array.from({ length: 1 + (i % 3) }, (_, k) => {
      const place = cities[(i * 7 + k * 13) % cities.length]!;
      return (i + k) % 4 === 3 ? place.zips[(i + k) % place.zips.length]! : place.city;
    });
    const cells = [
      `Bench Buyer ${i}`,
      i % 5 === 0 ? `Bench Capital ${i % 400} LLC` : "",
      `buyer-${i}@buyers.bench.example`,
      "",
      [...new Set(markets)].join(";"),
      i % 3 === 0 ? "" : PROPERTY_TYPES.slice(0, 1 + (i % 4)).join(";"),
      i % 6 === 0 ? "50000" : "",
      ["", "150000", "250000", "400000", "750000"][i % 5]!,
      ["", "2", "3", "4"][i % 4]!,
      i % 2 === 0 ? "" : REPAIR_LEVELS[i % REPAIR_LEVELS.length]!,
      i % 10 === 9 ? "no" : "yes",
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\n")}\n`;
}

async function importBuyers(origin: string, cookie: string, options: Options, cities: { city: string; zips: string[] }[]) {
  for (let from = 0; from < options.buyers; from += IMPORT_CHUNK_ROWS) {
    const to = Math.min(options.buyers, from + IMPORT_CHUNK_ROWS);
    const form = new FormData();
    form.set("file", new File([buyersCsv(from, to, cities)], `buyers-${from}.csv`, { type: "text/csv" }));
    const response = await fetch(`${origin}/api/buyers/import`, { method: "POST", headers: { cookie }, body: form });
    const body = (await response.json()) as { imported?: number; message?: string };
    if (!response.ok || body.imported !== to - from) throw new Error(`importing buyers ${from}–${to} failed: ${JSON.stringify(body)}`);
  }
}

const day = (fromNow: number) => new Date(Date.now() + fromNow * 86_400_000).toISOString().slice(0, 10);

type Lead = { id: string; addressLine: string; estimatedValue: number | null };

/**
 * A lead found in `city` by the seller search and saved to the user's CRM from the workbench (which keeps its position,
 * as the matches' nearby purchasers need), made a deal and put under contract through the contract form.
 */
async function dealUnderContract(origin: string, cookie: string, city: string): Promise<string> {
  const json = { "Content-Type": "application/json", cookie };
  const searched = await fetch(`${origin}/api/properties/batch`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ count: 5, criteria: { location: city, sellerType: "high_equity" } }),
  });
  const lead = ((await searched.json()) as { properties?: Lead[] }).properties?.[0];
  if (!lead) throw new Error(`the seller search in ${city} found no lead (HTTP ${searched.status})`);
  const form = { "Content-Type": "application/x-www-form-urlencoded", cookie };
  const saved = await fetch(`${origin}/leads/workbench`, {
    method: "POST",
    headers: form,
    body: new URLSearchParams({ intent: "save", leadId: lead.id, vendor: "local", index: "1" }),
    redirect: "manual",
  });
  await saved.arrayBuffer();
  const listed = await fetch(`${origin}/api/properties?q=${encodeURIComponent(lead.addressLine)}`, { headers: { cookie } });
  const property = ((await listed.json()) as { id: string; address: string }[]).find((p) => p.address === lead.addressLine);
  if (!property) throw new Error(`saving the lead in ${city} to the CRM failed (HTTP ${saved.status})`);
  const made = await fetch(`${origin}/api/deals`, { method: "POST", headers: json, body: JSON.stringify({ propertyId: property.id }) });
  const deal = ((await made.json()) as { deal?: { id: string } }).deal;
  if (!deal) throw new Error(`making a deal in ${city} failed with HTTP ${made.status}`);
  const price = Math.round(((lead.estimatedValue ?? 300_000) * 0.65) / 1000) * 1000;
  const terms = new URLSearchParams({
    contractPrice: String(price),
    closeDate: day(30),
    inspectionDeadline: day(10),
    earnestMoney: "2000",
    assignmentFeeAsked: "15000",
  });
  const contracted = await fetch(`${origin}/deals/${deal.id}/contract`, {
    method: "POST",
    headers: form,
    body: terms,
    redirect: "manual",
  });
  await contracted.arrayBuffer();
  if (contracted.status !== 302) throw new Error(`putting the deal in ${city} under contract answered HTTP ${contracted.status}`);
  return deal.id;
}

async function benchUser(origin: string, options: Options) {
  const login = { email: `bench-dispo-${Date.now()}@breeze.example`, password: "BenchDispo2026!" };
  const response = await fetch(`${origin}/api/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...login, firstName: "Bench", lastName: "Dispo" }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`signing up the bench user failed with HTTP ${response.status}`);
  const cookie = await signIn(origin, login);
  const cities = marketCities();
  const started = performance.now();
  await importBuyers(origin, cookie, options, cities.slice(0, 40));
  const imported = (performance.now() - started) / 1000;
  const dealIds: string[] = [];
  for (const { city } of cities.slice(0, options.deals)) dealIds.push(await dealUnderContract(origin, cookie, city));
  return { cookie, dealIds, cities: cities.slice(0, options.deals).map(({ city }) => city), imported };
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

type Series = { label: string; ms: number[]; failures: number };
const series = (label: string): Series => ({ label, ms: [], failures: 0 });
type Match = { buyerId: string | null };

async function measure(origin: string, options: Options, user: Awaited<ReturnType<typeof benchUser>>) {
  const ping = series("GET /api/ping (baseline)");
  const me = series("GET /api/auth/me (session lookup)");
  const matches = series("GET /api/deals/{id}/matches");
  const found = { buyers: [] as number[], purchasers: [] as number[] };
  const firstFailure: string[] = [];
  const headers = { cookie: user.cookie };
  const round = async (i: number, recording: boolean) => {
    const pinged = await timed(`${origin}/api/ping`, {});
    const signedIn = await timed(`${origin}/api/auth/me`, { headers });
    const dealId = user.dealIds[i % user.dealIds.length]!;
    const matched = await timed(`${origin}/api/deals/${dealId}/matches`, { headers });
    if (matched.status !== 200 && firstFailure.length < 3)
      firstFailure.push(`HTTP ${matched.status}: ${JSON.stringify(matched.body).slice(0, 300)}`);
    if (!recording) return;
    for (const [s, result] of [
      [ping, pinged],
      [me, signedIn],
      [matches, matched],
    ] as const) {
      if (result.status === 200) s.ms.push(result.ms);
      else s.failures++;
    }
    const list = (matched.body as { matches?: Match[] }).matches ?? [];
    found.buyers.push(list.filter((match) => match.buyerId !== null).length);
    found.purchasers.push(list.filter((match) => match.buyerId === null).length);
  };
  console.error(`warming up (${WARMUP_ROUNDS} rounds)…`);
  for (let i = 0; i < WARMUP_ROUNDS; i++) await round(i, false);
  console.error(`measuring ${options.iterations} rounds of ping, session lookup and matches over ${user.dealIds.length} deals…`);
  for (let i = 0; i < options.iterations; i++) {
    await round(i, true);
    if ((i + 1) % 100 === 0) console.error(`  ${i + 1} / ${options.iterations}`);
  }
  return { ping, me, matches, found, firstFailure };
}

function printReport(
  options: Options,
  setup: string,
  user: Awaited<ReturnType<typeof benchUser>>,
  results: Awaited<ReturnType<typeof measure>>,
) {
  const { ping, me, matches, found, firstFailure } = results;
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
  console.log("");
  console.log(`bench:dispo — ${options.properties.toLocaleString("en-US")} properties (seed ${options.seed}), state ${options.state}`);
  console.log(setup);
  console.log(
    `bench user: ${options.buyers.toLocaleString("en-US")} buyers (CSV import, ${user.imported.toFixed(1)} s), ` +
      `${user.dealIds.length} deals under contract in ${user.cities.join("; ")}`,
  );
  console.log(`cores: ${cpus().length}; ${options.iterations} rounds of ping, /api/auth/me, matches, one request at a time`);
  console.log("");
  console.log(
    formatTable(
      ["request", "n", "median ms", "p99 ms", "median − ping", "median/ping", "p99/ping", "target ms", "median", "failed"],
      [row(ping), row(me), row(matches, TARGET_MS)],
    ),
  );
  console.log("");
  console.log(
    `matches per answer: median ${percentile(found.buyers, 50)} of the user's buyers and ${percentile(found.purchasers, 50)} market cash buyers`,
  );
  const median = percentile(matches.ms, 50);
  console.log(
    verdictLine("matches", matches.ms, TARGET_MS, `; /api/ping median ${base.toFixed(1)} ms, ratio ${(median / base).toFixed(1)}`),
  );
  const note = busyNote(base);
  if (note) console.log(note);
  if (firstFailure.length > 0) {
    console.log("WARNING: some requests failed; the figures leave them out.");
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
    label: "bench-dispo",
    persistDir: options.state,
    vars: BENCH_VARS,
  });
  const setup = options.reuse
    ? "setup: --reuse (no build, no seed check)"
    : `setup (seed check or seed): ${server.setupSeconds.toFixed(1)} s — see the seed's lines above`;
  console.error(`giving a new bench user ${options.buyers} buyers and ${options.deals} deals under contract…`);
  const user = await benchUser(server.origin, options);
  printReport(options, setup, user, await measure(server.origin, options, user));
}

runBenchCli("bench:dispo", USAGE, parseOptions, bench);
