/**
 * `npm run db:seed`: fills the LOCAL D1 database with the embedded synthetic market (db/market/).
 *
 *   npm run db:seed                       40,000 properties into .wrangler/state (what `wrangler dev` uses)
 *   npm run db:seed -- --scale 25         1,000,000 properties
 *   npm run db:seed -- --properties 5000 --seed 7 --persist-to /tmp/breeze --force
 *   npm run db:seed -- --scale 25 --exact   keep the market only if it is 1,000,000 properties of the default seed
 *
 * The D1 binding comes from wrangler's getPlatformProxy over wrangler.dev.jsonc, persisted in the same SQLite file
 * that `wrangler d1 migrations apply DB --local [--persist-to DIR]` writes: state under DIR/v3, where DIR defaults
 * to .wrangler/state next to the config. Apply the migrations first (`npm run db:migrate:local`).
 * It also makes sure the local demo account exists (db/seed/demo-account.ts) and prints its sign-in.
 * It never touches a remote database: it refuses --remote and APP_ENV=production, and disables remote bindings.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { getPlatformProxy } from "wrangler";

import { createDb } from "#db/client.ts";
import { DEFAULT_MARKET_PROPERTIES, generateMarket, MARKET_CHUNK_SIZE } from "#db/market/generate.ts";
import { loadMetroZips, loadUsZipPlaces } from "#db/market/metro-zips.ts";
import { DEFAULT_MARKET_SEED } from "#db/market/random.ts";
import { clearMarket, countMarketProperties, ensureMarketIndexes, isMarketSeeded, isSameMarket, seedMarket } from "#db/market/seed.ts";
import { countZipPlaces, seedZipPlaces } from "#db/zip-places.ts";

import { addDemoActivities, addDemoLeads, DEMO_ACCOUNT, ensureDemoAccount } from "./demo-account.ts";
import { fitRegionalModels } from "./regional-models.ts";

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CONFIG_PATH = path.join(PROJECT_ROOT, "wrangler.dev.jsonc");

type SeedOptions = {
  properties: number;
  seed: number | string;
  persistTo: string;
  force: boolean;
  exact: boolean;
  demoLeads: number;
  demoActivities: number;
};

type SeedEnv = { DB: D1Database; FILES: R2Bucket; APP_ENV?: string };

const USAGE = `Usage: npm run db:seed -- [--properties N | --scale X] [--seed S] [--persist-to DIR] [--force] [--demo-leads N]
  --properties N    number of market properties (default ${DEFAULT_MARKET_PROPERTIES})
  --scale X         multiplier on ${DEFAULT_MARKET_PROPERTIES} (--scale 25 = 1,000,000)
  --seed S          generator seed (default ${DEFAULT_MARKET_SEED})
  --persist-to DIR  local state directory, as wrangler's --persist-to (default .wrangler/state)
  --force           delete the existing market and seed again
  --exact           keep an existing market only when it is exactly this size and seed (else seed again)
  --demo-leads N    add N more leads to the demo account (for benchmarks of the CRM)
  --demo-activities N  add N follow-up activities on the demo account's newest leads (for bench:today)`;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) return;
  // Resolved the way wrangler resolves --persist-to (relative to the working directory) and its default (next to
  // the config file); getPlatformProxy wants the v3 directory inside it.
  const persistPath = path.join(path.resolve(options.persistTo), "v3");

  const proxy = await getPlatformProxy<SeedEnv>({
    configPath: CONFIG_PATH,
    persist: { path: persistPath },
    remoteBindings: false,
  });
  try {
    if (proxy.env.APP_ENV === "production") throw new SeedError("Refusing to seed: the configuration says APP_ENV=production.");
    const db = createDb(proxy.env.DB);
    const seeded = await seedLocalMarket(db, options);
    await seedLocalZipPlaces(db);
    await fitRegionalModels(db, { onlyIfStale: !seeded });
    const created = await ensureDemoAccount(db, proxy.env.FILES);
    if (options.demoLeads > 0) {
      await addDemoLeads(db, options.demoLeads);
      console.log(`Added ${options.demoLeads.toLocaleString("en-US")} leads to the demo account.`);
    }
    if (options.demoActivities > 0) {
      await addDemoActivities(db, options.demoActivities);
      console.log(`Added ${options.demoActivities.toLocaleString("en-US")} follow-up activities to the demo account.`);
    }
    console.log(
      `${created ? "Prepared the local demo account with sample data" : "The local demo account is ready"}: sign in with ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password}`,
    );
  } finally {
    await proxy.dispose();
  }
}

/** Seeds the market unless it is there already (as asked); true when it seeded. */
async function seedLocalMarket(db: ReturnType<typeof createDb>, options: SeedOptions): Promise<boolean> {
  const seeded = await isMarketSeeded(db).catch((error: unknown) => {
    if (causeChain(error).includes("no such table")) {
      throw new SeedError(`The local database has no market tables. Apply the migrations first: ${migrateCommand(options)}`);
    }
    throw error;
  });
  const zips = loadMetroZips();
  if (seeded && !options.force) {
    const wanted = `${formatCount(options.properties)} properties of seed ${options.seed}`;
    if (!options.exact) {
      // A seed killed while it built the indexes left some out.
      await ensureMarketIndexes(db);
      console.log(`Local market already seeded (${formatCount(await countMarketProperties(db))} properties)`);
      return false;
    }
    const first = generateMarket({ zips, seed: options.seed, properties: Math.min(options.properties, MARKET_CHUNK_SIZE) }).next().value
      ?.properties[0];
    if (first && (await isSameMarket(db, { properties: options.properties, first }))) {
      await ensureMarketIndexes(db);
      console.log(`Local market already seeded: ${wanted}`);
      return false;
    }
    console.log(`--exact: the local market is not ${wanted}; deleting it…`);
  } else if (seeded) {
    console.log("--force: deleting the existing local market…");
  }
  if (seeded) {
    const started = performance.now();
    await clearMarket(db);
    console.log(`  deleted in ${seconds(started)} s`);
  }

  const started = performance.now();
  console.log(`Seeding ${formatCount(options.properties)} properties over ${formatCount(zips.length)} ZIPs (seed ${options.seed})…`);
  let lastReport = 0;
  const totals = await seedMarket(db, generateMarket({ zips, seed: options.seed, properties: options.properties }), {
    onProgress: ({ properties }) => {
      // About 20 lines whatever the size.
      if (properties - lastReport < options.properties / 20 && properties < options.properties) return;
      lastReport = properties;
      console.log(`  ${formatCount(properties)} / ${formatCount(options.properties)} properties (${seconds(started)} s)`);
    },
  });
  console.log(
    `Seeded local market: ${formatCount(totals.properties)} properties, ${formatCount(totals.owners)} owners, ` +
      `${formatCount(totals.sales)} sales in ${seconds(started)} s (indexes included)`,
  );
  return true;
}

/** The ZIP gazetteer that places a valuation subject by its ZIP or city, once (it never changes). */
async function seedLocalZipPlaces(db: ReturnType<typeof createDb>): Promise<void> {
  const places = loadUsZipPlaces();
  if ((await countZipPlaces(db)) === places.length) return;
  const started = performance.now();
  await seedZipPlaces(db, places);
  console.log(`Loaded ${formatCount(places.length)} US ZIP centroids (zip_places) in ${seconds(started)} s`);
}

/** The options, or null after printing the usage. Throws SeedError on bad or unsafe options. */
function parseOptions(args: string[]): SeedOptions | null {
  const { values } = parseArgsOrExplain({
    args,
    strict: true,
    options: {
      properties: { type: "string" },
      scale: { type: "string" },
      seed: { type: "string" },
      "persist-to": { type: "string" },
      force: { type: "boolean", default: false },
      exact: { type: "boolean", default: false },
      "demo-leads": { type: "string" },
      "demo-activities": { type: "string" },
      // Declared only to refuse them with a clear message.
      remote: { type: "boolean", default: false },
      local: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return null;
  }
  if (process.env.APP_ENV === "production") throw new SeedError("Refusing to seed: APP_ENV=production.");
  if (values.remote) throw new SeedError("Refusing to seed a remote database: db:seed only writes the local D1 state.");
  if (values.properties !== undefined && values.scale !== undefined) throw new SeedError("Give --properties or --scale, not both.");

  let properties = DEFAULT_MARKET_PROPERTIES;
  if (values.properties !== undefined) properties = parseWhole(values.properties, "--properties");
  if (values.scale !== undefined) {
    const scale = Number(values.scale);
    if (!Number.isFinite(scale) || scale <= 0) throw new SeedError(`--scale must be a positive number, got "${values.scale}".`);
    properties = Math.round(DEFAULT_MARKET_PROPERTIES * scale);
  }
  const seedText = values.seed;
  const seed = seedText === undefined ? DEFAULT_MARKET_SEED : /^\d+$/.test(seedText) ? Number(seedText) : seedText;
  return {
    properties,
    seed,
    persistTo: values["persist-to"] ?? path.join(PROJECT_ROOT, ".wrangler/state"),
    force: values.force,
    exact: values.exact,
    demoLeads: values["demo-leads"] === undefined ? 0 : parseWhole(values["demo-leads"], "--demo-leads"),
    demoActivities: values["demo-activities"] === undefined ? 0 : parseWhole(values["demo-activities"], "--demo-activities"),
  };
}

function parseArgsOrExplain<T extends ParseArgsConfig>(config: T) {
  try {
    return parseArgs(config);
  } catch (error) {
    // parseArgs throws TypeErrors with codes ERR_PARSE_ARGS_*; show them with the usage rather than a stack.
    throw new SeedError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
}

/** Every message along an error's `cause` chain (drizzle wraps D1's error in a DrizzleQueryError). */
function causeChain(error: unknown): string {
  const messages: string[] = [];
  for (let current = error, depth = 0; current instanceof Error && depth < 10; current = current.cause, depth++) {
    messages.push(current.message);
  }
  return messages.join(" <- ");
}

function parseWhole(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new SeedError(`${name} must be a whole number ≥ 1, got "${text}".`);
  return value;
}

function migrateCommand(options: SeedOptions): string {
  const isDefault = path.resolve(options.persistTo) === path.join(PROJECT_ROOT, ".wrangler/state");
  return isDefault ? "npm run db:migrate:local" : `npx wrangler d1 migrations apply DB --local --persist-to ${options.persistTo}`;
}

/** Thousands separators without Intl, so the output reads the same everywhere. */
function formatCount(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

/** A failure the user can fix; printed without a stack trace. */
class SeedError extends Error {}

main().catch((error: unknown) => {
  console.error(error instanceof SeedError ? error.message : error);
  process.exitCode = 1;
});
