// The regional models (docs/decisions/050-valuation-engine.md) in workerd's D1: `refreshRegionalModels` (what `npm run db:seed` and
// `npm run import:sales` run) fits a model for each cell whose region holds enough sales, numbering cells in SQL as
// the engine does, and replaces the kept models in one batch; calculate-arv values its subject with its cell's model.
import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { writeImportedSales } from "#db/import/write.ts";
import { importedSales, regionalModels } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { parseSalesCsv } from "#app/domain/sales/sales-csv.ts";
import { REGION_MIN_SALES, REGIONAL_MODEL_VERSION, regionCellOf } from "#app/domain/valuation/cells.ts";
import type { ArvAnswer } from "#app/domain/valuation/comparables.ts";
import type { RegionCell } from "#app/domain/valuation/types.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";
import { refreshRegionalModels } from "#app/services/valuation/model-refresh.server.ts";
import { REGION_CELL_SQL } from "#app/services/valuation/region-cells.server.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";

const db = createDb(env.DB);
/** The local market's records end 2025-12-31, so valuations on this day are as of 2026-01-01. */
const TODAY = new Date("2026-01-15T15:30:00Z");
const AS_OF = "2026-01-01";
const PORTLAND = { zip: "97202", city: "Portland", state: "OR", latitude: 45.4826, longitude: -122.6434 };
const FAR_AWAY: RegionCell = regionCellOf({ latitude: 61.2167, longitude: -149.8782 });
const HEADER = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,condition,quality_grade,zip,lat,lon";

/**
 * 600 sales of 2025 within about 5 miles of the ZIP's centre, dearer to the north; a few sit on cell edges
 * (45.45°, 45.5°, −122.6°), where SQL's and JavaScript's numbering would part first if they differed.
 */
function salesCsv(): string {
  const lines = [HEADER];
  for (let i = 0; i < 600; i++) {
    const sqft = 1100 + (i % 12) * 120;
    const dLat = ((i % 23) - 11) * 0.0065;
    const dLon = ((i % 19) - 9) * 0.009;
    const edge = i % 50 === 0 ? [45.45, 45.5, 45.45][i % 3] : null;
    const lat = edge ?? PORTLAND.latitude + dLat;
    const lon = i % 70 === 0 ? -122.6 : PORTLAND.longitude + dLon;
    const price = Math.round(300 * sqft * Math.exp(2 * dLat) + (i % 9) * 7000);
    const month = String(1 + (i % 12)).padStart(2, "0");
    const day = String(1 + (i % 28)).padStart(2, "0");
    lines.push(
      `PDX-${i},R${i},2025-${month}-${day},${price},${2 + (i % 3)},${1 + (i % 3) * 0.5},${sqft},5000,1,${1910 + (i % 90)},3,7,97202,${lat},${lon}`,
    );
  }
  return lines.join("\n");
}

const sources = () => ({ db, propertyData: createLocalPropertyData(db) });

async function keptCells() {
  const rows = await db.select().from(regionalModels);
  return new Map(rows.map((row) => [`${row.latitudeCell}:${row.longitudeCell}`, row]));
}

beforeAll(async () => {
  await seedZipPlaces(db, [PORTLAND]);
  const { rows, bad } = parseSalesCsv(salesCsv());
  expect(bad).toEqual([]);
  await writeImportedSales(db, "portland", rows);
});

describe("refreshRegionalModels", () => {
  it("fits a model for each cell whose region holds enough sales, numbering cells in SQL exactly as the engine does", async () => {
    const located = await db
      .select({
        latitude: importedSales.latitude,
        longitude: importedSales.longitude,
        latitudeCell: sql<number>`${sql.raw(REGION_CELL_SQL.latitude)}`,
        longitudeCell: sql<number>`${sql.raw(REGION_CELL_SQL.longitude)}`,
      })
      .from(importedSales);
    expect(located).toHaveLength(600);
    for (const row of located) expect({ latitudeCell: row.latitudeCell, longitudeCell: row.longitudeCell }).toEqual(regionCellOf(row));

    const refresh = await refreshRegionalModels(sources(), AS_OF);
    const kept = await keptCells();
    const cellsOfSales = new Set(located.map((row) => `${row.latitudeCell}:${row.longitudeCell}`));
    expect(refresh.kept).toBe(kept.size);
    expect(refresh.cells).toBe(cellsOfSales.size);
    const centre = regionCellOf(PORTLAND);
    const model = kept.get(`${centre.latitudeCell}:${centre.longitudeCell}`);
    expect(model).toMatchObject({ version: REGIONAL_MODEL_VERSION, asOf: AS_OF });
    expect(model!.sales).toBeGreaterThanOrEqual(REGION_MIN_SALES);
    expect(model!.rates.every(Number.isFinite)).toBe(true);
    for (const key of kept.keys()) expect(cellsOfSales.has(key)).toBe(true);
  });

  it("fits nothing from sales outside the 12 months before its date", async () => {
    expect(await refreshRegionalModels(sources(), "2027-06-01")).toEqual({ cells: 0, kept: 0, markets: 0, marketsKept: 0 });
    expect((await keptCells()).size).toBe(0);
  });

  it("replaces every kept model in one batch: a model whose region holds no sales any more is dropped", async () => {
    await db.insert(regionalModels).values({ ...FAR_AWAY, version: REGIONAL_MODEL_VERSION, asOf: AS_OF, sales: 900, rates: [0.5] });
    const refresh = await refreshRegionalModels(sources(), AS_OF);
    const kept = await keptCells();
    expect(kept.has(`${FAR_AWAY.latitudeCell}:${FAR_AWAY.longitudeCell}`)).toBe(false);
    expect(kept.size).toBe(refresh.kept);
    expect(refresh.kept).toBeGreaterThan(0);
  });
});

describe("calculate-arv with a regional model", () => {
  it("values its subject with its cell's model: without the model the ARV differs, with it again the same", async () => {
    await refreshRegionalModels(sources(), AS_OF);
    const client = new ApiClient();
    client.context = { ...client.context, now: () => TODAY };
    await registerClient("regional", {}, client);
    const value = async () => {
      const answer = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", {
        address: "1 SE Test St",
        city: "Portland",
        state: "OR",
        zipCode: PORTLAND.zip,
        bedrooms: 3,
        bathrooms: 2,
        squareFeet: 1500,
        yearBuilt: 1950,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as unknown as ArvAnswer).arv;
    };
    const withModel = await value();
    const cell = regionCellOf(PORTLAND);
    await db
      .delete(regionalModels)
      .where(and(eq(regionalModels.latitudeCell, cell.latitudeCell), eq(regionalModels.longitudeCell, cell.longitudeCell)));
    const without = await value();
    expect(without).not.toBe(withModel);
    await refreshRegionalModels(sources(), AS_OF);
    expect(await value()).toBe(withModel);
  });

  it("values without a kept model of another layout", async () => {
    await refreshRegionalModels(sources(), AS_OF);
    const client = new ApiClient();
    client.context = { ...client.context, now: () => TODAY };
    await registerClient("regional-layout", {}, client);
    const body = { address: "2 SE Test St", city: "Portland", state: "OR", zipCode: PORTLAND.zip, bedrooms: 3, squareFeet: 1400 };
    const call = async () => {
      const answer = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as unknown as ArvAnswer).arv;
    };
    const withModel = await call();
    await db.update(regionalModels).set({ version: REGIONAL_MODEL_VERSION + 1 });
    const otherLayout = await call();
    await db.delete(regionalModels);
    expect(await call()).toBe(otherLayout);
    expect(otherLayout).not.toBe(withModel);
  });
});
