/**
 * Where the engine looks (docs/decisions/050-valuation-engine.md): a subject's candidate window, the region cells whose models
 * start its fit over all candidates, and the market cells whose trees take a share of its model value. Each window
 * is a plain box and dates; the service (D1) and the bench (an in-memory pool) read the sales in it.
 */
import { dayNumber, MILES_PER_DEGREE, monthsBefore } from "./geo.ts";
import type { CandidateWindow, RegionCell, ValuationOptions } from "./types.ts";

export const WINDOW_MILES = 3;
export const WINDOW_MONTHS = 12;
export const WINDOW_LIMIT = 1000;

/**
 * Regions (docs/decisions/050-valuation-engine.md): the map is cut into cells of REGION_CELL_DEGREES; a cell's regional model is the fit
 * over all candidates made over the nearest REGION_LIMIT sales within ±REGION_MILES of its centre (at least
 * REGION_MIN_SALES of them), and a subject's fit over all candidates is shrunk toward its cell's model as if the model
 * were `TUNING.regionalWeight` more sales. A thinly traded place's few hundred sales cannot settle its rates and
 * price index alone; its region's can, and they cost one row to read.
 */
export const REGION_CELL_DEGREES = 0.05;
export const REGION_MILES = 7;
export const REGION_LIMIT = 2000;
export const REGION_MIN_SALES = 200;
/** A kept model fitted for an earlier valuation date than this many days is not used. */
export const REGIONAL_MODEL_MAX_AGE_DAYS = 90;
/** The layout of `RegionalModel.rates`; a kept model of another version is not used (bump it when the columns change). */
export const REGIONAL_MODEL_VERSION = 2;

/**
 * Market trees (docs/decisions/050-valuation-engine.md): the map is cut into market cells of MARKET_CELL_DEGREES (ten region cells a side);
 * a cell's trees are fitted on the nearest MARKET_LIMIT sales of the 12 months before the date within
 * MARKET_MARGIN_DEGREES of the cell (at least MARKET_MIN_SALES of them), and a subject's model value takes
 * `TUNING.marketShare` of its cell's trees' value. Kept in market_models, read and aged like a regional model.
 */
export const MARKET_CELL_DEGREES = 0.5;
export const MARKET_MARGIN_DEGREES = 0.25;
export const MARKET_LIMIT = 12_000;
export const MARKET_MIN_SALES = 1_000;
/**
 * The layout of `MarketModel.trees`' features and how they are fitted (2: 128 bins, docs/decisions/050-valuation-engine.md); a kept model of
 * another version is not used, and `db:seed` refits it.
 */
export const MARKET_MODEL_VERSION = 2;
/** A market cell is this many region cells a side (MARKET_CELL_DEGREES / REGION_CELL_DEGREES). */
export const REGION_CELLS_PER_MARKET_CELL = Math.round(MARKET_CELL_DEGREES / REGION_CELL_DEGREES);

/** Cells are numbered from 90° S … */
const SOUTH_POLE_OFFSET = 90;
/** … and from 180° W, so neither sum is ever negative. */
const ANTIMERIDIAN_OFFSET = 180;
/** A cell's centre lies half a cell north and east of its south-west corner. */
const HALF_CELL = 0.5;
/** Near the poles a degree of longitude is never taken as shorter than this share of one of latitude. */
const MIN_LONGITUDE_SHRINK = 0.05;

/** The sales the engine wants for this subject (see CandidateWindow). */
export function candidateWindow(
  subject: { latitude: number; longitude: number },
  options: ValuationOptions,
  miles: number = WINDOW_MILES,
): CandidateWindow {
  assertDate(options.valuationDate);
  const dLat = miles / MILES_PER_DEGREE;
  const dLon = miles / (MILES_PER_DEGREE * Math.max(MIN_LONGITUDE_SHRINK, Math.cos((subject.latitude * Math.PI) / 180)));
  return {
    minLatitude: subject.latitude - dLat,
    maxLatitude: subject.latitude + dLat,
    minLongitude: subject.longitude - dLon,
    maxLongitude: subject.longitude + dLon,
    fromDate: monthsBefore(options.valuationDate, WINDOW_MONTHS),
    beforeDate: options.valuationDate,
    limit: WINDOW_LIMIT,
  };
}

/**
 * The region cell a point lies in, counted from 90° S and 180° W. The service's `REGION_CELL_SQL`
 * (app/services/valuation/region-cells.server.ts) computes the same in SQLite (the same double arithmetic, truncated;
 * neither sum is ever negative).
 */
export function regionCellOf(point: { latitude: number; longitude: number }): RegionCell {
  return {
    latitudeCell: Math.trunc((point.latitude + SOUTH_POLE_OFFSET) / REGION_CELL_DEGREES),
    longitudeCell: Math.trunc((point.longitude + ANTIMERIDIAN_OFFSET) / REGION_CELL_DEGREES),
  };
}

/** A region cell's centre: what its model's window and positions are measured from. */
export function regionCentre(cell: RegionCell): { latitude: number; longitude: number } {
  return cellCentre(cell, REGION_CELL_DEGREES);
}

/** The sales a region cell's model is fitted on: within ±REGION_MILES of its centre, the nearest REGION_LIMIT. */
export function regionWindow(cell: RegionCell, options: ValuationOptions): CandidateWindow {
  return { ...candidateWindow(regionCentre(cell), options, REGION_MILES), limit: REGION_LIMIT };
}

/** The market cell a point lies in (counted like `regionCellOf`, so a region cell lies in exactly one). */
export function marketCellOf(point: { latitude: number; longitude: number }): RegionCell {
  return marketCellOfRegion(regionCellOf(point));
}

/** The market cell a region cell lies in. */
export function marketCellOfRegion(cell: RegionCell): RegionCell {
  return {
    latitudeCell: Math.floor(cell.latitudeCell / REGION_CELLS_PER_MARKET_CELL),
    longitudeCell: Math.floor(cell.longitudeCell / REGION_CELLS_PER_MARKET_CELL),
  };
}

/** A market cell's centre. */
export function marketCentre(cell: RegionCell): { latitude: number; longitude: number } {
  return cellCentre(cell, MARKET_CELL_DEGREES);
}

/** The sales a market cell's trees are fitted on: within the cell or MARKET_MARGIN_DEGREES of it, the nearest MARKET_LIMIT. */
export function marketWindow(cell: RegionCell, options: ValuationOptions): CandidateWindow {
  assertDate(options.valuationDate);
  const centre = marketCentre(cell);
  const half = MARKET_CELL_DEGREES / 2 + MARKET_MARGIN_DEGREES;
  return {
    minLatitude: centre.latitude - half,
    maxLatitude: centre.latitude + half,
    minLongitude: centre.longitude - half,
    maxLongitude: centre.longitude + half,
    fromDate: monthsBefore(options.valuationDate, WINDOW_MONTHS),
    beforeDate: options.valuationDate,
    limit: MARKET_LIMIT,
  };
}

/** The day number of a valuation date; a date that is not YYYY-MM-DD is the caller's bug, so it throws. */
export function assertDate(date: string): number {
  const day = dayNumber(date);
  if (Number.isNaN(day)) throw new RangeError(`valuationDate must be YYYY-MM-DD, got ${JSON.stringify(date)}`);
  return day;
}

/** The centre of a cell `degrees` a side, numbered from 90° S and 180° W. */
function cellCentre(cell: RegionCell, degrees: number): { latitude: number; longitude: number } {
  return {
    latitude: (cell.latitudeCell + HALF_CELL) * degrees - SOUTH_POLE_OFFSET,
    longitude: (cell.longitudeCell + HALF_CELL) * degrees - ANTIMERIDIAN_OFFSET,
  };
}
