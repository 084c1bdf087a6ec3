/** The figures of `npm run bench:valuation`: pure, so a unit test checks them on a hand-made set. */

export interface Outcome {
  price: number;
  /** The engine's ARV, or null when it refused. */
  arv: number | null;
}

export interface BenchFigures {
  valued: number;
  total: number;
  /** Percentages (0 … 100). */
  mdape: number;
  within5: number;
  within10: number;
  within20: number;
  p50_ms: number;
  p99_ms: number;
}

/** The q-quantile (0 … 1) of the values by the nearest-rank rule on the sorted list (the median of an even list is the mean of the middle two). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  if (q === 0.5) {
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function benchFigures(outcomes: readonly Outcome[], millis: readonly number[]): BenchFigures {
  const errors = outcomes.filter((o) => o.arv !== null).map((o) => Math.abs(o.arv! - o.price) / o.price);
  const share = (limit: number) => (errors.length === 0 ? 0 : (100 * errors.filter((e) => e <= limit).length) / errors.length);
  return {
    valued: errors.length,
    total: outcomes.length,
    mdape: errors.length === 0 ? Number.NaN : 100 * quantile(errors, 0.5),
    within5: share(0.05),
    within10: share(0.1),
    within20: share(0.2),
    p50_ms: quantile(millis, 0.5),
    p99_ms: quantile(millis, 0.99),
  };
}

/** The last line other tools read: `valued=<n>/<total> mdape=<x.x>% within5=<x.x>% within10=<x.x>% within20=<x.x>% p50_ms=<x.x>`. */
export function summaryLine(f: BenchFigures): string {
  const one = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "NaN");
  return `valued=${f.valued}/${f.total} mdape=${one(f.mdape)}% within5=${one(f.within5)}% within10=${one(f.within10)}% within20=${one(f.within20)}% p50_ms=${one(f.p50_ms)}`;
}
