/**
 * Which kept models a bounded refresh fits next (docs/decisions/050-valuation-engine.md): the cells whose kept fit is missing, of another
 * layout, or fitted for an earlier valuation date than the refresh's, stalest first, so each run of a chunked refresh
 * continues where the last one stopped.
 */
import type { RegionCell } from "./types.ts";

/** What a kept model row records about its fit: its cell, the valuation date it was fitted for and its layout. */
export interface KeptFit extends RegionCell {
  asOf: string;
  version: number;
}

/** Sorts before every date: a cell never fitted, or fitted in another layout, is the stalest of all. */
const NEVER_FITTED = "";

/**
 * At most `limit` of `cells` whose kept fit is stale for `target` (missing, of another version, or for a date before
 * `target.asOf`), stalest first: never fitted (or of another layout), then by the date fitted for, then by cell.
 */
export function stalestCells(
  cells: readonly RegionCell[],
  kept: readonly KeptFit[],
  target: { asOf: string; version: number },
  limit: number,
): RegionCell[] {
  const fittedFor = new Map(kept.map((fit) => [cellKey(fit), fit.version === target.version ? fit.asOf : NEVER_FITTED]));
  return cells
    .map((cell) => ({ cell, asOf: fittedFor.get(cellKey(cell)) ?? NEVER_FITTED }))
    .filter((entry) => entry.asOf < target.asOf)
    .sort((a, b) => compareDates(a.asOf, b.asOf) || byCell(a.cell, b.cell))
    .slice(0, Math.max(0, limit))
    .map((entry) => ({ latitudeCell: entry.cell.latitudeCell, longitudeCell: entry.cell.longitudeCell }));
}

/** How many of `cells` are stale for `target` (what a refresh has left after a run). */
export function staleCount(cells: readonly RegionCell[], kept: readonly KeptFit[], target: { asOf: string; version: number }): number {
  return stalestCells(cells, kept, target, cells.length).length;
}

/** The kept rows whose cell is not among `cells` (no longer modelled): a refresh deletes them. */
export function unmodelledCells(cells: readonly RegionCell[], kept: readonly RegionCell[]): RegionCell[] {
  const modelled = new Set(cells.map(cellKey));
  return kept
    .filter((fit) => !modelled.has(cellKey(fit)))
    .map((fit) => ({ latitudeCell: fit.latitudeCell, longitudeCell: fit.longitudeCell }));
}

export function cellKey(cell: RegionCell): string {
  return `${cell.latitudeCell}:${cell.longitudeCell}`;
}

/** South to north, then west to east. */
export function byCell(a: RegionCell, b: RegionCell): number {
  return a.latitudeCell - b.latitudeCell || a.longitudeCell - b.longitudeCell;
}

function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
