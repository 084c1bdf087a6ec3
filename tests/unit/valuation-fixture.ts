/** The valuation tests' hand-made markets (valuation-*.test.ts): every rate known, a subject, sales placed by hand. */
import { valueSubject } from "#app/domain/valuation/engine.ts";
import { dateOfDay, dayNumber, MILES_PER_DEGREE } from "#app/domain/valuation/geo.ts";
import { seasonalFactor } from "#app/domain/valuation/price-index.ts";
import type { HomeFacts, Sale, ValuationResult, ValuationSubject, ValuedComp } from "#app/domain/valuation/types.ts";

export const VALUATION_DATE = "2015-03-01";
export const CENTER = { latitude: 47.6, longitude: -122.3 };
export const MILES_PER_LON_DEGREE = MILES_PER_DEGREE * Math.cos((CENTER.latitude * Math.PI) / 180);

/** A deterministic pseudo-random sequence (an LCG), so every market here is the same at every run. */
export function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The true value of a home in these markets: every rate known, so each adjustment can be checked against it. */
export const TRUE_RATES = { sizeElasticity: 0.8, grade: 0.1, condition: 0.05, view: 0.08, waterfront: 0.4, trendPerYear: 0.1 };

export function trueValue(home: HomeFacts, daysBefore: number): number {
  return (
    400_000 *
    ((home.squareFeet ?? 2000) / 2000) ** TRUE_RATES.sizeElasticity *
    Math.exp(TRUE_RATES.grade * ((home.qualityGrade ?? 7) - 7)) *
    Math.exp(TRUE_RATES.condition * ((home.condition ?? 3) - 3)) *
    Math.exp(TRUE_RATES.view * (home.view ?? 0)) *
    Math.exp(home.waterfront ? TRUE_RATES.waterfront : 0) *
    Math.exp((-TRUE_RATES.trendPerYear * daysBefore) / 365) *
    seasonOver(daysBefore)
  );
}

/** The season these markets have (the engine's own prior shape): a sale `daysBefore` the valuation date against it. */
export function seasonOver(daysBefore: number): number {
  const valuationDay = dayNumber(VALUATION_DATE);
  return Math.exp(seasonalFactor(valuationDay - daysBefore) - seasonalFactor(valuationDay));
}

interface MarketOptions {
  count?: number;
  seed?: number;
  radiusMiles?: number;
  /** Multiplicative noise on prices (log sd). */
  noise?: number;
  /** Override facts of every sale. */
  facts?: Partial<Sale>;
  /** Days before the valuation date the sales spread over. */
  days?: number;
}

export function market({ count = 400, seed = 1, radiusMiles = 0.8, noise = 0, facts = {}, days = 250 }: MarketOptions = {}): Sale[] {
  const next = rng(seed);
  const valuationDay = dayNumber(VALUATION_DATE);
  const sales: Sale[] = [];
  for (let i = 0; i < count; i++) {
    const angle = next() * 2 * Math.PI;
    const r = radiusMiles * Math.sqrt(next());
    const daysBefore = 1 + Math.floor(next() * days);
    const home = {
      latitude: CENTER.latitude + (r * Math.sin(angle)) / MILES_PER_DEGREE,
      longitude: CENTER.longitude + (r * Math.cos(angle)) / MILES_PER_LON_DEGREE,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: Math.round(1700 + next() * 600),
      lotSquareFeet: 6000,
      yearBuilt: 1975 + Math.floor(next() * 10),
      yearRenovated: 0,
      basementSquareFeet: 0,
      stories: 1,
      qualityGrade: 6 + Math.floor(next() * 3),
      condition: 2 + Math.floor(next() * 3),
      view: next() < 0.8 ? 0 : 2,
      waterfront: next() < 0.05,
      ...facts,
    };
    const gaussian = Math.sqrt(-2 * Math.log(next() || 1e-9)) * Math.cos(2 * Math.PI * next());
    sales.push({
      id: `s${seed}-${i}`,
      parcelId: `p${seed}-${i}`,
      saleDate: dateOfDay(valuationDay - daysBefore),
      price: Math.round(trueValue(home, daysBefore) * Math.exp(noise * gaussian)),
      ...home,
    });
  }
  return sales;
}

export const SUBJECT: ValuationSubject = {
  ...CENTER,
  parcelId: "subject",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 2000,
  lotSquareFeet: 6000,
  yearBuilt: 1980,
  yearRenovated: 0,
  basementSquareFeet: 0,
  stories: 1,
  qualityGrade: 7,
  condition: 3,
  view: 0,
  waterfront: false,
};

export function value(subject: ValuationSubject, sales: readonly Sale[], date = VALUATION_DATE): ValuationResult {
  const outcome = valueSubject(subject, sales, { valuationDate: date });
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.message}`);
  return outcome.result;
}

export function adjustment(comp: ValuedComp, kind: string): number {
  return comp.adjustments.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.amount, 0);
}

/** Sales placed by hand: `miles` north of the centre, `daysBefore` the valuation date. */
export function sale(id: string, miles: number, daysBefore: number, facts: Partial<Sale> = {}): Sale {
  const home = { ...SUBJECT, latitude: CENTER.latitude + miles / MILES_PER_DEGREE, longitude: CENTER.longitude, ...facts };
  return {
    ...home,
    id,
    parcelId: facts.parcelId ?? `parcel-${id}`,
    saleDate: dateOfDay(dayNumber(VALUATION_DATE) - daysBefore),
    price: facts.price ?? Math.round(trueValue(home, daysBefore)),
  };
}
