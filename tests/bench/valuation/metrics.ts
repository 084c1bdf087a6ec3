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

/** A subject's price and its 80 % range, when valued. */
export interface RangeOutcome {
  price: number;
  arv: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
}

export interface RangeFigures {
  /** Percentages (0 … 100): the share of valued subjects whose price lies in the range, and the median half-width as a share of the ARV. */
  coverage: number;
  medianHalfWidth: number;
}

export function rangeFigures(outcomes: readonly RangeOutcome[]): RangeFigures {
  const valued = outcomes.filter((o) => o.arv !== null && o.rangeLow !== null && o.rangeHigh !== null);
  const inside = valued.filter((o) => o.price >= o.rangeLow! && o.price <= o.rangeHigh!).length;
  return {
    coverage: valued.length === 0 ? Number.NaN : (100 * inside) / valued.length,
    medianHalfWidth:
      valued.length === 0
        ? Number.NaN
        : 100 *
          quantile(
            valued.map((o) => (o.rangeHigh! - o.rangeLow!) / 2 / o.arv!),
            0.5,
          ),
  };
}

/** The line printed before the last: `range80_coverage=<x.x>% median_halfwidth=<x.x>%`. */
export function rangeLine(f: RangeFigures): string {
  const one = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "NaN");
  return `range80_coverage=${one(f.coverage)}% median_halfwidth=${one(f.medianHalfWidth)}%`;
}

/** One subject's row of `--per-subject`. */
export interface SubjectRow {
  saleId: string;
  price: number;
  arv: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
  confidence: number | null;
  /** The subject's region cell ("lat:lon" cell numbers), for the coverage by region. */
  region?: string;
}

/** Regions with fewer valued subjects than this are listed but left out of the line's spread of coverages. */
export const REGION_MIN_SUBJECTS = 30;

/**
 * `range80_coverage_by_region=<regions> spread(n≥30)=<p10>/<median>/<p90>% <cell>=<x.x>%/<n> …`: the 80 % range's
 * coverage in each region cell, largest first, and the 10th, 50th and 90th percentile over the regions with at least
 * REGION_MIN_SUBJECTS valued subjects.
 */
export function rangeByRegionLine(rows: readonly SubjectRow[]): string {
  const byRegion = new Map<string, SubjectRow[]>();
  for (const row of rows) {
    if (row.region === undefined) continue;
    const list = byRegion.get(row.region);
    if (list) list.push(row);
    else byRegion.set(row.region, [row]);
  }
  const regions = [...byRegion.entries()]
    .map(([region, list]) => ({ region, list, valued: list.filter((r) => r.arv !== null).length, ...rangeFigures(list) }))
    .filter((r) => r.valued > 0)
    .sort((a, b) => b.valued - a.valued || (a.region < b.region ? -1 : 1));
  const large = regions.filter((r) => r.valued >= REGION_MIN_SUBJECTS).map((r) => r.coverage);
  const spread = large.length === 0 ? "NaN" : [0.1, 0.5, 0.9].map((q) => quantile(large, q).toFixed(1)).join("/");
  const cells = regions.map((r) => `${r.region}=${r.coverage.toFixed(1)}%/${r.valued}`).join(" ");
  return `range80_coverage_by_region=${regions.length} spread(n>=${REGION_MIN_SUBJECTS}: ${large.length})=${spread}% ${cells}`;
}

export const PER_SUBJECT_HEADER = "sale_id,price,arv,range_low,range_high,confidence";

/** The `--per-subject` CSV: the header, then one row per subject (blank figures when unvalued). */
export function perSubjectCsv(rows: readonly SubjectRow[]): string {
  const cell = (value: number | null) => (value === null ? "" : String(value));
  const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const lines = rows.map((r) =>
    [quoted(r.saleId), String(r.price), cell(r.arv), cell(r.rangeLow), cell(r.rangeHigh), cell(r.confidence)].join(","),
  );
  return `${[PER_SUBJECT_HEADER, ...lines].join("\n")}\n`;
}
