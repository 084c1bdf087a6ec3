/**
 * The market's ZIPs grouped by metro, with fast weighted picks and per-ZIP traits. Built once per generation from the
 * ZIP records the caller passes (the CLI loads them from `zipcodes`; tests pass a short fixed list).
 */
import type { ZipTraits } from "./building.ts";
import type { MarketZip, Metro } from "./metros.ts";
import { priceSurface } from "./price-surface.ts";
import { createRng, hashText, type Rng } from "./random.ts";

export type MetroZips = {
  metro: Metro;
  zips: readonly MarketZip[];
  /** Running total of ZIP weights, for a binary-search pick. */
  cumulative: Float64Array;
};

export type ZipIndex = {
  /** The metros that have at least one ZIP, in METROS order. */
  metros: readonly MetroZips[];
  metroCumulative: Float64Array;
  traits: ReadonlyMap<string, ZipTraits>;
};

/** The core city's own ZIPs hold more homes than the outlying ones in the radius. */
const CORE_CITY_WEIGHT = 1.5;

export function buildZipIndex(zips: readonly MarketZip[], metros: readonly Metro[], seed: number | string): ZipIndex {
  const known = new Set(metros.map((metro) => metro.id));
  for (const zip of zips) {
    if (!known.has(zip.metroId)) throw new Error(`ZIP ${zip.zip} names unknown metro "${zip.metroId}"`);
  }
  const groups: MetroZips[] = [];
  for (const metro of metros) {
    // Sorted so the caller's order never changes the market.
    const own = zips.filter((zip) => zip.metroId === metro.id).sort((a, b) => compareText(a.zip, b.zip));
    if (own.length === 0) continue;
    groups.push({
      metro,
      zips: own,
      cumulative: runningTotal(own.map((zip) => (zip.city === metro.city ? CORE_CITY_WEIGHT : 1))),
    });
  }
  if (groups.length === 0) throw new Error("generateMarket needs at least one ZIP");
  return {
    metros: groups,
    metroCumulative: runningTotal(groups.map((group) => group.metro.weight)),
    traits: zipTraits(groups, seed),
  };
}

export function pickMetroZips(rng: Rng, index: ZipIndex): MetroZips {
  return itemAt(index.metros, searchCumulative(index.metroCumulative, rng.next()));
}

export function pickZip(rng: Rng, group: MetroZips): MarketZip {
  return itemAt(group.zips, searchCumulative(group.cumulative, rng.next()));
}

export function traitsOf(index: ZipIndex, zip: MarketZip): ZipTraits {
  return index.traits.get(zip.zip) ?? { priceFactor: 1, yearOffset: 0 };
}

/**
 * Each ZIP's housing era comes from its own generator (seed + ZIP) and its price factor from the metro's price surface
 * at its centre (price-surface.ts), so neither shifts when the number of properties or the chunking changes.
 */
function zipTraits(groups: readonly MetroZips[], seed: number | string): Map<string, ZipTraits> {
  const traits = new Map<string, ZipTraits>();
  for (const { metro, zips } of groups) {
    const surface = priceSurface(seed, metro);
    for (const zip of zips) {
      const rng = createRng(seed, 0x21b, hashText(zip.zip));
      // The ZIP's own draw is still made, so the era draw after it is what it was.
      rng.normal(0, metro.priceSpread);
      traits.set(zip.zip, {
        priceFactor: surface(zip.latitude, zip.longitude),
        yearOffset: rng.normal(0, 10),
      });
    }
  }
  return traits;
}

function runningTotal(weights: readonly number[]): Float64Array {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += weight;
    cumulative[i] = total;
  });
  return cumulative;
}

/** The first index whose running total exceeds draw × total. */
function searchCumulative(cumulative: Float64Array, draw: number): number {
  const target = draw * (cumulative[cumulative.length - 1] ?? 0);
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cumulative[mid] ?? 0) > target) high = mid;
    else low = mid + 1;
  }
  return low;
}

function itemAt<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`index ${i} out of range`);
  return item;
}

/** Code-unit order, never locale order (localeCompare could differ between machines). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
