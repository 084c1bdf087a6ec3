/**
 * `npx tsx tests/bench/valuation/fit-interval-cli.ts <a.json> [<b.json> …]`: the 80 % range's calibration fitted on
 * the samples of several `npm run bench:valuation -- --fit-interval --json <file>` runs together (e.g. a market with
 * every column and the same market with the optional columns blank), printed as JSON for
 * app/domain/valuation/interval.ts's INTERVAL_CALIBRATION (docs/decisions/076-valuation-80-percent-range.md).
 */
import { readFileSync } from "node:fs";

import { fitInterval, type ErrorSample } from "./interval-fit.ts";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("Usage: npx tsx tests/bench/valuation/fit-interval-cli.ts <bench --fit-interval --json file> …");
  process.exitCode = 2;
} else {
  const samples = files.flatMap((file) => (JSON.parse(readFileSync(file, "utf8")) as { samples: ErrorSample[] }).samples);
  console.log(JSON.stringify(fitInterval(samples)));
}
