// Which cells a bounded run of the models' refresh fits (app/domain/valuation/refresh-plan.ts, docs/decisions/050-valuation-engine.md).
import { describe, expect, it } from "vitest";

import { staleCount, stalestCells, unmodelledCells, type KeptFit } from "#app/domain/valuation/refresh-plan.ts";
import type { RegionCell } from "#app/domain/valuation/types.ts";

const TARGET = { asOf: "2026-02-01", version: 2 };
const cell = (latitudeCell: number, longitudeCell: number): RegionCell => ({ latitudeCell, longitudeCell });
const fit = (at: RegionCell, asOf: string, version = TARGET.version): KeptFit => ({ ...at, asOf, version });

describe("stalestCells", () => {
  const cells = [cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2), cell(3, 1)];
  const kept = [
    fit(cell(1, 1), "2026-02-01"), // current
    fit(cell(1, 2), "2026-01-01"),
    fit(cell(2, 1), "2025-12-01"),
    fit(cell(2, 2), "2026-02-01", 1), // another layout: as stale as never fitted
    // (3, 1) never fitted
  ];

  it("picks at most the limit, never-fitted (or another layout) first, then the oldest date fitted for", () => {
    expect(stalestCells(cells, kept, TARGET, 2)).toEqual([cell(2, 2), cell(3, 1)]);
    expect(stalestCells(cells, kept, TARGET, 3)).toEqual([cell(2, 2), cell(3, 1), cell(2, 1)]);
    expect(stalestCells(cells, kept, TARGET, 10)).toEqual([cell(2, 2), cell(3, 1), cell(2, 1), cell(1, 2)]);
    expect(stalestCells(cells, kept, TARGET, 0)).toEqual([]);
  });

  it("never picks a cell fitted for the target date (or a later one)", () => {
    const current = cells.map((at) => fit(at, TARGET.asOf));
    expect(stalestCells(cells, current, TARGET, 10)).toEqual([]);
    expect(stalestCells(cells, [fit(cell(1, 1), "2026-03-01")], TARGET, 10)).not.toContainEqual(cell(1, 1));
    expect(staleCount(cells, kept, TARGET)).toBe(4);
  });

  it("continues where the last run stopped: the cells a run fitted are current for the next", () => {
    const done: KeptFit[] = [...kept];
    const runs: RegionCell[][] = [];
    for (let picked = stalestCells(cells, done, TARGET, 2); picked.length > 0; picked = stalestCells(cells, done, TARGET, 2)) {
      runs.push(picked);
      done.push(...picked.map((at) => fit(at, TARGET.asOf)));
    }
    expect(runs).toEqual([
      [cell(2, 2), cell(3, 1)],
      [cell(2, 1), cell(1, 2)],
    ]);
  });

  it("breaks ties by cell, south to north then west to east, whatever order the cells come in", () => {
    const shuffled = [cell(3, 1), cell(1, 2), cell(2, 1), cell(1, 1)];
    expect(stalestCells(shuffled, [], TARGET, 10)).toEqual([cell(1, 1), cell(1, 2), cell(2, 1), cell(3, 1)]);
  });
});

describe("unmodelledCells", () => {
  it("lists the kept rows whose cell is no longer modelled", () => {
    expect(unmodelledCells([cell(1, 1)], [fit(cell(1, 1), "2026-01-01"), fit(cell(9, 9), "2026-01-01")])).toEqual([cell(9, 9)]);
  });
});
