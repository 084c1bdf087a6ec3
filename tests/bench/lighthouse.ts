/**
 * Lighthouse on the built app running under `wrangler dev`: the landing page, sign-in, the CRM of the demo account
 * with 2,000 leads, the lead workbench with the 5 leads of a seller search the demo account runs first, and the
 * public page for buyers of a deal the demo account puts under contract.
 *
 * Builds the app, starts `wrangler dev` against a fresh, throw-away local D1 state seeded like bench:crm, signs in
 * as the demo account, then runs Lighthouse's default profile (mobile form factor, simulated throttling) in Debian's
 * Chromium on each page and prints the category scores and lab metrics. A benchmark, not a test: figures under the
 * target are marked, and it exits 0 unless Lighthouse itself fails.
 *
 * Usage: npm run bench:lighthouse -- [options]   (see USAGE below)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";

import { PHOENIX_HOME } from "#tests/lead-fixture.ts";

import { alsoOnCleanup, formatTable, runBenchCli, signIn, startBenchServer } from "./server.ts";

const USAGE = `Usage: npm run bench:lighthouse -- [options]

Builds the app, starts wrangler dev on a fresh local D1 seeded with the demo
account's 2,000 leads and runs Lighthouse (mobile, simulated throttling) on
the landing page, /login, the CRM and the lead workbench (after a seller
search for the demo account).

Options:
  --runs N      Lighthouse runs per page; the run with the median performance
                score is printed (default 1)
  --page TEXT   audit only the pages whose label or path contains TEXT
  --save DIR    also write each printed run's full report to DIR/<page>.json
                and its trace to DIR/<page>.trace.json; with --runs, every
                run's too, as DIR/<page>.run<N>.json and .trace.json
  --no-build    skip \`npm run build\`
  --help        show this help`;

const SETUP = "tsx db/seed/index.ts --properties 2000 --demo-leads 2000 --persist-to $BENCH_PERSIST_DIR";
const DEMO = { email: "demo@breeze.example", password: "BreezeDemo2026" };
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const TARGET = 95;
/** The demo deal whose public page for buyers is audited too (signed out, as a buyer opens it). */
const DEAL_PAGE_LEAD = {
  ...PHOENIX_HOME,
  arv: 300000,
  repairEstimate: 25000,
};
/** The seller search the wizard would run, so the workbench has a queue to show (the bench market has Phoenix). */
const SELLER_SEARCH = { count: 5, criteria: { location: "Phoenix, AZ", sellerType: "high_equity" } };

type Page = { label: string; path: string; signedIn: boolean };

const PAGES: Page[] = [
  { label: "landing", path: "/", signedIn: false },
  { label: "sign-in", path: "/login", signedIn: false },
  { label: "CRM (2,000 leads)", path: "/?section=crm", signedIn: true },
  { label: "lead workbench", path: "/leads/workbench", signedIn: true },
];

const CATEGORIES = [
  { id: "performance", title: "perf" },
  { id: "accessibility", title: "a11y" },
  { id: "best-practices", title: "best pr." },
  { id: "seo", title: "SEO" },
] as const;

/** Lab metrics: the audit, its column, and how its numericValue (ms, or unitless for CLS) is shown. */
const METRICS = [
  { id: "largest-contentful-paint", title: "LCP", format: seconds },
  { id: "cumulative-layout-shift", title: "CLS", format: (value: number) => value.toFixed(3) },
  { id: "total-blocking-time", title: "TBT", format: (value: number) => `${Math.round(value)} ms` },
  { id: "first-contentful-paint", title: "FCP", format: seconds },
  { id: "speed-index", title: "SI", format: seconds },
] as const;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

type Options = { runs: number; build: boolean; save: string | undefined; page: string | undefined };

type Run = { lhr: Result; trace: unknown };

type Outcome = { page: Page; lhr: Result } | { page: Page; skipped: string };

/** Returns null for --help; throws on a bad command line. */
function parseOptions(argv: string[]): Options | null {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      runs: { type: "string", default: "1" },
      save: { type: "string" },
      page: { type: "string" },
      "no-build": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) return null;
  if (positionals.length > 0) throw new Error(`unexpected argument: ${positionals[0]}`);
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs <= 0) throw new Error(`--runs needs a positive integer, got "${values.runs}"`);
  return { runs, build: !values["no-build"], save: values.save, page: values.page };
}

async function launchChrome(): Promise<chromeLauncher.LaunchedChrome> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      // Nothing leaves the machine: every host name but the loopback address fails to resolve. chrome-launcher's
      // default flags already turn off background networking, component updates and sync.
      "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    ],
    logLevel: "silent",
    // Our signal handlers stop Chrome and then the server; chrome-launcher's own would exit before the server stops.
    handleSIGINT: false,
  });
  alsoOnCleanup(async () => chrome.kill());
  return chrome;
}

/** Runs Lighthouse `runs` times on the URL and answers the run with the median performance score. */
async function audit(
  url: string,
  port: number,
  cookie: string | undefined,
  runs: number,
  save?: (run: Run, n: number) => void,
): Promise<Run> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES.map((category) => category.id),
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const results: Run[] = [];
  for (let run = 0; run < runs; run++) {
    const answer = await lighthouse(url, flags);
    if (!answer) throw new Error(`Lighthouse answered nothing for ${url}`);
    const { lhr } = answer;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const result: Run = { lhr, trace: answer.artifacts.Trace };
    results.push(result);
    if (runs > 1) {
      console.error(`  run ${run + 1}: ${describeRun(lhr)}`);
      save?.(result, run + 1);
    }
  }
  const performance = (run: Run) => run.lhr.categories.performance?.score ?? 0;
  results.sort((a, b) => performance(a) - performance(b));
  return results[Math.floor(results.length / 2)];
}

/**
 * One run in a line: its performance score and the first and largest paints Chromium really made (the simulated
 * metrics count the work done before them), to tell a run whose first frame was held from plain run-to-run noise.
 */
function describeRun(lhr: Result): string {
  const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  type Observed = { observedFirstContentfulPaint?: number; observedLargestContentfulPaint?: number };
  const observed = ((lhr.audits.metrics?.details as { items?: Observed[] } | undefined)?.items ?? [])[0] ?? {};
  const ms = (value: number | undefined) => (value === undefined ? "n/a" : `${Math.round(value)} ms`);
  const simulated = (id: string) => ms(lhr.audits[id]?.numericValue);
  return (
    `perf ${performance} (FCP ${simulated("first-contentful-paint")}, LCP ${simulated("largest-contentful-paint")}, ` +
    `TBT ${simulated("total-blocking-time")}), observed first paint ${ms(observed.observedFirstContentfulPaint)}, ` +
    `largest ${ms(observed.observedLargestContentfulPaint)}`
  );
}

function score(lhr: Result, id: string): string {
  const value = lhr.categories[id]?.score;
  if (value === null || value === undefined) return "n/a";
  const points = Math.round(value * 100);
  return points < TARGET ? `${points} *` : String(points);
}

function metric(lhr: Result, id: string, format: (value: number) => string): string {
  const value = lhr.audits[id]?.numericValue;
  return value === undefined ? "n/a" : format(value);
}

/** For each category under the target: the audits that cost it points, heaviest first. */
function printShortfalls(outcomes: Outcome[]): void {
  for (const outcome of outcomes) {
    if (!("lhr" in outcome)) continue;
    const { lhr } = outcome;
    for (const { id } of CATEGORIES) {
      const category = lhr.categories[id];
      if (!category || category.score === null || Math.round(category.score * 100) >= TARGET) continue;
      const misses = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => ({ ref, result: lhr.audits[ref.id] }))
        .filter(({ result }) => result && result.score !== null && result.score < 0.9)
        .sort((a, b) => b.ref.weight * (1 - (b.result.score ?? 0)) - a.ref.weight * (1 - (a.result.score ?? 0)))
        .map(({ result }) => `${result.id}${result.displayValue ? ` (${result.displayValue})` : ""}`);
      console.log(`${outcome.page.label}, ${category.title}: ${misses.join("; ") || "(no single audit; metrics only)"}`);
    }
  }
}

function printReport(outcomes: Outcome[], options: Options): void {
  const header = ["page", ...CATEGORIES.map((category) => category.title), ...METRICS.map((m) => m.title)];
  const rows = outcomes.map((outcome) =>
    "lhr" in outcome
      ? [
          `${outcome.page.label} ${outcome.page.path}`,
          ...CATEGORIES.map(({ id }) => score(outcome.lhr, id)),
          ...METRICS.map(({ id, format }) => metric(outcome.lhr, id, format)),
        ]
      : [`${outcome.page.label} ${outcome.page.path}`, ...header.slice(1).map(() => "-")],
  );
  const lighthouseVersion = outcomes.find((outcome): outcome is { page: Page; lhr: Result } => "lhr" in outcome)?.lhr.lighthouseVersion;
  console.log("");
  console.log(
    `Lighthouse ${lighthouseVersion ?? "?"}, mobile, simulated throttling, ${options.runs === 1 ? "one run" : `median of ${options.runs} runs`} per page; * under the target of ${TARGET}`,
  );
  console.log("");
  console.log(formatTable(header, rows));
  console.log("");
  for (const outcome of outcomes) if ("skipped" in outcome) console.log(`${outcome.page.label} ${outcome.page.path}: ${outcome.skipped}`);
  printShortfalls(outcomes);
}

/** Writes one run's report and trace as DIR/<page><suffix>.json and .trace.json. */
function saveReport(dir: string, page: Page, run: Run, suffix = ""): void {
  mkdirSync(dir, { recursive: true });
  const base =
    join(
      dir,
      page.label
        .replace(/[^a-z0-9]+/gi, "-")
        .replace(/^-|-$/g, "")
        .toLowerCase(),
    ) + suffix;
  writeFileSync(`${base}.json`, JSON.stringify(run.lhr));
  // The trace opens in Chromium's DevTools (Performance panel) to see what the main thread did before the paint.
  writeFileSync(`${base}.trace.json`, JSON.stringify(run.trace));
  console.error(`wrote ${base}.json and ${base}.trace.json`);
}

/** The page's answer before Lighthouse sees it: a page that is not there (404) is reported, not audited. */
async function precheck(origin: string, page: Page, cookie: string | undefined): Promise<string | null> {
  const response = await fetch(origin + page.path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status === 404) return "not built yet (the server answers 404)";
  if (response.status !== 200)
    return `not audited: HTTP ${response.status}${response.headers.get("location") ? ` to ${response.headers.get("location")}` : ""}`;
  return null;
}

/** POST /api/properties/batch as the demo account: the lead workbench then renders its queue instead of redirecting. */
async function runSellerSearch(origin: string, cookie: string): Promise<void> {
  const response = await fetch(`${origin}/api/properties/batch`, {
    method: "POST",
    headers: { "Content-Type": "application/json", cookie },
    body: JSON.stringify(SELLER_SEARCH),
  });
  const body = (await response.json()) as { properties?: unknown[] };
  if (!response.ok || !body.properties?.length) throw new Error(`the seller search for the workbench failed: HTTP ${response.status}`);
}

/** A form post as a browser without JavaScript sends it, as the demo account; answers the page it renders. */
async function postForm(origin: string, cookie: string, path: string, fields: Record<string, string>): Promise<string> {
  const response = await fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  return response.text();
}

/** A demo deal under contract with its public page for buyers (/d/{token}): the path of that page. */
async function makeDealPage(origin: string, cookie: string): Promise<string> {
  const json = async (path: string, data: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie },
      body: JSON.stringify(data),
    });
    if (!response.ok) throw new Error(`POST ${path} for the deal page failed: HTTP ${response.status}`);
    return (await response.json()) as { id?: string; deal?: { id: string } };
  };
  const lead = await json("/api/properties", { ...DEAL_PAGE_LEAD });
  const deal = await json("/api/deals", { propertyId: lead.id, dealValue: 200000 });
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const dealId = deal.deal?.id ?? "";
  await postForm(origin, cookie, `/deals/${dealId}/contract`, {
    contractPrice: "200000",
    inspectionDeadline: day(10),
    closeDate: day(30),
    earnestMoney: "1000",
    assignmentFeeAsked: "15000",
  });
  const page = await postForm(origin, cookie, `/deals/${dealId}/offers`, { intent: "link" });
  const path = /\/d\/[a-z0-9]{20,}/.exec(page)?.[0];
  if (!path) throw new Error("the deal page's link was not made");
  return path;
}

async function bench(options: Options): Promise<void> {
  const { origin } = await startBenchServer({ build: options.build, setup: SETUP, readyPath: "/api/ping", label: "bench-lighthouse" });
  const cookie = await signIn(origin, DEMO);
  await runSellerSearch(origin, cookie);
  const all: Page[] = [...PAGES, { label: "deal page for buyers", path: await makeDealPage(origin, cookie), signedIn: false }];
  const chrome = await launchChrome();
  const outcomes: Outcome[] = [];
  const pages = options.page ? all.filter((page) => `${page.label} ${page.path}`.includes(options.page ?? "")) : all;
  if (pages.length === 0) throw new Error(`no page matches --page "${options.page}"`);
  for (const page of pages) {
    const pageCookie = page.signedIn ? cookie : undefined;
    const skipped = await precheck(origin, page, pageCookie);
    if (skipped) {
      console.error(`${page.label} ${page.path}: ${skipped}`);
      outcomes.push({ page, skipped });
      continue;
    }
    console.error(`running Lighthouse on ${page.path}${options.runs > 1 ? ` (${options.runs} runs)` : ""}...`);
    const dir = options.save;
    const saveRun = dir ? (run: Run, n: number) => saveReport(dir, page, run, `.run${n}`) : undefined;
    const run = await audit(origin + page.path, chrome.port, pageCookie, options.runs, saveRun);
    if (dir) saveReport(dir, page, run);
    outcomes.push({ page, lhr: run.lhr });
  }
  printReport(outcomes, options);
}

runBenchCli("bench:lighthouse", USAGE, parseOptions, bench);
