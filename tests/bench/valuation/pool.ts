/**
 * The benchmark's in-memory sales pool: a grid of 0.02° cells, each cell's sales sorted by date, answering the engine's
 * `CandidateWindow` the way the API's indexed D1 scan does (inside the box, in the date range, the nearest `limit`).
 */
import { inWindow, nearestFirst } from "#app/domain/valuation/geo.ts";
import type { CandidateWindow, HomeFacts, Sale } from "#app/domain/valuation/types.ts";

const CELL_DEGREES = 0.02;

export class SalesPool {
  private readonly cells = new Map<string, Sale[]>();

  constructor(sales: readonly Sale[]) {
    for (const sale of sales) {
      const key = cellKey(Math.floor(sale.latitude / CELL_DEGREES), Math.floor(sale.longitude / CELL_DEGREES));
      const cell = this.cells.get(key);
      if (cell) cell.push(sale);
      else this.cells.set(key, [sale]);
    }
    for (const cell of this.cells.values()) cell.sort((a, b) => (a.saleDate < b.saleDate ? -1 : a.saleDate > b.saleDate ? 1 : 0));
  }

  /** The window's sales (the subject decides which are nearest when more than `limit` qualify). */
  lookup(window: CandidateWindow, subject: HomeFacts): Sale[] {
    const found: Sale[] = [];
    const lat0 = Math.floor(window.minLatitude / CELL_DEGREES);
    const lat1 = Math.floor(window.maxLatitude / CELL_DEGREES);
    const lon0 = Math.floor(window.minLongitude / CELL_DEGREES);
    const lon1 = Math.floor(window.maxLongitude / CELL_DEGREES);
    for (let a = lat0; a <= lat1; a++) {
      for (let o = lon0; o <= lon1; o++) {
        const cell = this.cells.get(cellKey(a, o));
        if (!cell) continue;
        for (let i = lowerBound(cell, window.fromDate); i < cell.length && cell[i].saleDate < window.beforeDate; i++) {
          if (inWindow(cell[i], window)) found.push(cell[i]);
        }
      }
    }
    return nearestFirst(found, subject, window.limit);
  }
}

function cellKey(lat: number, lon: number): string {
  return `${lat}:${lon}`;
}

function lowerBound(cell: readonly Sale[], date: string): number {
  let lo = 0;
  let hi = cell.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cell[mid].saleDate < date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
