/**
 * How well the synthetic local market agrees with itself: each sampled home's "estimated value"
 * (market_properties.estimated_value) against the ARV the valuation engine answers from its neighbours' sales, valued
 * the way the API values a local-market home — the sales the local provider hands out (arm's-length deeds, the home's
 * facts from its property row), the day after the market's last sale, with the regional model and market trees fitted
 * from the same sales (as tests/bench/valuation.ts does). Pure Node, in memory: no D1.
 */
import { ARMS_LENGTH_TRANSFER_TYPES } from "#db/enums.ts";
import { MARKET_AS_OF } from "#db/market/flags.ts";
import { generateMarket, type MarketPropertyInsert } from "#db/market/generate.ts";
import { loadMetroZips } from "#db/market/metro-zips.ts";
import { createRng, DEFAULT_MARKET_SEED } from "#db/market/random.ts";
import {
  candidateWindow,
  marketCellOf,
  marketCentre,
  marketWindow,
  regionCellOf,
  regionCentre,
  regionWindow,
} from "#app/domain/valuation/cells.ts";
import { valueSubject } from "#app/domain/valuation/engine.ts";
import { marketModel } from "#app/domain/valuation/market.ts";
import { regionalModel } from "#app/domain/valuation/regional.ts";
import type { MarketModel, RegionalModel, Sale, ValuationOptions, ValuationSubject } from "#app/domain/valuation/types.ts";
import { valuationDateOf } from "#app/domain/valuation/valuation-date.ts";
import { SalesPool } from "#tests/bench/valuation/pool.ts";

export type AgreementOptions = { properties: number; sample: number; seed?: string };

export type Agreement = {
  /** Homes sampled, and how many the engine valued. */
  sampled: number;
  valued: number;
  /** The median of |ARV / estimated value − 1|, in percent. */
  medianGapPct: number;
  /** The 90th percentile of the same, in percent. */
  p90GapPct: number;
};

const ARMS_LENGTH = new Set<string>(ARMS_LENGTH_TRANSFER_TYPES);
/** The sample's own random stream, apart from the generator's. */
const SAMPLE_STREAM = 0x5a3e;

/** The home's facts as the local provider hands them to the engine (the market records no basement, water or view). */
function factsOf(home: MarketPropertyInsert): ValuationSubject & { parcelId: string } {
  return {
    latitude: home.latitude,
    longitude: home.longitude,
    zip: home.zip,
    propertyType: home.propertyType,
    bedrooms: home.bedrooms,
    bathrooms: home.bathrooms,
    squareFeet: home.squareFeet,
    lotSquareFeet: home.lotSquareFeet,
    stories: home.stories,
    yearBuilt: home.yearBuilt,
    yearRenovated: home.yearRenovated,
    condition: home.condition,
    qualityGrade: home.qualityGrade,
    address: home.address,
    parcelId: home.apn ?? `market:${home.id}`,
  };
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo);
}

/** Generates the market, values `sample` of its homes picked at random (seeded) and answers the agreement figures. */
export function measureAgreement(options: AgreementOptions): Agreement {
  const seed = options.seed;
  const homes: MarketPropertyInsert[] = [];
  const sales: Sale[] = [];
  const byId = new Map<number, MarketPropertyInsert>();
  for (const batch of generateMarket({ zips: loadMetroZips(), seed, properties: options.properties })) {
    for (const home of batch.properties) {
      homes.push(home);
      byId.set(home.id!, home);
    }
    for (const sale of batch.sales) {
      if (!ARMS_LENGTH.has(sale.transferType)) continue;
      const home = byId.get(sale.propertyId);
      if (!home) continue;
      sales.push({
        ...factsOf(home),
        id: `market-${sale.id}`,
        saleDate: sale.saleDate,
        price: sale.price,
        daysOnMarket: sale.daysOnMarket,
        latitude: sale.latitude,
        longitude: sale.longitude,
        sourceUrl: `local-market:sale/${sale.id}`,
      });
    }
  }
  const pool = new SalesPool(sales);
  // As the API values today: the day after the market's last sale.
  const valuation: ValuationOptions = { valuationDate: valuationDateOf(new Date(), MARKET_AS_OF) };
  const monthStart = { valuationDate: `${valuation.valuationDate.slice(0, 7)}-01` };
  const regional = new Map<string, RegionalModel | null>();
  const markets = new Map<string, MarketModel | null>();
  const treesCache: NonNullable<ValuationOptions["treesCache"]> = new WeakMap();

  const rng = createRng(seed ?? DEFAULT_MARKET_SEED, SAMPLE_STREAM);
  const picked = new Set<number>();
  const want = Math.min(options.sample, homes.length);
  while (picked.size < want) picked.add(rng.int(0, homes.length - 1));

  const gaps: number[] = [];
  for (const index of picked) {
    const home = homes[index]!;
    const subject = factsOf(home);
    const rCell = regionCellOf(subject);
    const rKey = `${rCell.latitudeCell}:${rCell.longitudeCell}`;
    if (!regional.has(rKey))
      regional.set(rKey, regionalModel(rCell, pool.lookup(regionWindow(rCell, valuation), regionCentre(rCell)), valuation));
    const mCell = marketCellOf(subject);
    const mKey = `${mCell.latitudeCell}:${mCell.longitudeCell}`;
    if (!markets.has(mKey))
      markets.set(mKey, marketModel(mCell, pool.lookup(marketWindow(mCell, monthStart), marketCentre(mCell)), monthStart));
    const candidates = pool.lookup(candidateWindow(subject, valuation), subject);
    const outcome = valueSubject(subject, candidates, {
      ...valuation,
      regional: regional.get(rKey) ?? null,
      market: markets.get(mKey) ?? null,
      treesCache,
    });
    if (outcome.ok) gaps.push(Math.abs(outcome.result.arv / home.estimatedValue - 1));
  }
  gaps.sort((a, b) => a - b);
  return { sampled: want, valued: gaps.length, medianGapPct: 100 * quantile(gaps, 0.5), p90GapPct: 100 * quantile(gaps, 0.9) };
}
