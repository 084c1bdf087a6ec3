/**
 * What the single-request latency benches (bench:market, bench:valuation:latency, bench:dispo) share: the percentile
 * they report, the line that says whether a median meets its target, the note on a busy machine, and the command that
 * seeds their market once into a kept state dir.
 */

/** An idle machine answers /api/ping in 1–2 ms; above this median the figures carry other load. */
export const BUSY_PING_MS = 5;

/** The p-th percentile of `values` (the median averages the two middle values of an even count); NaN when empty. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (p === 50) {
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** "<label>: median N ms MEETS the target of ≤ T ms (p99 …<detail>)". */
export function verdictLine(label: string, ms: number[], targetMs: number, detail = ""): string {
  const median = percentile(ms, 50);
  return (
    `${label}: median ${median.toFixed(1)} ms ${median <= targetMs ? "MEETS" : "DOES NOT MEET"} the target of ≤ ${targetMs} ms ` +
    `(p99 ${percentile(ms, 99).toFixed(1)} ms${detail})`
  );
}

/** The note printed under the verdict when the ping baseline says the machine was busy, else null. */
export function busyNote(pingMedian: number): string | null {
  return pingMedian > BUSY_PING_MS
    ? `NOTE: /api/ping's median is ${pingMedian.toFixed(1)} ms (idle: 1–2 ms): the machine is busy; compare the median − ping column.`
    : null;
}

/** The seed command of a bench's market (`db:seed --exact` keeps a state that already holds it). */
export function marketSeedCommand(properties: number, seed: string, mode: "--exact" | "--force" = "--exact"): string {
  return ["npx tsx db/seed/index.ts", `--properties ${properties}`, `--seed ${seed}`, '--persist-to "$BENCH_PERSIST_DIR"', mode].join(" ");
}
