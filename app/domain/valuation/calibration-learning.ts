/**
 * Learning a region's 80 % range calibration (docs/decisions/076-valuation-80-percent-range.md) from sales
 * already in hand: the scheduled refresh reads one pool of sales around the region, the benchmark has its whole file.
 * Each of the region's recent sales is valued as of its own date from the sales before it, with its region cell's
 * model fitted for the first day of that sale's month (as a monthly refresh kept it) and no market trees (fitting them
 * for every month would overrun the refresh's CPU budget); its error against its predicted half-width is one sample.
 */
import { candidateWindow, REGION_CELL_DEGREES, REGION_MILES, regionCellOf, regionCentre, regionWindow, WINDOW_MONTHS } from "./cells.ts";
import { valueSubject } from "./engine.ts";
import { inWindow, MILES_PER_DEGREE, monthsBefore, nearestFirst } from "./geo.ts";
import { errorScale } from "./interval.ts";
import {
  calibrateRange,
  CALIBRATION_MIN_SALES,
  CALIBRATION_MONTHS,
  calibrationWindow,
  type CalibrationSample,
} from "./range-calibration.ts";
import { regionalModel } from "./regional.ts";
import type { CandidateWindow, RangeCalibration, RegionalModel, RegionCell, Sale, ValuationSubject } from "./types.ts";

/** A region cell's diagonal in miles: how far a neighbour's centre may lie beyond REGION_MILES. */
const REGION_CELL_MILES = REGION_CELL_DEGREES * MILES_PER_DEGREE * Math.SQRT2;

/** A window's sales from what is in hand, the nearest `limit` to `centre` (as the API's indexed read answers it). */
export type SalesLookup = (window: CandidateWindow, centre: { latitude: number; longitude: number }) => Sale[];

/** The lookup over a plain list (the refresh's pool): a scan, fine for the few thousand sales around one region. */
export function listLookup(sales: readonly Sale[]): SalesLookup {
  return (window, centre) =>
    nearestFirst(
      sales.filter((sale) => inWindow(sale, window)),
      centre,
      window.limit,
    );
}

/**
 * The sales a region's calibration may read for `asOf`: around its centre as far as its recent sales' own regions
 * reach (their models are fitted from REGION_MILES around their cells), from a year before its first recent month.
 * The refresh reads this window once a region.
 */
export function calibrationPoolWindow(cell: RegionCell, asOf: string, limit: number, months = CALIBRATION_MONTHS): CandidateWindow {
  return {
    ...candidateWindow(regionCentre(cell), { valuationDate: asOf }, 2 * REGION_MILES + REGION_CELL_MILES),
    fromDate: monthsBefore(asOf, months + WINDOW_MONTHS),
    limit,
  };
}

/** Everything the engine is told about a sale but its price (and its own id, date and listing facts). */
export function subjectOfSale(sale: Sale): ValuationSubject {
  const { price: _price, id: _id, saleDate: _date, daysOnMarket: _dom, sourceUrl: _source, ...facts } = sale;
  return facts;
}

/** Values recent sales for calibration; one sampler values a sale once, however many regions' calibrations use it. */
export type CalibrationSampler = (sale: Sale) => CalibrationSample | null;

/**
 * The sampler over `lookup`: a sale valued as of its date from the sales before it, with its own region cell's model
 * fitted for the first day of its month; null when the engine refuses it.
 */
export function calibrationSampler(lookup: SalesLookup): CalibrationSampler {
  const models = new Map<string, RegionalModel | null>();
  const samples = new Map<string, CalibrationSample | null>();
  const modelOf = (sale: Sale) => {
    const cell = regionCellOf(sale);
    const monthStart = { valuationDate: `${sale.saleDate.slice(0, 7)}-01` };
    const key = `${cell.latitudeCell}:${cell.longitudeCell}:${monthStart.valuationDate}`;
    if (!models.has(key)) models.set(key, regionalModel(cell, lookup(regionWindow(cell, monthStart), regionCentre(cell)), monthStart));
    return models.get(key)!;
  };
  return (sale) => {
    if (!samples.has(sale.id)) {
      const subject = subjectOfSale(sale);
      const valuation = { valuationDate: sale.saleDate };
      const candidates = lookup(candidateWindow(subject, valuation), subject);
      const outcome = valueSubject(subject, candidates, { ...valuation, regional: modelOf(sale), market: null });
      const sample = outcome.ok
        ? { halfWidth: errorScale(outcome.result.evidence), logError: Math.log(sale.price / outcome.result.arv) }
        : null;
      samples.set(sale.id, sample);
    }
    return samples.get(sale.id)!;
  };
}

/**
 * The region cell's calibration for `asOf` (null: fewer than CALIBRATION_MIN_SALES of its recent sales valued), and
 * how many recent sales it read.
 */
export function learnRegionCalibration(
  cell: RegionCell,
  asOf: string,
  lookup: SalesLookup,
  options: { months?: number; sampler?: CalibrationSampler } = {},
): { calibration: RangeCalibration | null; recent: number } {
  const recent = lookup(calibrationWindow(cell, { valuationDate: asOf }, options.months ?? CALIBRATION_MONTHS), regionCentre(cell));
  // Too few to calibrate even if every one were valued: none is.
  if (recent.length < CALIBRATION_MIN_SALES) return { calibration: null, recent: recent.length };
  const sampler = options.sampler ?? calibrationSampler(lookup);
  const samples = recent.map(sampler).filter((s): s is CalibrationSample => s !== null);
  return { calibration: calibrateRange(samples, asOf), recent: recent.length };
}
