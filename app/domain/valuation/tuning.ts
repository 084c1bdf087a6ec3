/**
 * The valuation engine's tuned constants and the fixed statistical ones, in one place (measured with
 * `npm run bench:valuation`; docs/decisions/050-valuation-engine.md). Ridge penalties are relative: 1 weighs the prior as much as the data.
 */
import type { BoostOptions } from "./boost.ts";

export const TUNING = Object.freeze({
  globalPenalty: 0.02,
  timePenalty: 0.02,
  /** How many sales a regional model counts as in the fit over all candidates (docs/decisions/050-valuation-engine.md). */
  regionalWeight: 300,
  localPenalty: 0.3,
  /** The local fits' kernels: the nearest sales, fewer of them, and more of them weighted by likeness too. */
  kernelNeighbours: 75,
  narrowKernelNeighbours: 40,
  alikeKernelNeighbours: 150,
  /** The alike fit's likeness scales (see Likeness). */
  alikeLogSize: 0.2,
  alikeYears: 10,
  alikeGrades: 1,
  minKernelMiles: 0.3,
  locationMiles: 0.35,
  locationShrink: 1,
  /** A neighbour's residual counts toward a location factor clipped at this many robust deviations of its fit. */
  locationClip: 1.5,
  robustPasses: 2,
  similarityMiles: 1,
  similarityLog: 0.15,
  similarityDays: 270,
  /**
   * 0 = comps only, 1 = the local model's own prediction (plus location) only: at step 0 (the FAQ comps were found),
   * then at any wider step (the comps are less alike, so the model fitted on every nearby sale counts for more).
   */
  modelBlend: 0.7,
  widenedModelBlend: 0.9,
  /** The local fit keeps the price index of the fit over all candidates (a kernel's few sales cannot place it). */
  localTimePenalty: 1000,
  /** The boosted fit's trees (docs/decisions/050-valuation-engine.md): how many, how deep, the learning rate, the fewest sales a leaf holds. */
  boost: Object.freeze({ trees: 50, depth: 3, learningRate: 0.2, minLeaf: 20, bins: 32 } satisfies BoostOptions),
  /** Residuals are clipped at this many robust deviations before the trees see them. */
  boostClip: 3,
  /**
   * The market trees (docs/decisions/050-valuation-engine.md): how many, how deep, the learning rate, the fewest sales a leaf holds,
   * and 128 bins a feature, so a split on latitude or longitude can part streets, not only districts.
   */
  marketTrees: Object.freeze({ trees: 300, depth: 4, learningRate: 0.1, minLeaf: 20, bins: 128 } satisfies BoostOptions),
  /** The share of the model value the market trees' value takes, when the subject's cell has them. */
  marketShare: 0.25,
  /** The market trees read the mean ln price per square foot of a home's nearest this many sales. */
  marketNeighbours: 10,
  globalGeoPenalty: 0.001,
  localGeoPenalty: 0.001,
  /** Comps a step needs before the next step is tried, and the most comps used. */
  minComps: 5,
  maxComps: 10,
  /** Half the seasonal swing (ln price): prices run ~3 % above trend in mid-June, ~3 % below in mid-December (docs/decisions/050-valuation-engine.md). */
  seasonAmplitude: 0.03,
  /** The price index is carried past the latest sale at its average rate over this many days of data … */
  trendDays: 180,
  /** … damped with this time constant (days): a gap of g days counts as τ(1 − e^(−g/τ)). */
  trendDampingDays: 90,
  /** The location factor's neighbours weigh by year built (years) and quality grade (grades) too, beside distance. */
  locationYears: 5,
  locationGrades: 0.7,
  /** Comps whose adjusted ln price lies beyond this many robust deviations of the weighted median are dropped. */
  compOutlierDeviations: 2.5,
  /** … but never a comp within this much ln price (~10 %) of it: a few close comps would have a tiny MAD. */
  minCompOutlierCut: 0.1,
});

/** MAD × this estimates the standard deviation of normal errors (1 / Φ⁻¹(3/4)). */
export const MAD_TO_SIGMA = 1.4826;
/** Tukey's bisquare tuning constant: 95 % efficiency on normal errors, while sales beyond it get no weight. */
export const BISQUARE_C = 4.685;
/** The residual scale (ln price, ~20 %) assumed when a fit's robust deviation comes out 0 (too few distinct prices). */
export const FALLBACK_RESIDUAL_SCALE = 0.2;
/** Kernels are cut at this many bandwidths: beyond it a Gaussian weight (< 1.2 %) changes nothing worth reading. */
export const KERNEL_REACH = 3;
/** A comp's similarity never weighs less than this, so a comp unlike the subject in every way still has a weight. */
export const MIN_COMP_WEIGHT = 1e-6;
/** The mean length of a month in days (365.25 / 12). */
export const DAYS_PER_MONTH = 30.44;
/** Days in a year, for the price index's slopes (ln price a year). */
export const DAYS_PER_YEAR = 365;
/** The mean length of a year in days, for the seasonal cycle. */
export const DAYS_PER_SEASON_CYCLE = 365.25;
/** Money is given to the nearest this many dollars (the ARV and its range). */
export const MONEY_STEP = 100;
