/**
 * Market trees (docs/decisions/050-valuation-engine.md): gradient-boosted trees over a market cell's sales, fitted offline and kept
 * in market_models, and their value of a subject, which takes `TUNING.marketShare` of the model value.
 */
import { boostedTrees, fitBooster } from "./boost.ts";
import { candidatesAround, type Candidate } from "./candidates.ts";
import { MARKET_MIN_SALES, marketCentre, REGIONAL_MODEL_MAX_AGE_DAYS } from "./cells.ts";
import { F, known, positive } from "./features.ts";
import { fitOverAll } from "./fits.ts";
import { dayNumber } from "./geo.ts";
import { extrapolatedTrend, indexChange, type MarketTime } from "./price-index.ts";
import { TUNING } from "./tuning.ts";
import type { HomeFacts, MarketModel, RegionCell, Sale, ValuationOptions, ValuationSubject } from "./types.ts";

/**
 * The market trees' features: the fact columns, latitude, longitude, the nearest sales' ln price per sq ft, the days
 * before the anchor, then stories, the year renovated and the ZIP code as a number (nearby ZIP codes are mostly
 * numbered together, so a tree can split a range of them off).
 */
export const MARKET_WIDTH = F + 7;
const ZIP_CODE = /^\d{5}$/;

/** Kept trees read into a predictor; null when the kept data are not trees of MARKET_WIDTH features. */
export type TreesPredictor = ((row: ArrayLike<number>) => number) | null;

/** ln price per square foot of a sale, or NaN when its living area is unknown. */
export function levelOf(c: Candidate): number {
  return positive(c.sale.squareFeet) ? c.y - Math.log(c.sale.squareFeet) : Number.NaN;
}

/** A home's market-trees row: its facts, position, neighbours' level and days before the trees' anchor. */
export function marketRow(
  x: Float64Array,
  home: HomeFacts & { latitude: number; longitude: number },
  level: number,
  sinceAnchor: number,
): Float64Array {
  const row = new Float64Array(MARKET_WIDTH);
  row.set(x);
  row[F] = home.latitude;
  row[F + 1] = home.longitude;
  row[F + 2] = level;
  row[F + 3] = sinceAnchor;
  row[F + 4] = known(home.stories) ? home.stories : Number.NaN;
  row[F + 5] = known(home.yearRenovated) ? home.yearRenovated : Number.NaN;
  row[F + 6] = home.zip && ZIP_CODE.test(home.zip) ? Number(home.zip) : Number.NaN;
  return row;
}

/**
 * The mean ln price per square foot of each sale's nearest `TUNING.marketNeighbours` other sales of the pool (those
 * with a known living area; NaN when none): the pool sorted by latitude, each search widened from its own latitude
 * until no nearer sale can lie further out.
 */
function neighbourLevels(pool: readonly Candidate[]): Float64Array {
  const k = TUNING.marketNeighbours;
  const known = pool
    .map((c, i) => ({ i, lat: c.sale.latitude, lon: c.sale.longitude, level: levelOf(c) }))
    .filter((p) => !Number.isNaN(p.level));
  known.sort((a, b) => a.lat - b.lat || a.i - b.i);
  const out = new Float64Array(pool.length).fill(Number.NaN);
  const bestD = new Float64Array(k);
  const bestL = new Float64Array(k);
  for (let q = 0; q < pool.length; q++) {
    const lat = pool[q].sale.latitude;
    const lon = pool[q].sale.longitude;
    const cos = Math.cos((lat * Math.PI) / 180);
    let found = 0;
    const offer = (p: (typeof known)[number]) => {
      if (p.i === q) return;
      const d = (p.lat - lat) ** 2 + ((p.lon - lon) * cos) ** 2;
      if (found === k && d >= bestD[k - 1]) return;
      let at = found < k ? found++ : k - 1;
      while (at > 0 && bestD[at - 1] > d) {
        bestD[at] = bestD[at - 1];
        bestL[at] = bestL[at - 1];
        at--;
      }
      bestD[at] = d;
      bestL[at] = p.level;
    };
    let lo = 0;
    let hi = known.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (known[mid].lat < lat) lo = mid + 1;
      else hi = mid;
    }
    for (let down = lo - 1, up = lo; down >= 0 || up < known.length;) {
      const dDown = down >= 0 ? (lat - known[down].lat) ** 2 : Infinity;
      const dUp = up < known.length ? (known[up].lat - lat) ** 2 : Infinity;
      if (found === k && Math.min(dDown, dUp) >= bestD[k - 1]) break;
      if (dDown <= dUp) offer(known[down--]);
      else offer(known[up++]);
    }
    if (found > 0) {
      let s = 0;
      for (let j = 0; j < found; j++) s += bestL[j];
      out[q] = s / found;
    }
  }
  return out;
}

/**
 * A market cell's trees (docs/decisions/050-valuation-engine.md), fitted on `sales` (those of `marketWindow(cell, options)`); null when
 * fewer than MARKET_MIN_SALES of them can be used. A thin place's own few hundred sales cannot teach the interactions
 * a wider market shows (a size rate that changes with grade and place); these trees see up to MARKET_LIMIT sales.
 */
export function marketModel(cell: RegionCell, sales: readonly Sale[], options: ValuationOptions): MarketModel | null {
  const { pool, gap } = candidatesAround(marketCentre(cell), sales, options);
  if (pool.length < MARKET_MIN_SALES) return null;
  const n = pool.length;
  const levels = neighbourLevels(pool);
  // Each price is first brought to the anchor by the market's own index (the fit over all its sales), so the trees
  // price homes, not months: trees cannot run a trend on to its end, and would set the anchor's level at the mean
  // of their latest months.
  const index = fitOverAll(pool, null).beta;
  const rows = new Float64Array(n * MARKET_WIDTH);
  const target = new Float64Array(n);
  let base = 0;
  for (let i = 0; i < n; i++) {
    const c = pool[i];
    rows.set(marketRow(c.x, c.sale, levels[i], c.sinceLast), i * MARKET_WIDTH);
    target[i] = c.y - c.season + indexChange(index, c.sinceLast);
    base += target[i] / n;
  }
  for (let i = 0; i < n; i++) target[i] -= base;
  const trees = fitBooster(rows, MARKET_WIDTH, target, TUNING.marketTrees).data();
  const anchor = pool.find((c) => c.daysBefore === gap)!.sale.saleDate;
  return { asOf: options.valuationDate, anchor, sales: n, base, trees };
}

/** Kept trees read into a predictor (checked once: of MARKET_WIDTH features), through the caller's cache when given. */
function predictorOf(trees: object, cache: WeakMap<object, TreesPredictor> | undefined): TreesPredictor {
  const cached = cache?.get(trees);
  if (cached !== undefined) return cached;
  let predict = boostedTrees(trees);
  if (predict && "features" in trees && trees.features !== MARKET_WIDTH) predict = null;
  cache?.set(trees, predict);
  return predict;
}

/** A market's trees as the engine uses them: their predictor, the level they add to and their anchor's day. */
export interface UsableMarket {
  predict: (row: ArrayLike<number>) => number;
  base: number;
  anchorDay: number;
}

/** The options' market trees when they may be used (fitted for this date or a little earlier, of this layout). */
function usableMarket(options: ValuationOptions): UsableMarket | null {
  const market = options.market;
  if (!market || typeof market.trees !== "object" || market.trees === null || !Number.isFinite(market.base)) return null;
  const valuationDay = dayNumber(options.valuationDate);
  const age = valuationDay - dayNumber(market.asOf);
  const anchorDay = dayNumber(market.anchor);
  if (!(age >= 0 && age <= REGIONAL_MODEL_MAX_AGE_DAYS) || !(anchorDay < valuationDay)) return null;
  const predict = predictorOf(market.trees, options.treesCache);
  return predict ? { predict, base: market.base, anchorDay } : null;
}

/**
 * The market trees' ln value of the subject (docs/decisions/050-valuation-engine.md), or null without usable trees: their level at their
 * anchor, brought to the valuation date by the local index (from their anchor to the candidates' latest sale) and
 * its carry, plus the date's seasonal factor. The neighbours' level is read from the nearest candidates.
 */
export function marketValue(
  options: ValuationOptions,
  subject: ValuationSubject,
  subjectX: Float64Array,
  pool: readonly Candidate[],
  time: MarketTime,
): number | null {
  const market = usableMarket(options);
  if (!market) return null;
  const row = marketRow(subjectX, subject, nearestLevel(pool), 0);
  const marketGap = time.valuationDay - market.anchorDay;
  const change =
    marketGap > time.gap
      ? indexChange(time.beta, marketGap - time.gap) + time.carried
      : extrapolatedTrend((days) => indexChange(time.beta, days), marketGap, time.span);
  return market.base + market.predict(row) + change + time.season;
}

/** The mean ln price per square foot of the nearest `TUNING.marketNeighbours` candidates that know their living area. */
function nearestLevel(pool: readonly Candidate[]): number {
  let level = 0;
  let counted = 0;
  for (let i = 0; i < pool.length && counted < TUNING.marketNeighbours; i++) {
    const v = levelOf(pool[i]);
    if (Number.isNaN(v)) continue;
    level += v;
    counted++;
  }
  return counted > 0 ? level / counted : Number.NaN;
}
