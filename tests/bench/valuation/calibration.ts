/**
 * `bench:valuation --calibrate-on <months>`: each region cell's 80 % range calibration, learnt as the scheduled refresh
 * learns it (app/domain/valuation/range-calibration.ts) for the first day of the subject's month: the region's sales of
 * the `months` before it, each valued as of its own date from the sales before it. A sale is valued once however many
 * regions and months use it.
 */
import { regionCellOf, regionCentre } from "#app/domain/valuation/cells.ts";
import { errorScale } from "#app/domain/valuation/interval.ts";
import { calibrateRange, calibrationWindow, type CalibrationSample } from "#app/domain/valuation/range-calibration.ts";
import type { RangeCalibration, Sale, ValuationResult, ValuationSubject } from "#app/domain/valuation/types.ts";

import type { SalesPool } from "./pool.ts";

/** Values a sale as of its own date from the sales before it (the bench's engine call), or null when refused. */
export type ValueSale = (sale: Sale) => ValuationResult | null;

export class RegionCalibrations {
  private readonly samples = new Map<string, CalibrationSample | null>();
  private readonly calibrations = new Map<string, RangeCalibration | null>();
  /** How many sales were valued to calibrate. */
  valuedSales = 0;

  constructor(
    private readonly pool: SalesPool,
    private readonly months: number,
    private readonly valueSale: ValueSale,
  ) {}

  /** The subject's region's calibration for the first day of its valuation month (null: too few recent sales). */
  for(subject: ValuationSubject, valuationDate: string): RangeCalibration | null {
    const cell = regionCellOf(subject);
    const asOf = `${valuationDate.slice(0, 7)}-01`;
    const key = `${cell.latitudeCell}:${cell.longitudeCell}:${asOf}`;
    if (!this.calibrations.has(key)) {
      const recent = this.pool.lookup(calibrationWindow(cell, { valuationDate: asOf }, this.months), regionCentre(cell));
      const samples = recent.map((sale) => this.sampleOf(sale)).filter((s): s is CalibrationSample => s !== null);
      this.calibrations.set(key, calibrateRange(samples, asOf));
    }
    return this.calibrations.get(key)!;
  }

  /** The calibrations learnt, by region cell and month. */
  learnt(): (RangeCalibration | null)[] {
    return [...this.calibrations.values()];
  }

  private sampleOf(sale: Sale): CalibrationSample | null {
    if (!this.samples.has(sale.id)) {
      this.valuedSales++;
      const result = this.valueSale(sale);
      this.samples.set(sale.id, result ? { halfWidth: errorScale(result.evidence), logError: Math.log(sale.price / result.arv) } : null);
    }
    return this.samples.get(sale.id)!;
  }
}
