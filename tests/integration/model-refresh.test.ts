// The chunked refresh of the valuation's kept models (docs/decisions/050-valuation-engine.md) in workerd's D1: `refreshStaleModels` (one
// run of the Worker's monthly cron) fits at most its limit of stale cells a run, never-fitted and oldest first, each
// run continuing where the last stopped, and the cron dispatch runs it on the refresh trigger only.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { writeImportedSales } from "#db/import/write.ts";
import { marketModels, regionalModels } from "#db/schema.ts";
import { MODEL_REFRESH_CRON, runScheduled, SWEEP_CRON } from "#workers/scheduled.ts";
import { parseSalesCsv } from "#app/domain/sales/sales-csv.ts";
import { REGIONAL_MODEL_VERSION, regionCellOf } from "#app/domain/valuation/cells.ts";
import type { RegionCell } from "#app/domain/valuation/types.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import { refreshRegionalModels, refreshStaleModels } from "#app/services/valuation/model-refresh.server.ts";

import { db } from "./db.ts";

const AS_OF = "2026-01-01";
const EARLIER = "2025-12-01";
const PORTLAND = { latitude: 45.4826, longitude: -122.6434 };
const FAR_AWAY: RegionCell = regionCellOf({ latitude: 61.2167, longitude: -149.8782 });
const HEADER = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,condition,quality_grade,zip,lat,lon";
/** Cells a run may fit here: fewer than the sales' cells, so the refresh takes several runs. */
const LIMITS = { regionCells: 3, marketCells: 1 };

/** 600 sales of 2025 spread over about a dozen region cells around the ZIP's centre. */
function salesCsv(): string {
  const lines = [HEADER];
  for (let i = 0; i < 600; i++) {
    const sqft = 1100 + (i % 12) * 120;
    const dLat = ((i % 23) - 11) * 0.0065;
    const dLon = ((i % 19) - 9) * 0.009;
    const price = Math.round(300 * sqft * Math.exp(2 * dLat) + (i % 9) * 7000);
    const month = String(1 + (i % 12)).padStart(2, "0");
    const day = String(1 + (i % 28)).padStart(2, "0");
    const [lat, lon] = [PORTLAND.latitude + dLat, PORTLAND.longitude + dLon];
    lines.push(`PDX-${i},R${i},2025-${month}-${day},${price},${2 + (i % 3)},1.5,${sqft},5000,1,${1910 + (i % 90)},3,7,97202,${lat},${lon}`);
  }
  return lines.join("\n");
}

const sources = () => ({ db, propertyData: createLocalPropertyData(db) });
const key = (cell: RegionCell) => `${cell.latitudeCell}:${cell.longitudeCell}`;

async function kept() {
  return db
    .select({ latitudeCell: regionalModels.latitudeCell, longitudeCell: regionalModels.longitudeCell, asOf: regionalModels.asOf })
    .from(regionalModels);
}

beforeAll(async () => {
  const { rows, bad } = parseSalesCsv(salesCsv());
  expect(bad).toEqual([]);
  await writeImportedSales(db, "portland", rows);
});

beforeEach(async () => {
  await db.batch([db.delete(regionalModels), db.delete(marketModels)]);
});

describe("refreshStaleModels", () => {
  it("fits at most its limit of cells a run, each run continuing where the last stopped, until nothing is stale", async () => {
    const full = await refreshRegionalModels(sources(), AS_OF);
    await db.delete(regionalModels);
    expect(full.cells).toBeGreaterThan(2 * LIMITS.regionCells);

    const fittedByRun: string[][] = [];
    for (let run = 0; run < full.cells; run++) {
      const before = new Set((await kept()).map(key));
      const refresh = await refreshStaleModels(sources(), AS_OF, LIMITS);
      const after = await kept();
      fittedByRun.push(after.map(key).filter((cell) => !before.has(cell)));
      expect(refresh.cells).toBeLessThanOrEqual(LIMITS.regionCells);
      expect(fittedByRun.at(-1)).toHaveLength(refresh.cells);
      expect(refresh.cellsLeft).toBe(full.cells - after.length);
      if (refresh.cellsLeft === 0) break;
    }
    expect(fittedByRun.length).toBe(Math.ceil(full.cells / LIMITS.regionCells));
    expect(new Set(fittedByRun.flat()).size).toBe(full.cells);

    // Nothing stale: a run fits nothing and writes nothing.
    expect(await refreshStaleModels(sources(), AS_OF, LIMITS)).toMatchObject({ cells: 0, markets: 0, cellsLeft: 0, marketsLeft: 0 });
  });

  it("fits the stalest first: a cell never fitted, then the one fitted for the oldest date; current ones wait", async () => {
    await refreshRegionalModels(sources(), AS_OF);
    const cells = (await kept()).map(({ latitudeCell, longitudeCell }) => ({ latitudeCell, longitudeCell }));
    const [missing, oldest, older] = cells;
    const inCell = (cell: RegionCell) =>
      and(eq(regionalModels.latitudeCell, cell.latitudeCell), eq(regionalModels.longitudeCell, cell.longitudeCell));
    await db.batch([
      db.delete(regionalModels).where(inCell(missing)),
      db.update(regionalModels).set({ asOf: "2025-10-01" }).where(inCell(oldest)),
      db.update(regionalModels).set({ asOf: EARLIER }).where(inCell(older)),
    ]);

    const first = await refreshStaleModels(sources(), AS_OF, { regionCells: 2, marketCells: 0 });
    expect(first).toMatchObject({ cells: 2, cellsLeft: 1 });
    const asOf = new Map((await kept()).map((row) => [key(row), row.asOf]));
    expect([asOf.get(key(missing)), asOf.get(key(oldest)), asOf.get(key(older))]).toEqual([AS_OF, AS_OF, EARLIER]);

    expect(await refreshStaleModels(sources(), AS_OF, { regionCells: 2, marketCells: 0 })).toMatchObject({ cells: 1, cellsLeft: 0 });
    expect((await kept()).every((row) => row.asOf === AS_OF)).toBe(true);
  });

  it("refits a model of another layout, and drops the row of a cell no longer modelled", async () => {
    await refreshRegionalModels(sources(), AS_OF);
    const [first] = await kept();
    await db.batch([
      db
        .update(regionalModels)
        .set({ version: REGIONAL_MODEL_VERSION + 1 })
        .where(and(eq(regionalModels.latitudeCell, first.latitudeCell), eq(regionalModels.longitudeCell, first.longitudeCell))),
      db.insert(regionalModels).values({ ...FAR_AWAY, version: REGIONAL_MODEL_VERSION, asOf: AS_OF, sales: 900, rates: [0.5] }),
    ]);
    const refresh = await refreshStaleModels(sources(), AS_OF, LIMITS);
    expect(refresh).toMatchObject({ cells: 1, dropped: 1, cellsLeft: 0 });
    const rows = await db.select().from(regionalModels);
    expect(rows.some((row) => key(row) === key(FAR_AWAY))).toBe(false);
    expect(rows.every((row) => row.version === REGIONAL_MODEL_VERSION)).toBe(true);
  });
});

describe("the Worker's cron triggers", () => {
  it("runs a bounded refresh on the monthly trigger only", async () => {
    await runScheduled(SWEEP_CRON, env, new Date("2026-01-01T00:17:00Z"));
    await runScheduled("0 0 * * *", env, new Date("2026-01-01T00:00:00Z"));
    expect(await kept()).toHaveLength(0);
    await runScheduled(MODEL_REFRESH_CRON, env, new Date("2026-01-01T00:10:00Z"));
    expect((await kept()).length).toBeGreaterThan(0);
  });
});
