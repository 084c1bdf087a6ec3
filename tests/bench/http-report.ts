/** The HTTP benchmark's report: ratios to the baseline, warnings, and the landing and empty-account comparisons. */
import { cpus } from "node:os";
import type { Result } from "autocannon";

import type { Measurement, Measurements, Options } from "./http-options.ts";
import { formatTable } from "./server.ts";

export function ratio(value: number, reference: number): string {
  return reference > 0 ? (value / reference).toFixed(2) : "n/a";
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

export function printReport(measurements: Measurements, options: Options): void {
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
  console.log(`cores: ${cpus().length}  connections: ${options.connections}  duration: ${options.duration} s per path`);
  console.log(`ratios are relative to ${reference.label}, the faster baseline run (end/start req/s: ${drift})`);
  console.log("");
  console.log(formatTable(header, rows));
  console.log("");
  printWarnings(all);
  const pairs = measurements.paths.filter((m) => m.empty);
  if (pairs.length > 0) printEmptyComparison(pairs);
  if (options.landing) printLandingComparison(options.landing, measurements.paths);
}

export const leadCount = (n: number | undefined) => (n === undefined ? "signed in" : `${n.toLocaleString("en-US")} leads`);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** --landing: every page's p50 as a multiple of the signed-out landing page's, requested alternately. */
function printLandingComparison(landingPath: string, paths: Measurement[]): void {
  const rows: string[][] = [];
  const failed: string[] = [];
  for (const { label, vsLanding } of paths) {
    for (const { account, alternated } of vsLanding ?? []) {
      const page = median(alternated.page);
      const landing = median(alternated.landing);
      rows.push([label, account, String(alternated.page.length), page.toFixed(2), landing.toFixed(2), ratio(page, landing)]);
      if (alternated.failures > 0) failed.push(`WARNING ${label} (${account}): ${alternated.failures} pairs left out (a non-2xx answer)`);
    }
  }
  console.log("");
  console.log(`each page's p50 against the signed-out ${landingPath}, one client requesting them alternately:`);
  console.log("");
  console.log(formatTable(["path", "account", "pairs", "p50 ms", "landing p50", "p50/landing"], rows));
  for (const line of failed) console.log(line);
}

/** --compare-empty: each path for the account with data against the same path for an account with none. */
function printEmptyComparison(pairs: Measurement[]): void {
  const header = ["path", "empty req/s", "empty p50", "empty p99", "req/s", "p50 ms", "p99 ms", "p50/empty", "p99/empty"];
  const rows = pairs.map(({ label, result, empty }) => {
    const base = empty as Result;
    return [
      label,
      base.requests.mean.toFixed(1),
      base.latency.p50.toFixed(2),
      base.latency.p99.toFixed(2),
      result.requests.mean.toFixed(1),
      result.latency.p50.toFixed(2),
      result.latency.p99.toFixed(2),
      ratio(result.latency.p50, base.latency.p50),
      ratio(result.latency.p99, base.latency.p99),
    ];
  });
  console.log("");
  console.log("each path for the signed-in account against the same path for a new, empty account:");
  console.log("");
  console.log(formatTable(header, rows));
  printWarnings(pairs.map(({ label, empty }) => ({ label: `${label} (empty account)`, result: empty as Result })));
}
