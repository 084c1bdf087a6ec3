/**
 * `npm run bench:market-agreement -- [--properties N] [--sample N] [--seed S]`: whether the synthetic local market
 * agrees with itself. Generates the market in memory (no D1), values --sample random homes with the
 * engine from their neighbours' sales and prints the median and p90 of |engine ARV / estimated value − 1|; the last
 * line is `market_agreement sampled=<n> valued=<n> median_gap=<x.x>% p90_gap=<x.x>%`. The target is a median ≤ 10 %
 * over 1,000 homes (docs/valuation.md).
 */
import { parseArgs } from "node:util";

import { measureAgreement } from "./market-agreement/measure.ts";

const DEFAULT_PROPERTIES = 40_000;
const DEFAULT_SAMPLE = 1_000;

function main(): number {
  const { values } = parseArgs({
    options: {
      properties: { type: "string", default: String(DEFAULT_PROPERTIES) },
      sample: { type: "string", default: String(DEFAULT_SAMPLE) },
      seed: { type: "string" },
    },
    strict: true,
  });
  const properties = Number(values.properties);
  const sample = Number(values.sample);
  if (!Number.isInteger(properties) || properties < 1 || !Number.isInteger(sample) || sample < 1) {
    console.error("bench:market-agreement: --properties and --sample must be positive whole numbers");
    return 2;
  }
  const started = performance.now();
  const figures = measureAgreement({ properties, sample, seed: values.seed });
  console.log(`market of ${properties} homes; ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(
    `market_agreement sampled=${figures.sampled} valued=${figures.valued} median_gap=${figures.medianGapPct.toFixed(1)}% p90_gap=${figures.p90GapPct.toFixed(1)}%`,
  );
  return 0;
}

process.exitCode = main();
