/**
 * The market model's columns (docs/decisions/050-valuation-engine.md): what the engine's fits price, and where each sits in a row —
 * the facts (F columns), the position (G), then the price index's knots (T); K in all.
 */
import type { AdjustmentKind, HomeFacts } from "./types.ts";

export interface Column {
  kind: AdjustmentKind;
  /** The column's value for a home, or null when unknown. */
  value: (home: HomeFacts) => number | null;
  /** A generic prior for the coefficient (per unit of the column, in ln price). */
  prior: number;
}

export const known = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);
export const positive = (value: number | null | undefined): value is number => known(value) && value > 0;

/** Year built is measured from here, in decades, so its square stays small and centred on the middle years. */
const YEAR_BUILT_ORIGIN = 1960;
/** Years per unit of the year-built columns. */
const YEARS_PER_DECADE = 10;
const decadesBuilt = (yearBuilt: number) => (yearBuilt - YEAR_BUILT_ORIGIN) / YEARS_PER_DECADE;

/**
 * The facts the market model prices: ln living area (so the size rate is an elasticity), ln lot, bedrooms, bathrooms,
 * year built and its square (old and new homes can both sell above the middle years), renovated or not, quality
 * grade, condition, the finished basement's share of the living area, waterfront and view. The priors are generic
 * hedonic rates the data override (a penalty of 0.02 weighs them like 2 % of the candidates).
 */
export const FACT_COLUMNS: readonly Column[] = [
  { kind: "size", value: (h) => (positive(h.squareFeet) ? Math.log(h.squareFeet) : null), prior: 0.5 },
  { kind: "lot", value: (h) => (positive(h.lotSquareFeet) ? Math.log(h.lotSquareFeet) : null), prior: 0.05 },
  { kind: "bedrooms", value: (h) => (known(h.bedrooms) ? h.bedrooms : null), prior: -0.01 },
  { kind: "bathrooms", value: (h) => (known(h.bathrooms) ? h.bathrooms : null), prior: 0.02 },
  { kind: "age", value: (h) => (positive(h.yearBuilt) ? decadesBuilt(h.yearBuilt) : null), prior: 0 },
  { kind: "age", value: (h) => (positive(h.yearBuilt) ? decadesBuilt(h.yearBuilt) ** 2 : null), prior: 0 },
  {
    kind: "renovation",
    value: (h) => (known(h.yearRenovated) ? (h.yearRenovated > 0 && (!known(h.yearBuilt) || h.yearRenovated > h.yearBuilt) ? 1 : 0) : null),
    prior: 0.05,
  },
  { kind: "quality", value: (h) => (known(h.qualityGrade) ? h.qualityGrade : null), prior: 0.1 },
  { kind: "condition", value: (h) => (known(h.condition) ? h.condition : null), prior: 0.04 },
  {
    kind: "basement",
    value: (h) => (known(h.basementSquareFeet) && positive(h.squareFeet) ? h.basementSquareFeet / h.squareFeet : null),
    prior: 0,
  },
  { kind: "waterfront", value: (h) => (typeof h.waterfront === "boolean" ? (h.waterfront ? 1 : 0) : null), prior: 0.3 },
  { kind: "view", value: (h) => (known(h.view) ? h.view : null), prior: 0.06 },
];
/** The adjustment kinds the fact columns fall in, in the order a comp's adjustments are listed. */
export const FACT_KINDS: readonly AdjustmentKind[] = [...new Set(FACT_COLUMNS.map((column) => column.kind))];
/** Each fact column's index in FACT_KINDS (year built and its square are one "age" kind). */
export const KIND_OF_COLUMN: readonly number[] = FACT_COLUMNS.map((column) => FACT_KINDS.indexOf(column.kind));
/** Fact columns. */
export const F = FACT_COLUMNS.length;
/**
 * The price index: piecewise linear in the days before the valuation date, 0 at the date, its slope free to change
 * at each knot. The slope of the last 60 days carries the recent trend to the valuation date.
 */
export const TIME_KNOTS: readonly number[] = [0, 60, 150, 240];
/** Price index columns. */
export const T = TIME_KNOTS.length;
/** Two columns of position (miles east and north of the subject): the local model's location gradient. */
export const G = 2;
/** Where the price index's columns start. */
export const TS = F + G;
/** Columns in all. */
export const K = TS + T;

/** A home's fact columns (unknown = NaN). */
export function factValues(home: HomeFacts): Float64Array {
  const x = new Float64Array(F);
  for (let j = 0; j < F; j++) x[j] = FACT_COLUMNS[j].value(home) ?? Number.NaN;
  return x;
}
