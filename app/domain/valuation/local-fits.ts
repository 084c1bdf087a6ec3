/**
 * The local model (docs/decisions/050-valuation-engine.md): fits around the subject shrunk toward the fit over all candidates. The
 * nearest sales' fit gives the comps' adjustment rates and location; its prediction is averaged with a narrower
 * fit's, a wider fit's over homes like the subject's and the boosted fit's, which err apart.
 */
import { fitBooster } from "./boost.ts";
import { F } from "./features.ts";
import { factValue, fitModel, localPenaltyOf, type Model } from "./fits.ts";
import { KERNEL_REACH, TUNING } from "./tuning.ts";
import { FIT_LIKENESS, locationFactor, unlikeness, type LocationAt, type Neighbourhood } from "./valuation-location.ts";

/** A local fit with its location factor and the subject's ln value by it (season and carry aside). */
export interface LocalFit {
  model: Model;
  locationAt: LocationAt;
  subjectLocation: number;
  value: number;
}

/** The boosted fit's features: the fact columns, then miles east, miles north and the days before the anchor. */
const BOOST_WIDTH = F + 3;

/**
 * One local fit: a Gaussian kernel over the `neighbours` nearest sales (cut at KERNEL_REACH bandwidths, so it reads
 * only the sales that count), its sales weighted also by how alike their living area, year built and grade are to the
 * subject's when `alike`; shrunk toward the fit over all candidates, keeping its price index.
 */
export function localFit(hood: Neighbourhood, global: Model, neighbours: number, alike: boolean): LocalFit {
  const { pool, subject } = hood;
  const n = pool.length;
  const bandwidth = Math.max(TUNING.minKernelMiles, pool[Math.min(n - 1, neighbours - 1)].distance);
  // Exponents taken from the smallest one, so a subject unlike every sale still weighs its likest (no underflow to
  // zero weights); the fit does not depend on the weights' scale.
  const exponent = new Float64Array(n).fill(Infinity);
  let least = Infinity;
  for (let i = 0; i < n; i++) {
    if (pool[i].distance > KERNEL_REACH * bandwidth) continue;
    exponent[i] = 0.5 * ((pool[i].distance / bandwidth) ** 2 + (alike ? unlikeness(subject, pool[i].sale, FIT_LIKENESS) : 0));
    least = Math.min(least, exponent[i]);
  }
  const kernel = exponent.map((e) => Math.exp(least - e));
  const model = fitModel(pool, kernel, global.beta, localPenaltyOf());
  const locationAt = locationFactor(hood, model.residual, model.residualScale);
  const subjectLocation = locationAt(0, 0, -1, subject);
  return { model, locationAt, subjectLocation, value: factValue(model, hood.subjectX) + subjectLocation };
}

/**
 * The boosted fit's ln value of the subject (docs/decisions/050-valuation-engine.md): the fit over all candidates plus regression trees
 * fitted to its residuals (clipped), which read every fact, the position and the days before the anchor, so they
 * find what a linear rate misses (a size rate that changes with grade, a street that sells above its neighbours),
 * with its location factor from what the trees leave.
 */
export function boostedFit(hood: Neighbourhood, global: Model): number {
  const { pool, subject, subjectX } = hood;
  const n = pool.length;
  const rows = new Float64Array(n * BOOST_WIDTH);
  const target = new Float64Array(n);
  const clip = TUNING.boostClip * global.residualScale;
  for (let i = 0; i < n; i++) {
    const c = pool[i];
    rows.set(c.x, i * BOOST_WIDTH);
    rows[i * BOOST_WIDTH + F] = c.gx;
    rows[i * BOOST_WIDTH + F + 1] = c.gy;
    rows[i * BOOST_WIDTH + F + 2] = c.sinceLast;
    target[i] = Math.max(-clip, Math.min(clip, global.residual[i]));
  }
  const booster = fitBooster(rows, BOOST_WIDTH, target, TUNING.boost);
  const leftover = new Float64Array(n);
  for (let i = 0; i < n; i++) leftover[i] = global.residual[i] - (target[i] - booster.residual[i]);
  const subjectRow = new Float64Array(BOOST_WIDTH);
  subjectRow.set(subjectX);
  return (
    factValue(global, subjectX) + booster.predict(subjectRow) + locationFactor(hood, leftover, global.residualScale)(0, 0, -1, subject)
  );
}

/** The local model: the main fit (rates, location) and the four fits' ln values of the subject, averaged later. */
export function localModel(hood: Neighbourhood, global: Model): { main: LocalFit; values: number[] } {
  const main = localFit(hood, global, TUNING.kernelNeighbours, false);
  const values = [
    main,
    localFit(hood, global, TUNING.narrowKernelNeighbours, false),
    localFit(hood, global, TUNING.alikeKernelNeighbours, true),
  ].map((fit) => fit.value);
  values.push(boostedFit(hood, global));
  return { main, values };
}
