/** The options of `npm run bench:valuation` (tests/bench/valuation.ts), parsed and checked. */
import { parseArgs } from "node:util";

import { DROPPABLE_COLUMNS } from "./csv.ts";

export const USAGE = `Usage: npm run bench:valuation -- --sales <csv> [--subjects <csv>] [--json <out.json>] [--per-subject <out.csv>]

Values each subject with the valuation engine from the sales before it and prints the accuracy.
  --sales FILE      the pool of sales (CSV, header sale_id,parcel_id,sale_date,price,bedrooms,…,lat,lon)
  --subjects FILE   the sales to value (same header); default: the last three calendar months of --sales
  --json FILE       also write the figures as JSON
  --per-subject FILE  also write one row per subject: sale_id,price,arv,range_low,range_high,confidence
  --fit-interval    also print the 80 % range's calibration re-fitted on these subjects (and --json holds the samples)
  --every N         value every Nth subject only (a quick look while tuning; default 1)
  --calibrate-on M  calibrate the 80 % range per region as the scheduled refresh does: each region's sales of the M
                    months before the subject's month, each valued as of its date from the sales before it
  --drop-columns L  blank these columns in every sale (comma-separated CSV names; grade = quality_grade), e.g.
                    grade,condition,view — a market that lacks them
  --time-split S    subjects: the sales after the first S (0 … 1) of the calendar months of --sales, each valued from
                    every sale before it (instead of the last three months)
  --help            show this help`;

export class UsageError extends Error {}

export interface Options {
  sales: string;
  subjects?: string;
  json?: string;
  perSubject?: string;
  fitInterval: boolean;
  every: number;
  calibrateOn?: number;
  dropColumns: string[];
  timeSplit?: number;
}

export function parseOptions(argv: string[]): Options | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        sales: { type: "string" },
        subjects: { type: "string" },
        json: { type: "string" },
        "per-subject": { type: "string" },
        "fit-interval": { type: "boolean", default: false },
        every: { type: "string", default: "1" },
        "calibrate-on": { type: "string" },
        "drop-columns": { type: "string" },
        "time-split": { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return null;
  if (!values.sales) throw new UsageError("--sales <csv> is required");
  const every = Number(values.every);
  if (!Number.isInteger(every) || every < 1) throw new UsageError("--every must be a positive whole number");
  const calibrateOn = values["calibrate-on"] === undefined ? undefined : Number(values["calibrate-on"]);
  if (calibrateOn !== undefined && (!Number.isInteger(calibrateOn) || calibrateOn < 1 || calibrateOn > 12)) {
    throw new UsageError("--calibrate-on must be a whole number of months, 1 … 12");
  }
  const timeSplit = values["time-split"] === undefined ? undefined : Number(values["time-split"]);
  if (timeSplit !== undefined && !(timeSplit > 0 && timeSplit < 1)) throw new UsageError("--time-split must be a share between 0 and 1");
  if (timeSplit !== undefined && values.subjects) throw new UsageError("--time-split and --subjects cannot be used together");
  const dropColumns = (values["drop-columns"] ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "");
  const unknown = dropColumns.filter((name) => !(name in DROPPABLE_COLUMNS));
  if (unknown.length > 0) throw new UsageError(`--drop-columns: no optional column ${unknown.join(", ")}`);
  return {
    calibrateOn,
    dropColumns,
    timeSplit,
    sales: values.sales,
    subjects: values.subjects,
    json: values.json,
    perSubject: values["per-subject"],
    fitInterval: values["fit-interval"],
    every,
  };
}
