/**
 * The physical facts of a synthetic property (type, rooms, size, age, assessor condition and grade) and the value
 * they imply. Correlations matter more than marginals here: comps and the valuation engine compare these fields,
 * so bigger houses must have more beds and baths, newer or renovated ones better condition, and so on.
 */
import type { Metro } from "./metros.ts";
import type { Rng } from "./random.ts";

export const PROPERTY_TYPES = ["single_family", "condo", "townhouse", "multi_family"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

/** Newest year a generated home can be built (the market is a snapshot at the end of 2025). */
export const LAST_BUILD_YEAR = 2024;
const SNAPSHOT_YEAR = 2025;

export type Building = {
  propertyType: PropertyType;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  lotSquareFeet: number;
  stories: number;
  yearBuilt: number;
  yearRenovated: number;
  condition: number;
  qualityGrade: number;
};

/** Per-ZIP traits, fixed for a seed: how pricey the neighbourhood is and how old its housing stock. */
export type ZipTraits = { priceFactor: number; yearOffset: number };

// prettier-ignore
const BEDROOMS: Record<PropertyType, readonly (readonly [number, number])[]> = {
  single_family: [[1, 2], [2, 12], [3, 42], [4, 30], [5, 11], [6, 3]],
  condo: [[1, 35], [2, 50], [3, 15]],
  townhouse: [[2, 35], [3, 50], [4, 15]],
  multi_family: [[2, 10], [3, 25], [4, 35], [5, 20], [6, 10]],
};

/** Typical living area by bedroom count, before the type factor and the per-home spread. */
const SQFT_BY_BEDROOMS = [0, 750, 1050, 1500, 2100, 2800, 3500] as const;

const SIZE_FACTOR: Record<PropertyType, number> = {
  single_family: 1,
  condo: 0.9,
  townhouse: 0.95,
  multi_family: 1.25,
};

/** Value per square foot relative to a single-family home of the same quality. */
const VALUE_FACTOR: Record<PropertyType, number> = {
  single_family: 1,
  condo: 0.95,
  townhouse: 0.97,
  multi_family: 0.85,
};

const CONDITION_VALUE_FACTOR = [0, 0.65, 0.82, 1, 1.08, 1.15] as const;

/**
 * The spread (sd of the log) of what a home is worth beyond what its facts and its place say: its own premium or
 * discount, which its sales carry and its neighbours' do not. Kept small enough that a home's estimated value agrees
 * with its neighbours' sales (docs/valuation.md).
 */
const HOME_PREMIUM_SD = 0.05;

export function generateBuilding(rng: Rng, metro: Metro, zip: ZipTraits, propertyType: PropertyType): Building {
  const bedrooms = rng.weighted(BEDROOMS[propertyType]);
  const squareFeet = roundTo(
    Math.max(400, (SQFT_BY_BEDROOMS[bedrooms] ?? 1500) * SIZE_FACTOR[propertyType] * Math.exp(rng.normal(0, 0.15))),
    10,
  );
  const yearBuilt = generateYearBuilt(rng, metro, zip, propertyType);
  const yearRenovated = generateYearRenovated(rng, yearBuilt);
  return {
    propertyType,
    bedrooms,
    bathrooms: generateBathrooms(rng, bedrooms, propertyType),
    squareFeet,
    lotSquareFeet: generateLot(rng, metro, propertyType, squareFeet, yearBuilt),
    stories: generateStories(rng, metro, propertyType),
    yearBuilt,
    yearRenovated,
    condition: generateCondition(rng, yearBuilt, yearRenovated),
    qualityGrade: clamp(Math.round(7 + rng.normal(0, 0.8) + Math.log(zip.priceFactor) * 1.5 + (squareFeet > 3000 ? 0.7 : 0)), 4, 12),
  };
}

/** Today's estimated value in whole hundreds of dollars: size × metro $/sqft × neighbourhood × quality factors. */
export function estimateBuildingValue(rng: Rng, building: Building, metro: Metro, zip: ZipTraits): number {
  const effectiveYear = Math.max(building.yearBuilt, building.yearRenovated);
  const ageFactor = 1.08 - 0.003 * Math.min(SNAPSHOT_YEAR - effectiveYear, 80);
  const gradeFactor = 1 + 0.07 * (building.qualityGrade - 7);
  const conditionFactor = CONDITION_VALUE_FACTOR[building.condition] ?? 1;
  const value =
    building.squareFeet *
    metro.pricePerSqft *
    zip.priceFactor *
    conditionFactor *
    gradeFactor *
    ageFactor *
    VALUE_FACTOR[building.propertyType] *
    Math.exp(rng.normal(0, HOME_PREMIUM_SD));
  return Math.max(20_000, roundTo(value, 100));
}

function generateYearBuilt(rng: Rng, metro: Metro, zip: ZipTraits, propertyType: PropertyType): number {
  // Condos and townhouses are mostly later stock than the detached homes around them.
  const typeShift = propertyType === "condo" || propertyType === "townhouse" ? 10 : 0;
  const year = rng.normal(metro.yearBuilt.mean + zip.yearOffset + typeShift, metro.yearBuilt.sd);
  return clamp(Math.round(year), 1900, LAST_BUILD_YEAR);
}

function generateYearRenovated(rng: Rng, yearBuilt: number): number {
  const age = SNAPSHOT_YEAR - yearBuilt;
  const earliest = Math.max(yearBuilt + 5, 1975);
  if (earliest > SNAPSHOT_YEAR || !rng.chance(Math.min(0.55, 0.04 + age * 0.006))) return 0;
  return rng.int(earliest, SNAPSHOT_YEAR);
}

function generateBathrooms(rng: Rng, bedrooms: number, propertyType: PropertyType): number {
  const extra = propertyType === "multi_family" ? bedrooms * 0.2 : 0;
  const raw = 1 + (bedrooms - 1) * 0.55 + extra + rng.normal(0, 0.35);
  return clamp(Math.round(raw * 4) / 4, 1, Math.min(6, bedrooms + 1.5));
}

function generateLot(rng: Rng, metro: Metro, propertyType: PropertyType, squareFeet: number, yearBuilt: number): number {
  switch (propertyType) {
    case "condo":
      // The unit's share of the common land, as assessors record it.
      return roundTo(squareFeet * rng.float(0.4, 1.2), 10);
    case "townhouse":
      return roundTo(rng.float(1200, 3500), 10);
    case "multi_family":
      return roundTo(Math.max(2500, metro.lotSquareFeet * 1.2 * Math.exp(rng.normal(0, 0.4))), 10);
    case "single_family": {
      // Pre-war city lots are narrower.
      const era = yearBuilt < 1950 ? 0.8 : 1;
      return roundTo(Math.max(1500, metro.lotSquareFeet * era * Math.exp(rng.normal(0, 0.45))), 10);
    }
  }
}

function generateStories(rng: Rng, metro: Metro, propertyType: PropertyType): number {
  switch (propertyType) {
    case "single_family":
      return rng.chance(metro.singleStoryShare)
        ? 1
        : rng.weighted([
            [1.5, 15],
            [2, 78],
            [3, 7],
          ]);
    case "condo":
      return rng.weighted([
        [1, 40],
        [2, 30],
        [3, 30],
      ]);
    case "townhouse":
      return rng.weighted([
        [1.5, 5],
        [2, 70],
        [3, 25],
      ]);
    case "multi_family":
      return rng.weighted([
        [1, 25],
        [2, 60],
        [3, 15],
      ]);
  }
}

function generateCondition(rng: Rng, yearBuilt: number, yearRenovated: number): number {
  const age = SNAPSHOT_YEAR - yearBuilt;
  let score = 3 + rng.normal(0, 0.55);
  if (yearRenovated >= 2010) score += 0.8;
  if (age < 10) score += 0.9;
  if (age > 60 && yearRenovated === 0) score -= 0.5;
  return clamp(Math.round(score), 1, 5);
}

export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
