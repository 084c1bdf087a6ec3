// The market trees (docs/decisions/050-valuation-engine.md) in workerd's D1: `refreshRegionalModels` fits the trees of each market cell
// whose window holds MARKET_MIN_SALES sales, keeps them as one row, and calculate-arv values its subject with its
// market cell's trees — not with a row of another layout or one fitted for a later date.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { writeImportedSales } from "#db/import/write.ts";
import { marketModels } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { parseSalesCsv } from "#app/domain/sales/sales-csv.ts";
import { MARKET_MIN_SALES, MARKET_MODEL_VERSION, marketCellOf } from "#app/domain/valuation/cells.ts";
import type { ArvAnswer } from "#app/domain/valuation/comparables.ts";
import { createLocalPropertyData } from "#app/providers/property-data/local.server.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";
import { refreshRegionalModels } from "#app/services/valuation/model-refresh.server.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";

const db = createDb(env.DB);
/** The local market's records end 2025-12-31, so valuations on this day are as of 2026-01-01. */
const TODAY = new Date("2026-01-15T15:30:00Z");
const AS_OF = "2026-01-01";
const BOISE = { zip: "83702", city: "Boise", state: "ID", latitude: 43.6324, longitude: -116.2052 };
const HEADER = "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,condition,quality_grade,zip,lat,lon";
const SALES = MARKET_MIN_SALES + 200;

/**
 * SALES sales of 2025 within about 7 miles of the ZIP's centre (all in one market cell), whose price per square foot rises with quality grade
 * more steeply for large homes (an interaction a linear rate misses) and falls to the south-west.
 */
function salesCsv(): string {
  const lines = [HEADER];
  for (let i = 0; i < SALES; i++) {
    const sqft = 900 + (i % 17) * 150;
    const grade = 5 + (i % 7);
    const dLat = ((i % 41) - 20) * 0.0045;
    const dLon = ((i % 37) - 18) * 0.007;
    const perSqft = 180 * Math.exp(0.06 * (grade - 7) * (sqft / 1500) + 1.5 * (dLat + dLon));
    const price = Math.round(perSqft * sqft + (i % 11) * 3000);
    const month = String(1 + (i % 12)).padStart(2, "0");
    const day = String(1 + (i % 28)).padStart(2, "0");
    lines.push(
      `BOI-${i},B${i},2025-${month}-${day},${price},${2 + (i % 3)},${1 + (i % 3) * 0.5},${sqft},6000,${1 + (i % 2)},${1950 + (i % 70)},3,${grade},${BOISE.zip},${BOISE.latitude + dLat},${BOISE.longitude + dLon}`,
    );
  }
  return lines.join("\n");
}

const sources = () => ({ db, propertyData: createLocalPropertyData(db) });

beforeAll(async () => {
  await seedZipPlaces(db, [BOISE]);
  const { rows, bad } = parseSalesCsv(salesCsv());
  expect(bad).toEqual([]);
  await writeImportedSales(db, "boise", rows);
});

async function valuer(name: string) {
  const client = new ApiClient();
  client.context = { ...client.context, now: () => TODAY };
  await registerClient(name, {}, client);
  return async () => {
    const answer = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", {
      address: "1 W Test St",
      city: "Boise",
      state: "ID",
      zipCode: BOISE.zip,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 2400,
      yearBuilt: 1990,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as unknown as ArvAnswer).arv;
  };
}

describe("refreshRegionalModels' market trees", () => {
  it("fits and keeps the trees of the market cell whose window holds enough sales, as one row", async () => {
    const refresh = await refreshRegionalModels(sources(), AS_OF);
    expect(refresh).toMatchObject({ markets: 1, marketsKept: 1 });
    const rows = await db.select().from(marketModels);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ ...marketCellOf(BOISE), version: MARKET_MODEL_VERSION, asOf: AS_OF, sales: SALES });
    // The latest sale of the window (every month's 28th is a sale day; December's latest).
    expect(row.anchor).toBe("2025-12-28");
    expect(Number.isFinite(row.base)).toBe(true);
    expect((row.trees as { trees: unknown[] }).trees).toHaveLength(300);
  });

  it("keeps none when the window holds fewer than MARKET_MIN_SALES sales of the 12 months before the date", async () => {
    // Five months later only the sales from 2025-06-01 on count: 7 of 12 months, about 700. The cell is counted out
    // before any of its sales are read.
    const refresh = await refreshRegionalModels(sources(), "2026-06-01");
    expect(refresh).toMatchObject({ markets: 0, marketsKept: 0 });
    expect(await db.select().from(marketModels)).toEqual([]);
  });
});

describe("calculate-arv with market trees", () => {
  it("values its subject with its market cell's trees: without them the ARV differs, with them again the same", async () => {
    await refreshRegionalModels(sources(), AS_OF);
    const value = await valuer("market");
    const withTrees = await value();
    await db.delete(marketModels);
    const without = await value();
    expect(without).not.toBe(withTrees);
    await refreshRegionalModels(sources(), AS_OF);
    expect(await value()).toBe(withTrees);
  });

  it("values without trees of another layout, or fitted for a later date than the valuation's", async () => {
    await refreshRegionalModels(sources(), AS_OF);
    const value = await valuer("market-stale");
    const withTrees = await value();
    await db.delete(marketModels);
    const without = await value();
    expect(without).not.toBe(withTrees);

    await refreshRegionalModels(sources(), AS_OF);
    await db.update(marketModels).set({ version: MARKET_MODEL_VERSION + 1 });
    expect(await value()).toBe(without);

    await refreshRegionalModels(sources(), AS_OF);
    await db.update(marketModels).set({ asOf: "2026-02-01" });
    expect(await value()).toBe(without);

    // A row whose trees are not trees (hand-edited, or another shape) is not used and does not fail the call.
    await refreshRegionalModels(sources(), AS_OF);
    await db.update(marketModels).set({ trees: { features: 3, cuts: [], trees: [{ split: [0], leaf: [1] }] } });
    expect(await value()).toBe(without);
  });
});
