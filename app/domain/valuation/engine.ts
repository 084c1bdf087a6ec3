/**
 * The valuation engine (the spec's "ARV (valuation) result" and "Comparable"; spec 01 FAQ comps criteria).
 * Pure: no bindings, no I/O, deterministic. The API and `npm run bench:valuation` both call it.
 *
 * 1. Candidates (`./cells.ts`, `./candidates.ts`). `candidateWindow` asks for every sale within ±WINDOW_MILES of the
 *    subject, sold in the WINDOW_MONTHS before the valuation date, the nearest WINDOW_LIMIT of them. `valueSubject`
 *    drops any sale of the subject's own parcel and any sale dated on or after the valuation date whatever it is handed.
 * 2. Market model (`./fits.ts`, `./local-fits.ts`, `./price-index.ts`, `./location.ts`). A robust weighted ridge
 *    regression of ln(price) on the homes' facts (`./features.ts`) and a piecewise-linear price index in time (0 at the
 * latest candidate sale, carried from there to the valuation date, damped; docs/decisions/050-valuation-engine.md), fitted on all
 * candidates — starting from the subject's region's model when one is kept (`./regional.ts`, docs/decisions/050-valuation-engine.md) —
 *    then again locally, shrunk toward that first fit: over the nearest sales, fewer of them, and more of them
 * weighted also by likeness (docs/decisions/050-valuation-engine.md), and the fit over all candidates plus trees on its residuals
 * (`./boost.ts`, docs/decisions/050-valuation-engine.md). The first local fit's coefficients are the adjustment rates and the price
 * index. Prices are taken less a yearly seasonal factor (docs/decisions/050-valuation-engine.md). A fit's residuals near a point are
 * that point's location factor (docs/decisions/050-valuation-engine.md). When the subject's market cell has trees kept
 * (`./market.ts`, docs/decisions/050-valuation-engine.md), the model value takes `TUNING.marketShare` of their value.
 * 3. Selection (`./selection.ts`): the FAQ criteria, widened in steps until `TUNING.minComps` comps qualify; none at
 *    the widest step → the `no_comps` refusal, never a made-up number. Ranked by similarity (`./adjustments.ts`). The
 *    user's pinned sales are always comps and their excluded ones never (`options.choices`, ADR 091).
 * 4. Each comp's price is brought to the valuation date, adjusted for each fact that differs and for location
 * (`./adjustments.ts`). The ARV blends the comps' robust mean with the model value (`./blend.ts`, docs/decisions/050-valuation-engine.md)
 *    and the rationale says so with both values (`./rationale.ts`). The range is an 80 % prediction interval whose
 *    width is predicted from the valuation's evidence and calibrated on held-out sales, and the confidence and its
 *    words come from the same width (`./interval.ts`, docs/decisions/076-valuation-80-percent-range.md). The tuned
 *    constants are in `./tuning.ts`.
 */
import { assessCandidates, locateComps, valuedComp } from "./adjustments.ts";
import { compsMean, estimateOf, modelShareOf, modelValue, roundMoney, type CompsMean, type Estimate } from "./blend.ts";
import { candidatesAround } from "./candidates.ts";
import { assertDate, REGIONAL_MODEL_MAX_AGE_DAYS } from "./cells.ts";
import { factValues } from "./features.ts";
import { fitOverAll } from "./fits.ts";
import { dayNumber } from "./geo.ts";
import { intervalOf, unknownShareOf, type IntervalEvidence } from "./interval.ts";
import { localModel } from "./local-fits.ts";
import { marketValue } from "./market.ts";
import { indexChange, marketTimeOf, type MarketTime } from "./price-index.ts";
import { usableCalibration } from "./range-calibration.ts";
import { assumptionsOf, rationaleOf } from "./rationale.ts";
import { usableRegional } from "./regional.ts";
import { selectComps, SELECTION_STEPS } from "./selection.ts";
import type { Sale, ValuationOptions, ValuationOutcome, ValuationResult, ValuationSubject } from "./types.ts";
import { neighbourhoodOf } from "./valuation-location.ts";

export const NO_COMPS_MESSAGE =
  "No comparable sales were found near this property in the last 12 months, so no value can be estimated from comps.";

const METHOD = "Comparable sales, adjusted by a local market model";

const NO_SALES: ReadonlySet<string> = new Set();

/** The ARV of `subject` from `candidates` (the sales of its `candidateWindow`), or the `no_comps` refusal. */
export function valueSubject(subject: ValuationSubject, candidates: readonly Sale[], options: ValuationOptions): ValuationOutcome {
  const valuationDay = assertDate(options.valuationDate);
  const subjectX = factValues(subject);
  const { pool, gap, span } = candidatesAround(subject, candidates, options);
  if (pool.length === 0) return refuse();

  const hood = neighbourhoodOf(subject, subjectX, pool);
  const global = fitOverAll(pool, usableRegional(options));
  const { main, values } = localModel(hood, global);
  const time = marketTimeOf(main.model.beta, valuationDay, gap, span);

  const pinned = options.choices?.pinned ?? NO_SALES;
  const excluded = options.choices?.excluded ?? NO_SALES;
  const assessed = assessCandidates(hood, time).filter((a) => !excluded.has(a.c.sale.id));
  const selection = selectComps(subject, assessed, pinned);
  if (!selection) return refuse();
  locateComps(selection.chosen, hood, main);

  const mean = compsMean(selection.chosen, pinned);
  const modelLog = modelValue(values, time, marketValue(options, subject, subjectX, pool, time));
  const modelShare = modelShareOf(selection.stepIndex);
  const estimate = estimateOf(mean, modelLog, modelShare);
  const models = { residualScale: main.model.residualScale, fitValues: values };
  const blend = { modelLog, modelShare, estimate, evidence: evidenceOf(subject, estimate, mean, models, selection.stepIndex, gap) };
  return { ok: true, result: resultOf(subject, subjectX, options, time, selection.stepIndex, mean, blend) };
}

/** What the 80 % range is predicted from (`./interval.ts`). */
function evidenceOf(
  subject: ValuationSubject,
  estimate: Estimate,
  mean: CompsMean,
  models: { residualScale: number; fitValues: readonly number[] },
  stepIndex: number,
  gapDays: number,
): IntervalEvidence {
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const fitsMean = models.fitValues.reduce((sum, value) => sum + value, 0) / models.fitValues.length;
  return {
    residualScale: models.residualScale,
    fitSpread: Math.sqrt(models.fitValues.reduce((sum, value) => sum + (value - fitsMean) ** 2, 0) / models.fitValues.length),
    spread: estimate.spread,
    disagreement: estimate.disagreement,
    effectiveComps: estimate.effectiveComps,
    medianMiles: median(mean.used.map((k) => k.a.c.distance)),
    stepIndex,
    gapDays,
    medianCompDays: median(mean.used.map((k) => k.a.c.daysBefore)),
    unknownShare: unknownShareOf(subject),
  };
}

/** The result: the estimate with its comps as the answer lists them, the rationale and the assumptions. */
function resultOf(
  subject: ValuationSubject,
  subjectX: Float64Array,
  options: ValuationOptions,
  time: MarketTime,
  stepIndex: number,
  mean: CompsMean,
  blend: { modelLog: number; modelShare: number; estimate: Estimate; evidence: IntervalEvidence },
): ValuationResult {
  const { estimate, modelLog, modelShare, evidence } = blend;
  const interval = intervalOf(
    estimate.estimateLog,
    evidence,
    usableCalibration(options.rangeCalibration, dayNumber(options.valuationDate), dayNumber, REGIONAL_MODEL_MAX_AGE_DAYS),
  );
  const comps = mean.used.map((k) => valuedComp(k.a, k.w / mean.sw, subject, subjectX, time, options.valuationDate));
  return {
    arv: estimate.arv,
    range_low: interval.rangeLow,
    range_high: interval.rangeHigh,
    confidence: interval.confidence,
    confidenceLabel: interval.confidenceLabel,
    typicalErrorPct: interval.typicalErrorPct,
    method: METHOD,
    rationale: rationaleOf(
      comps,
      SELECTION_STEPS[stepIndex],
      options.valuationDate,
      // The index over the months the candidates cover (never extrapolated before the oldest sale), carried to the date.
      indexChange(time.beta, time.span) + time.carried,
      estimate.arv,
      time.span + time.gap,
      { comps: roundMoney(Math.exp(mean.compsLog)), model: roundMoney(Math.exp(modelLog)), modelShare },
    ),
    assumptions: assumptionsOf(subject),
    comps,
    selectionStep: stepIndex,
    model: { value: roundMoney(Math.exp(modelLog)), share: modelShare },
    evidence,
  };
}

function refuse(): ValuationOutcome {
  return { ok: false, refusal: { reason: "no_comps", message: NO_COMPS_MESSAGE } };
}
