/**
 * Each candidate's adjustments toward the subject (docs/decisions/050-valuation-engine.md): market time by the local price index, each
 * fact that differs (both known) by the local fit's rates, and location by its residuals; then the similarity that
 * ranks and weighs the comps, and a chosen comp as the answer lists it.
 */
import type { Candidate } from "./candidates.ts";
import { F, FACT_KINDS, KIND_OF_COLUMN } from "./features.ts";
import type { LocalFit } from "./local-fits.ts";
import { indexChange, type MarketTime } from "./price-index.ts";
import { factNote, locationNote, marketTimeNote, signedMoney } from "./rationale.ts";
import { TUNING } from "./tuning.ts";
import type { Adjustment, AdjustmentKind, HomeFacts, ValuedComp } from "./types.ts";
import type { Neighbourhood } from "./valuation-location.ts";

/** A candidate with its adjustments (ln price) toward the subject and its similarity to it. */
export interface Assessed {
  c: Candidate;
  /** Its place in the pool (the location factor leaves it out of its own neighbours). */
  index: number;
  time: number;
  factTotal: number;
  /** Set once chosen (`locateComps`). */
  location: number;
  adjustedLog: number;
  similarity: number;
}

/**
 * A candidate's fact adjustments (ln price) toward the subject, summed per kind (year built and its square are one
 * "age" adjustment), into `out`.
 */
function factLogs(beta: Float64Array, subjectX: Float64Array, c: Candidate, out: Float64Array): void {
  out.fill(0);
  for (let j = 0; j < F; j++) {
    const s = subjectX[j];
    const v = c.x[j];
    if (Number.isNaN(s) || Number.isNaN(v)) continue;
    out[KIND_OF_COLUMN[j]] += beta[j] * (s - v);
  }
}

/** Every candidate's market-time and fact adjustments and its similarity; the similarity reads the facts' sizes only. */
export function assessCandidates(hood: Neighbourhood, time: MarketTime): Assessed[] {
  const perKind = new Float64Array(FACT_KINDS.length);
  return hood.pool.map((c, index) => {
    factLogs(time.beta, hood.subjectX, c, perKind);
    let factTotal = 0;
    let factAbs = 0;
    for (let k = 0; k < perKind.length; k++) {
      factTotal += perKind[k];
      factAbs += Math.abs(perKind[k]);
    }
    const shift = indexChange(time.beta, c.sinceLast) + time.carried + time.season - c.season;
    const similarity = Math.exp(
      -0.5 *
        ((c.distance / TUNING.similarityMiles) ** 2 + (factAbs / TUNING.similarityLog) ** 2 + (c.daysBefore / TUNING.similarityDays) ** 2),
    );
    return { c, index, time: shift, factTotal, location: 0, adjustedLog: 0, similarity };
  });
}

/**
 * The chosen comps' location adjustments (the subject's location factor less the comp's, its position's gradient
 * taken out) and their adjusted ln prices, from the main local fit.
 */
export function locateComps(chosen: readonly Assessed[], hood: Neighbourhood, main: LocalFit): void {
  const { px, py } = hood;
  const beta = main.model.beta;
  for (const a of chosen) {
    a.location =
      main.subjectLocation -
      main.locationAt(px[a.index], py[a.index], a.index, a.c.sale) -
      beta[F] * px[a.index] -
      beta[F + 1] * py[a.index];
    a.adjustedLog = a.c.y + a.time + a.factTotal + a.location;
  }
}

/** Decimal places kept of a comp's distance (miles), similarity and weight. */
const DISTANCE_SCALE = 100;
const SIMILARITY_SCALE = 1000;
const WEIGHT_SCALE = 10_000;

/** A chosen comp as the answer lists it: each adjustment in dollars, applied in turn, with why. */
export function valuedComp(
  a: Assessed,
  weight: number,
  home: HomeFacts,
  subjectX: Float64Array,
  time: MarketTime,
  valuationDate: string,
): ValuedComp {
  const price = a.c.sale.price;
  const logs: { kind: AdjustmentKind; log: number; note: (amount: string) => string }[] = [];
  if (a.time !== 0) {
    logs.push({ kind: "market_time", log: a.time, note: (amount) => marketTimeNote(amount, a.c.sale.saleDate, valuationDate, a.time) });
  }
  const kinds = new Float64Array(FACT_KINDS.length);
  factLogs(time.beta, subjectX, a.c, kinds);
  FACT_KINDS.forEach((kind, k) => {
    if (kinds[k] === 0) return;
    const adj = { kind, subject: home, comp: a.c.sale };
    logs.push({ kind, log: kinds[k], note: (amount) => factNote(amount, adj) });
  });
  if (a.location !== 0) {
    logs.push({ kind: "location", log: a.location, note: (amount) => locationNote(amount, a.location) });
  }
  let running = price;
  const adjustments: Adjustment[] = [];
  for (const entry of logs) {
    const next = running * Math.exp(entry.log);
    const amount = Math.round(next) - Math.round(running);
    running = next;
    if (amount === 0) continue;
    adjustments.push({ kind: entry.kind, amount, note: entry.note(signedMoney(amount)) });
  }
  return {
    sale: a.c.sale,
    distanceMiles: Math.round(a.c.distance * DISTANCE_SCALE) / DISTANCE_SCALE,
    similarity: Math.round(a.similarity * SIMILARITY_SCALE) / SIMILARITY_SCALE,
    adjustedPrice: Math.round(running),
    adjustments,
    weight: Math.round(weight * WEIGHT_SCALE) / WEIGHT_SCALE,
  };
}
