/**
 * Regional models (docs/decisions/050-valuation-engine.md): a region cell's fit over all candidates, fitted offline and kept in
 * regional_models, from which a subject's fit over all candidates starts.
 */
import { candidatesAround } from "./candidates.ts";
import { REGION_MIN_SALES, REGIONAL_MODEL_MAX_AGE_DAYS, regionCentre } from "./cells.ts";
import { F, K, T, TS } from "./features.ts";
import { fitOverAll } from "./fits.ts";
import { dayNumber } from "./geo.ts";
import type { RegionalModel, RegionCell, Sale, ValuationOptions } from "./types.ts";

/**
 * A region cell's model (docs/decisions/050-valuation-engine.md): the fit over all candidates, made over `sales` (those of
 * `regionWindow(cell, options)`) around the cell's centre, with generic priors; null when fewer than REGION_MIN_SALES
 * of them can be used.
 */
export function regionalModel(cell: RegionCell, sales: readonly Sale[], options: ValuationOptions): RegionalModel | null {
  const { pool } = candidatesAround(regionCentre(cell), sales, options);
  if (pool.length < REGION_MIN_SALES) return null;
  const fit = fitOverAll(pool, null);
  return { asOf: options.valuationDate, sales: pool.length, rates: [...fit.beta.subarray(0, F), ...fit.beta.subarray(TS, K)] };
}

/** The options' regional model when it may be used: fitted for this valuation date or a little earlier, of this layout. */
export function usableRegional(options: ValuationOptions): RegionalModel | null {
  const regional = options.regional;
  if (!regional || regional.rates.length !== F + T || !regional.rates.every(Number.isFinite)) return null;
  const age = dayNumber(options.valuationDate) - dayNumber(regional.asOf);
  return age >= 0 && age <= REGIONAL_MODEL_MAX_AGE_DAYS ? regional : null;
}
