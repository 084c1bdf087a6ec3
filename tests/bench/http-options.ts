/** The HTTP benchmark's command line: its usage text, options, and the shapes its measurements take. */
import { parseArgs } from "node:util";
import type { Result } from "autocannon";

export const USAGE = `Usage: npm run bench:http -- [options] <path...>

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

export interface Options {
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

export interface Measurement {
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
export interface Alternated {
  page: number[];
  landing: number[];
  failures: number;
}

export interface Measurements {
  baselineStart: Measurement;
  paths: Measurement[];
  baselineEnd: Measurement;
}

/** The signed-in accounts besides --login's, with how many leads each holds (for the report's labels). */
export interface Accounts {
  leads: number | undefined;
  empty?: string;
  small?: { cookie: string; leads: number };
}

/** Returns null for --help; throws on a bad command line. */
export function parseOptions(argv: string[]): Options | null {
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
