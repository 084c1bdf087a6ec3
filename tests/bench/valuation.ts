/**
 * `npm run bench:valuation -- --sales <csv> [--subjects <csv>] [--json <out.json>]`: the valuation engine's accuracy
 *. Runs the engine module the API runs (`#app/domain/valuation/engine`), fed by `candidateWindow` from an
 * in-memory pool (tests/bench/valuation/pool.ts), so both see the same candidates, and by the regional model of the
 * subject's cell fitted for its valuation date from the same pool (`regionWindow`, `regionalModel`), and the trees of
 * its market cell fitted for the first day of its valuation month (`marketWindow`, `marketModel`: sales before that day
 * only), as the API keeps them (docs/decisions/050-valuation-engine.md).
 *
 * With --subjects each subject is valued from the --sales pool using only sales dated before the subject's sale and
 * never a sale of the same parcel; without it the sales of the last three calendar months of --sales are the subjects,
 * each valued from every sale before it. The subject's price is never handed to the engine.
 * Prints valued/total, MdAPE, the shares within 5/10/20 %, p50/p99 ms per valuation (the engine call), then
 * `range80_coverage=<x.x>% median_halfwidth=<x.x>%` (the share of prices inside the 80 % range, the range's median
 * half-width as a share of the ARV), and last the line `valued=<n>/<total> mdape=<x.x>% within5=<x.x>% within10=<x.x>% within20=<x.x>% p50_ms=<x.x>`.
 * `--per-subject FILE` writes one row per subject (`sale_id,price,arv,range_low,range_high,confidence`, blank figures
 * when unvalued); `--fit-interval` also prints the 80 % range's calibration re-fitted on these subjects
 * (tests/bench/valuation/interval-fit.ts). Bad arguments or an unreadable file: a message and exit code 2.
 */
import { readFileSync, writeFileSync } from "node:fs";

import {
  candidateWindow,
  marketCellOf,
  marketCentre,
  marketWindow,
  regionCellOf,
  regionCentre,
  regionWindow,
} from "#app/domain/valuation/cells.ts";
import { valueSubject } from "#app/domain/valuation/engine.ts";
import { marketModel } from "#app/domain/valuation/market.ts";
import { regionalModel } from "#app/domain/valuation/regional.ts";
import type {
  MarketModel,
  RangeCalibration,
  RegionalModel,
  Sale,
  ValuationOptions,
  ValuationSubject,
} from "#app/domain/valuation/types.ts";
import { RegionCalibrations } from "#tests/bench/valuation/calibration.ts";
import { CsvError, dropColumns, parseSalesCsv } from "#tests/bench/valuation/csv.ts";
import { fitInterval, type ErrorSample } from "#tests/bench/valuation/interval-fit.ts";
import {
  benchFigures,
  perSubjectCsv,
  rangeByRegionLine,
  rangeFigures,
  rangeLine,
  summaryLine,
  type Outcome,
  type SubjectRow,
} from "#tests/bench/valuation/metrics.ts";
import { parseOptions, USAGE, UsageError, type Options } from "#tests/bench/valuation/options.ts";
import { SalesPool } from "#tests/bench/valuation/pool.ts";

function readSales(file: string, what: string): Sale[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${what} file ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let parsed;
  try {
    parsed = parseSalesCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new UsageError(`${what} file ${file}: ${error.message}`);
    throw error;
  }
  if (parsed.skipped.length > 0) {
    console.warn(
      `${what} file ${file}: ${parsed.skipped.length} row(s) skipped (${parsed.skipped.slice(0, 5).join("; ")}${parsed.skipped.length > 5 ? "; …" : ""})`,
    );
  }
  if (parsed.sales.length === 0) throw new UsageError(`${what} file ${file} holds no usable sale`);
  return parsed.sales;
}

/** The first day of the calendar month two months before the latest sale's month. */
function lastThreeMonthsStart(sales: readonly Sale[]): string {
  const latest = sales.reduce((max, sale) => (sale.saleDate > max ? sale.saleDate : max), "");
  const year = Number(latest.slice(0, 4));
  const month = Number(latest.slice(5, 7)) - 1 - 2;
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** The first day of the calendar month after the first `share` of the sales' calendar months. */
function timeSplitStart(sales: readonly Sale[], share: number): string {
  const months = [...new Set(sales.map((sale) => sale.saleDate.slice(0, 7)))].sort();
  const train = Math.min(months.length - 1, Math.max(1, Math.round(share * months.length)));
  return `${months[train]}-01`;
}

/** The region cell a sale lies in, as `bench:valuation` names it in `range80_coverage_by_region`. */
function regionKey(sale: Sale): string {
  const cell = regionCellOf(sale);
  return `${cell.latitudeCell}:${cell.longitudeCell}`;
}

function toSubject(sale: Sale): ValuationSubject {
  // Everything but the price (and the sale's own id/date): the engine never sees what the subject sold for.
  const { price: _price, id: _id, saleDate: _date, daysOnMarket: _dom, sourceUrl: _source, ...facts } = sale;
  return facts;
}

function run(options: Options): void {
  const started = performance.now();
  const sales = dropColumns(readSales(options.sales, "sales"), options.dropColumns);
  let subjects: Sale[];
  if (options.subjects) subjects = dropColumns(readSales(options.subjects, "subjects"), options.dropColumns);
  else {
    const from = options.timeSplit === undefined ? lastThreeMonthsStart(sales) : timeSplitStart(sales, options.timeSplit);
    subjects = sales.filter((sale) => sale.saleDate >= from);
    console.log(`subjects: the ${subjects.length} sales from ${from} on, each valued from every sale before it`);
  }
  if (options.dropColumns.length > 0) console.log(`columns dropped: ${options.dropColumns.join(", ")}`);
  subjects = [...subjects].sort((a, b) => (a.saleDate < b.saleDate ? -1 : a.saleDate > b.saleDate ? 1 : a.id < b.id ? -1 : 1));
  if (options.every > 1) subjects = subjects.filter((_, i) => i % options.every === 0);
  const pool = new SalesPool(sales);
  /** One value per key, made on first use. */
  const cached = <T>(made: Map<string, T>, key: string, make: () => T): T => {
    if (!made.has(key)) made.set(key, make());
    return made.get(key)!;
  };
  // The regional models the API keeps (regional_models), fitted here for each subject's valuation date from the
  // pool: a model per region cell and date, each from the sales before that date only.
  const regionalModels = new Map<string, RegionalModel | null>();
  const regionalModelFor = (subject: ValuationSubject, valuation: ValuationOptions): RegionalModel | null => {
    const cell = regionCellOf(subject);
    return cached(regionalModels, `${cell.latitudeCell}:${cell.longitudeCell}:${valuation.valuationDate}`, () =>
      regionalModel(cell, pool.lookup(regionWindow(cell, valuation), regionCentre(cell)), valuation),
    );
  };
  // The market trees (market_models), fitted here as a monthly refresh would: for the first day of the subject's month,
  // from the pool's sales before it; a model per market cell and month.
  const marketModels = new Map<string, MarketModel | null>();
  const marketModelFor = (subject: ValuationSubject, valuation: ValuationOptions): MarketModel | null => {
    const cell = marketCellOf(subject);
    const monthStart = { valuationDate: `${valuation.valuationDate.slice(0, 7)}-01` };
    return cached(marketModels, `${cell.latitudeCell}:${cell.longitudeCell}:${monthStart.valuationDate}`, () =>
      marketModel(cell, pool.lookup(marketWindow(cell, monthStart), marketCentre(cell)), monthStart),
    );
  };

  // The kept trees read into predictors once per market model, as a long-lived caller would (the engine keeps no cache).
  const treesCache: NonNullable<ValuationOptions["treesCache"]> = new WeakMap();

  const valueAt = (sale: Sale, rangeCalibration?: RangeCalibration | null) => {
    const subject = toSubject(sale);
    const valuation = { valuationDate: sale.saleDate };
    const candidates = pool.lookup(candidateWindow(subject, valuation), subject);
    const regional = regionalModelFor(subject, valuation);
    const market = marketModelFor(subject, valuation);
    const t0 = performance.now();
    const outcome = valueSubject(subject, candidates, { ...valuation, regional, market, treesCache, rangeCalibration });
    return { outcome, ms: performance.now() - t0 };
  };
  const calibrations = options.calibrateOn === undefined ? null : new RegionCalibrations(pool, options.calibrateOn);

  const outcomes: Outcome[] = [];
  const rows: SubjectRow[] = [];
  const samples: ErrorSample[] = [];
  const millis: number[] = [];
  const steps = new Map<number, number>();
  for (const sale of subjects) {
    const rangeCalibration = calibrations?.for(sale, sale.saleDate);
    const { outcome, ms } = valueAt(sale, rangeCalibration);
    millis.push(ms);
    outcomes.push({ price: sale.price, arv: outcome.ok ? outcome.result.arv : null });
    const result = outcome.ok ? outcome.result : null;
    rows.push({
      saleId: sale.id,
      price: sale.price,
      arv: result?.arv ?? null,
      rangeLow: result?.range_low ?? null,
      rangeHigh: result?.range_high ?? null,
      confidence: result?.confidence ?? null,
      region: regionKey(sale),
    });
    if (result) {
      steps.set(result.selectionStep, (steps.get(result.selectionStep) ?? 0) + 1);
      // The unrounded estimate's error would be a hair closer; the ARV as answered is what the range must hold.
      samples.push({ evidence: result.evidence, logError: Math.log(sale.price / result.arv) });
    }
  }
  if (calibrations) {
    const learnt = calibrations.learnt();
    const own = learnt.filter((c) => c !== null);
    const scales = own.map((c) => c.scale).sort((a, b) => a - b);
    console.log(
      `calibrated on ${options.calibrateOn} month(s): ${calibrations.valuedSales} recent sales valued; ${own.length}/${learnt.length} region-months with a scale of their own (scale min ${scales[0]?.toFixed(2)}, median ${scales[scales.length >> 1]?.toFixed(2)}, max ${scales[scales.length - 1]?.toFixed(2)}), the rest the global scale and Low`,
    );
  }

  const figures = benchFigures(outcomes, millis);
  console.log(`pool: ${sales.length} sales; subjects: ${subjects.length}; ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  console.log(
    `selection steps used: ${
      [...steps.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([step, count]) => `step ${step} × ${count}`)
        .join(", ") || "none"
    }`,
  );
  console.log(`valued ${figures.valued}/${figures.total} (${((100 * figures.valued) / Math.max(1, figures.total)).toFixed(1)} %)`);
  console.log(
    `MdAPE ${figures.mdape.toFixed(1)} %; within 5 % ${figures.within5.toFixed(1)} %, within 10 % ${figures.within10.toFixed(1)} %, within 20 % ${figures.within20.toFixed(1)} %`,
  );
  console.log(`per valuation (engine): p50 ${figures.p50_ms.toFixed(2)} ms, p99 ${figures.p99_ms.toFixed(2)} ms`);
  const range = rangeFigures(rows);
  if (options.fitInterval) console.log(`interval calibration re-fitted on these subjects: ${JSON.stringify(fitInterval(samples))}`);
  // With --fit-interval the JSON also holds the samples, so runs on several splits can be fitted together.
  const json = options.fitInterval ? { ...figures, ...range, samples } : { ...figures, ...range };
  if (options.json) write(options.json, `${JSON.stringify(json, null, 2)}\n`);
  if (options.perSubject) write(options.perSubject, perSubjectCsv(rows));
  console.log(rangeByRegionLine(rows));
  console.log(rangeLine(range));
  console.log(summaryLine(figures));
}

function write(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new UsageError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function main(): number {
  try {
    const options = parseOptions(process.argv.slice(2));
    if (options === null) {
      console.log(USAGE);
      return 0;
    }
    run(options);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`bench:valuation: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = main();
