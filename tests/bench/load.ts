/**
 * `npm run bench:load [-- --users N --duration S --rate R --no-build]`: builds the app, starts `wrangler dev` on a
 * fresh local state (migrations, a seeded market), signs up N users (default 50) and drives them for S seconds
 * (default 60) through a realistic mix — sign in, lead preview-count and batch, the CRM and home pages, valuing a
 * property, creating an offer, mailing it (local provider), posting messages, uploading a small document, a Terry question. Every
 * write the server acknowledged is checked afterwards through the API as its user. Prints req/s and p50/p99 per kind;
 * exits 1 when an acknowledged write is missing or an answer was unexpected (a 5xx, or anything but 2xx, a redirect
 * or an intended 429). Loopback only; each user's loop ends at the deadline (and at --rate's pace when given).
 */
import { parseArgs } from "node:util";

import { audit, isIntended, SimulatedUser, type Kind, type Sample, type Write } from "./load-actions.ts";
import { formatTable, runBenchCli, sleep, startBenchServer } from "./server.ts";

const USAGE = `Usage: npm run bench:load -- [--users N] [--duration S] [--rate R] [--market N] [--no-build]

  --users N      simulated users, each signed up before the clock starts (default 50)
  --duration S   seconds the users run (default 60)
  --rate R       at most R requests a second over all users (default: as fast as they go)
  --market N     market properties seeded for the lead search and valuation (default 2000)
  --no-build     skip \`npm run build\``;

const DEFAULTS = { users: 50, duration: 60, market: 2000 };
/** Users signed up at once before the run (scrypt is the cost). */
const SIGN_UP_CONCURRENCY = 5;
/** Checks of acknowledged writes in flight at once. */
const CHECK_CONCURRENCY = 10;
/** Kinds whose documented refusal is not an error of the server: valuing an address without comps (422). */
const DOCUMENTED = new Map<Kind, number[]>([["value", [422]]]);
const PERCENT = 100;

type Options = { users: number; duration: number; rate: number; market: number; build: boolean };

function positive(name: string, raw: string | undefined, fallback: number, allowZero = false): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1))
    throw new Error(`${name} needs a ${allowZero ? "whole" : "positive"} number, got "${raw}"`);
  return value;
}

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: "string" },
      duration: { type: "string" },
      rate: { type: "string" },
      market: { type: "string" },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  return {
    users: positive("--users", values.users, DEFAULTS.users),
    duration: positive("--duration", values.duration, DEFAULTS.duration),
    rate: positive("--rate", values.rate, 0, true),
    market: positive("--market", values.market, DEFAULTS.market),
    build: !values["no-build"],
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / PERCENT) * sorted.length))];
}

/** Runs `work` over `items` with at most `limit` at once. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

async function bench(options: Options): Promise<void> {
  const { origin } = await startBenchServer({
    build: options.build,
    label: "bench-load",
    readyPath: "/api/ping",
    setup: `npx tsx db/seed/index.ts --properties ${options.market} --persist-to "$BENCH_PERSIST_DIR"`,
  });
  const samples: Sample[] = [];
  const writes: Write[] = [];
  const users = Array.from(
    { length: options.users },
    (_, i) =>
      new SimulatedUser(
        i,
        origin,
        (sample) => samples.push(sample),
        (write) => writes.push(write),
      ),
  );
  console.error(`signing up ${options.users} users…`);
  await inPool(users, SIGN_UP_CONCURRENCY, (user) => user.signUp());

  console.error(`running ${options.users} users for ${options.duration} s${options.rate ? ` at most ${options.rate} req/s` : ""}…`);
  const started = performance.now();
  const deadline = started + options.duration * 1000;
  const gapMs = options.rate ? (1000 * options.users) / options.rate : 0;
  await Promise.all(
    users.map(async (user) => {
      while (performance.now() < deadline) {
        const stepStarted = performance.now();
        await user.next();
        const wait = gapMs - (performance.now() - stepStarted);
        if (wait > 0) await sleep(Math.min(wait, deadline - performance.now()));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  let found = 0;
  const lost: string[] = [];
  await inPool(writes, CHECK_CONCURRENCY, async (write) => {
    const response = await fetch(`${origin}${write.check}`, { headers: { Cookie: users[write.user].cookie }, redirect: "manual" });
    if (await write.expect(response)) found++;
    else lost.push(`${write.kind} of user ${write.user}: GET ${write.check} answered ${response.status}`);
  });

  const extra: string[] = [];
  await inPool(users, CHECK_CONCURRENCY, async (user) => void extra.push(...(await audit(user, origin))));

  const unexpected = samples.filter((s) => !isIntended(s.status) && !DOCUMENTED.get(s.kind)?.includes(s.status));
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  const rows = kinds.map((kind) => {
    const ofKind = samples.filter((s) => s.kind === kind);
    const ms = ofKind.map((s) => s.ms).sort((a, b) => a - b);
    const errors = unexpected.filter((s) => s.kind === kind).length;
    const throttled = ofKind.filter((s) => s.status === 429).length;
    return [kind, String(ofKind.length), percentile(ms, 50).toFixed(0), percentile(ms, 99).toFixed(0), String(throttled), String(errors)];
  });
  console.log(formatTable(["kind", "requests", "p50 ms", "p99 ms", "429", "errors"], rows));
  const all = samples.map((s) => s.ms).sort((a, b) => a - b);
  console.log(
    `\n${options.users} users, ${seconds.toFixed(1)} s: ${samples.length} requests, ${(samples.length / seconds).toFixed(1)} req/s, ` +
      `p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms`,
  );
  console.log(
    `writes acknowledged ${writes.length}, found afterwards ${found}; rows without an acknowledgement ${extra.length}; unexpected answers ${unexpected.length}`,
  );
  for (const line of extra.slice(0, 10)) console.error(`UNACKNOWLEDGED: ${line}`);
  for (const line of lost.slice(0, 10)) console.error(`LOST: ${line}`);
  const statuses = [...new Set(unexpected.map((s) => `${s.kind} ${s.status}`))];
  if (statuses.length > 0) console.error(`unexpected: ${statuses.join(", ")}`);
  if (lost.length > 0 || extra.length > 0 || unexpected.length > 0)
    throw new Error(
      `${lost.length} writes lost, ${extra.length} users with rows nobody acknowledged, ${unexpected.length} unexpected answers`,
    );
}

runBenchCli("bench:load", USAGE, parseOptions, bench);
