/**
 * `bench:valuation --calibrate-on <months>`: each region cell's 80 % range calibration, learnt as the scheduled refresh
 * learns it (app/domain/valuation/calibration-learning.ts) for the first day of the subject's month: the region's sales
 * of the `months` before it, each valued as of its own date from the sales before it with its region's model of its
 * month. A sale is valued once however many regions and months use it.
 */
import {
  calibrationSampler,
  learnRegionCalibration,
  type CalibrationSampler,
  type SalesLookup,
} from "#app/domain/valuation/calibration-learning.ts";
import { regionCellOf } from "#app/domain/valuation/cells.ts";
import type { RangeCalibration, ValuationSubject } from "#app/domain/valuation/types.ts";

import type { SalesPool } from "./pool.ts";

export class RegionCalibrations {
  private readonly calibrations = new Map<string, RangeCalibration | null>();
  private readonly lookup: SalesLookup;
  private readonly sampler: CalibrationSampler;
  private readonly valued = new Set<string>();

  constructor(
    pool: SalesPool,
    private readonly months: number,
  ) {
    this.lookup = (window, centre) => pool.lookup(window, centre);
    const sample = calibrationSampler(this.lookup);
    this.sampler = (sale) => {
      this.valued.add(sale.id);
      return sample(sale);
    };
  }

  /** How many sales were valued to calibrate. */
  get valuedSales(): number {
    return this.valued.size;
  }

  /** The subject's region's calibration for the first day of its valuation month (null: too few recent sales). */
  for(subject: ValuationSubject, valuationDate: string): RangeCalibration | null {
    const cell = regionCellOf(subject);
    const asOf = `${valuationDate.slice(0, 7)}-01`;
    const key = `${cell.latitudeCell}:${cell.longitudeCell}:${asOf}`;
    if (!this.calibrations.has(key)) {
      const learnt = learnRegionCalibration(cell, asOf, this.lookup, { months: this.months, sampler: this.sampler });
      this.calibrations.set(key, learnt.calibration);
    }
    return this.calibrations.get(key)!;
  }

  /** The calibrations learnt, by region cell and month. */
  learnt(): (RangeCalibration | null)[] {
    return [...this.calibrations.values()];
  }
}
