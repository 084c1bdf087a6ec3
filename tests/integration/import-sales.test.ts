// The write half of `npm run import:sales` in workerd's D1 (the CLI runs the same parse and write over the local
// state): good rows in, bad rows skipped with their lines, all in one transaction, a re-import updates rather than
// doubles; and imported sales are comparables: a subject where only imports exist is valued from them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { countImported, writeImportedSales } from "#db/import/write.ts";
import { importedSales } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { parseSalesCsv, type ImportedSaleRow } from "#app/domain/sales/sales-csv.ts";
import type { ArvAnswer } from "#app/domain/valuation/comparables.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";

const HEADER =
  "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon";
const FREMONT = { zip: "98103", city: "Seattle", state: "WA", latitude: 47.6694, longitude: -122.3419 };

/** Sales around Fremont, Seattle in 2025: `n` good rows and three bad ones (lines 3, 6 and the last). */
function salesFile(n: number, priceOffset = 0): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const sqft = 1200 + (i % 10) * 150;
    const price = 380 * sqft + (i % 7) * 9000 + priceOffset;
    const day = String(1 + (i % 27)).padStart(2, "0");
    const month = String(1 + (i % 11)).padStart(2, "0");
    const lat = (FREMONT.latitude + ((i % 13) - 6) * 0.002).toFixed(5);
    const lon = (FREMONT.longitude + ((i % 11) - 5) * 0.003).toFixed(5);
    lines.push(
      `KC-${i},${9000 + i},2025-${month}-${day},${price},${2 + (i % 3)},${1 + (i % 3) * 0.5},${sqft},5000,1,${1920 + (i % 80)},0,0,3,7,0,0,98103,${lat},${lon}`,
    );
    if (i === 0) lines.push("KC-bad-date,1,2025-13-01,400000,3,2,1500,5000,1,1950,0,0,3,7,0,0,98103,47.66,-122.34");
    if (i === 2) lines.push("KC-no-place,2,2025-05-01,400000,3,2,1500,5000,1,1950,0,0,3,7,0,0,98103,,");
  }
  lines.push("KC-cheap,3,2025-05-01,0,3,2,1500,5000,1,1950,0,0,3,7,0,0,98103,47.66,-122.34");
  return lines.join("\n");
}

beforeAll(async () => {
  await seedZipPlaces(db, [FREMONT]);
});

describe("import:sales's write", () => {
  it("writes the good rows, skips the bad ones by line, and a second import of the same source updates instead of doubling", async () => {
    const parsed = parseSalesCsv(salesFile(60));
    expect(parsed.rows).toHaveLength(60);
    expect(parsed.bad.map((row) => row.line)).toEqual([3, 6, 64]);

    expect(await writeImportedSales(db, "fremont", parsed.rows)).toEqual({ written: 60, added: 60, updated: 0 });
    const stored = await db.select().from(importedSales).where(eq(importedSales.externalId, "KC-0"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ source: "fremont", parcelId: "9000", price: 456000, bathrooms: 1, waterfront: false, zip: "98103" });
    expect(stored[0]!.latitudeCell).toBe(Math.trunc((stored[0]!.latitude + 90) * 100));

    const repriced = parseSalesCsv(salesFile(60, 1000));
    expect(await writeImportedSales(db, "fremont", repriced.rows)).toEqual({ written: 60, added: 0, updated: 60 });
    expect(await countImported(db, "fremont")).toBe(60);
    const [again] = await db.select().from(importedSales).where(eq(importedSales.externalId, "KC-0"));
    expect(again!.price).toBe(457000);
    expect(again!.id).toBe(stored[0]!.id);
  });

  it("writes nothing when any statement of an import fails: one transaction", async () => {
    const rows = parseSalesCsv(salesFile(1500)).rows;
    // Bypassing validation: the last row breaks a NOT NULL constraint in the last of several statements.
    const broken: ImportedSaleRow[] = [...rows, { ...rows[0]!, externalId: "KC-broken", latitude: null as unknown as number }];
    await expect(writeImportedSales(db, "atomic", broken)).rejects.toThrow();
    expect(await countImported(db, "atomic")).toBe(0);
  });
});

describe("imported sales as comparables", () => {
  it("values a subject where the only sales are imported ones, citing them as its comps", async () => {
    await writeImportedSales(db, "fremont-comps", parseSalesCsv(salesFile(120)).rows);
    const client = new ApiClient();
    client.context = { ...client.context, now: () => new Date("2025-12-15T12:00:00Z") };
    await registerClient("imported-comps", {}, client);
    const answer = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", {
      address: "100 N 36th St",
      city: "Seattle",
      state: "WA",
      zipCode: "98103",
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1800,
      yearBuilt: 1960,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const arv = answer.body as unknown as ArvAnswer;
    expect(arv.comps.length).toBeGreaterThan(0);
    for (const comp of arv.comps) {
      expect(comp.sourceUrl).toMatch(/^import:fremont(-comps)?\/KC-\d+$/);
      expect(comp.address).toMatch(/^Parcel \d+$/);
    }
    // Around $380 a square foot for 1,800 sq ft.
    expect(arv.arv).toBeGreaterThan(500_000);
    expect(arv.arv).toBeLessThan(900_000);
  });
});
