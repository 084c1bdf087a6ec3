// A user's own sold comps uploaded as CSV (docs/decisions/093-user-sales-import.md): the API and the no-JS page,
// all or nothing with bad rows listed by line, idempotent on re-upload, capped at 10 MB before the body is read, and
// used as comps in that user's valuations only.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { userSales } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { parseSalesCsv } from "#app/domain/sales/sales-csv.ts";
import type { ArvAnswer } from "#app/domain/valuation/comparables.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";
import * as apiSalesImport from "#app/routes/api.sales.import.ts";
import * as salesImportPage from "#app/routes/sales.import.tsx";
import { MAX_SALES_FILE_BYTES } from "#app/services/sales/import-user-sales.server.ts";
import { writeUserSales } from "#app/services/sales/write-user-sales.server.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { db } from "./db.ts";

const HEADER =
  "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,year_renovated,basement_sqft,condition,quality_grade,waterfront,view,zip,lat,lon";
const FREMONT = { zip: "98103", city: "Seattle", state: "WA", latitude: 47.6694, longitude: -122.3419 };
const SUBJECT = {
  address: "100 N 36th St",
  city: "Seattle",
  state: "WA",
  zipCode: "98103",
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1800,
  yearBuilt: 1960,
};

/** `n` good sales around Fremont, Seattle in 2025 (the same rows for the same arguments). */
function goodLines(n: number, priceOffset = 0): string[] {
  return Array.from({ length: n }, (_, i) => {
    const sqft = 1200 + (i % 10) * 150;
    const price = 380 * sqft + (i % 7) * 9000 + priceOffset;
    const day = String(1 + (i % 27)).padStart(2, "0");
    const month = String(1 + (i % 11)).padStart(2, "0");
    const lat = (FREMONT.latitude + ((i % 13) - 6) * 0.002).toFixed(5);
    const lon = (FREMONT.longitude + ((i % 11) - 5) * 0.003).toFixed(5);
    return `US-${i},${9000 + i},2025-${month}-${day},${price},${2 + (i % 3)},${1 + (i % 3) * 0.5},${sqft},5000,1,${1920 + (i % 80)},0,0,3,7,0,0,98103,${lat},${lon}`;
  });
}

const csv = (lines: string[]) => new File([[HEADER, ...lines].join("\n")], "my-sales.csv", { type: "text/csv" });

const api = apiSalesImport.action as Handler;
const upload = (client: ApiClient, file: Blob) => client.send(api, "POST", "/api/sales/import", { form: { file } });
const countOf = async (userId: string) => (await db.select().from(userSales).where(eq(userSales.userId, userId))).length;

beforeAll(async () => {
  await seedZipPlaces(db, [FREMONT]);
});

describe("POST /api/sales/import", () => {
  it("imports a good file as the user's own sales; the same file again changes nothing; a changed price updates", async () => {
    const { client, userId } = await registerClient("user-sales");
    const first = await upload(client, csv(goodLines(40)));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      message: "40 sales imported, 0 updated, 0 unchanged.",
      imported: 40,
      updated: 0,
      unchanged: 0,
      errors: [],
    });
    const stored = await db.select().from(userSales).where(eq(userSales.userId, userId));
    expect(stored).toHaveLength(40);
    const row = stored.find((sale) => sale.externalId === "US-0")!;
    expect(row).toMatchObject({ source: "my-sales.csv", parcelId: "9000", price: 456000, bathrooms: 1, waterfront: false, zip: "98103" });

    const again = await upload(client, csv(goodLines(40)));
    expect(await again.json()).toMatchObject({ success: true, imported: 0, updated: 0, unchanged: 40, errors: [] });
    const after = await db.select().from(userSales).where(eq(userSales.userId, userId));
    expect(after.map((sale) => [sale.id, sale.updatedAt.getTime(), sale.price]).sort()).toEqual(
      stored.map((sale) => [sale.id, sale.updatedAt.getTime(), sale.price]).sort(),
    );

    const lines = goodLines(41);
    lines[0] = lines[0]!.replace(",456000,", ",457000,");
    const changed = await upload(client, csv(lines));
    expect(await changed.json()).toMatchObject({ success: true, imported: 1, updated: 1, unchanged: 39 });
    const [repriced] = await db.select().from(userSales).where(eq(userSales.id, row.id));
    expect(repriced!.price).toBe(457000);
    expect(await countOf(userId)).toBe(41);
  });

  it("lists every bad row with its line and writes nothing, not even the good rows", async () => {
    const { client, userId } = await registerClient("user-sales-bad");
    const lines = goodLines(10);
    lines.splice(2, 0, "US-bad-date,1,2025-13-01,400000,3,2,1500,5000,1,1950,0,0,3,7,0,0,98103,47.66,-122.34");
    lines.push("US-cheap,3,2025-05-01,0,3,2,1500,5000,1,1950,0,0,3,7,0,0,98103,47.66,-122.34");
    const answer = await upload(client, csv(lines));
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as {
      success: boolean;
      imported: number;
      updated: number;
      errors: { line: number; message: string }[];
    };
    expect(body).toMatchObject({ success: false, imported: 0, updated: 0 });
    expect(body.errors).toEqual([
      { line: 4, message: "sale_date is not a real date" },
      { line: 13, message: "price must be greater than 0" },
    ]);
    expect(await countOf(userId)).toBe(0);
  });

  it("refuses a file without the required columns (line 1), a non-CSV and an empty choice, writing nothing", async () => {
    const { client, userId } = await registerClient("user-sales-header");
    const header = await upload(client, new File(["sale_id,price\nA,1\n"], "x.csv"));
    expect(header.status).toBe(400);
    const body = (await header.json()) as { errors: { line: number; message: string }[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.line).toBe(1);
    expect(body.errors[0]!.message).toMatch(/^The header lacks parcel_id, sale_date/);
    expect((await upload(client, new File(["%PDF-1.7"], "x.pdf"))).status).toBe(400);
    const none = await client.send(api, "POST", "/api/sales/import", { form: { other: "x" } });
    expect(await none.json()).toMatchObject({ success: false, message: "Please choose a CSV file to import", errors: [] });
    expect(await countOf(userId)).toBe(0);
  });

  it("answers 413 for a body past 10 MB by its Content-Length, before reading it, and for a bigger file in a chunked body", async () => {
    const { client, userId } = await registerClient("user-sales-big");
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      },
    });
    const declared = await client.send(api, "POST", "/api/sales/import", {
      body: stream,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(MAX_SALES_FILE_BYTES + 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({
      success: false,
      message: "The file is larger than 10 MB",
      imported: 0,
      updated: 0,
      errors: [],
    });
    // The stream may be asked for its first chunk as the request is built; never for the 10 MB.
    expect(pulled).toBeLessThanOrEqual(2);

    const big = new File([HEADER, "\n", "x".repeat(MAX_SALES_FILE_BYTES)], "big.csv");
    const chunked = await upload(client, big);
    expect(chunked.status).toBe(413);
    expect(await countOf(userId)).toBe(0);
  });

  it("refuses more than 50,000 rows with a clear message", async () => {
    const { client } = await registerClient("user-sales-rows");
    const row = goodLines(1)[0]!;
    const lines = Array.from({ length: 50_001 }, (_, i) => row.replace("US-0,", `R${i},`));
    const answer = await upload(client, csv(lines));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      success: false,
      message: "The file has 50,001 rows; at most 50,000 can be imported at once. Split it into smaller files.",
    });
  });

  it("answers 405 with Allow for another method", async () => {
    const { client } = await registerClient("user-sales-405");
    const answer = await client.send(apiSalesImport.loader as Handler, "GET", "/api/sales/import");
    expect(answer.status).toBe(405);
    expect(answer.headers.get("Allow")).toBe("POST");
  });
});

describe("the /sales/import page (the form without JavaScript)", () => {
  it("shows the counts, or each bad row's line with nothing written", async () => {
    const { client, userId } = await registerClient("user-sales-page");
    const page = salesImportPage.action as Handler;
    const good = await client.send(page, "POST", "/sales/import", { form: { file: csv(goodLines(5)) } });
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ success: true, message: "5 sales imported, 0 updated, 0 unchanged." });
    const bad = await client.send(page, "POST", "/sales/import", {
      form: { file: csv(["US-x,1,2025-01-01,400000,3,2,1500,5000,1,1950,0,0,3,7,0,0,98103,,"]) },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      success: false,
      errors: [{ line: 2, message: "lat is required and must be a number; lon is required and must be a number" }],
    });
    expect(await countOf(userId)).toBe(5);
    expect(await client.load(salesImportPage.loader as Handler, "/sales/import")).toMatchObject({ count: 5 });
  });
});

describe("the user's sales are comps for that user's valuations only", () => {
  it("values the owner's subject from them, and another user's valuation of the same address never sees them", async () => {
    const owner = new ApiClient();
    const other = new ApiClient();
    for (const client of [owner, other]) client.context = { ...client.context, now: () => new Date("2025-12-15T12:00:00Z") };
    await registerClient("user-sales-owner", {}, owner);
    await registerClient("user-sales-other", {}, other);
    expect((await upload(owner, csv(goodLines(120)))).status).toBe(200);

    const calculate = apiCalculateArv.action as Handler;
    const mine = await owner.call(calculate, "POST", "/api/properties/calculate-arv", SUBJECT);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const arv = mine.body as unknown as ArvAnswer;
    expect(arv.comps.length).toBeGreaterThan(0);
    for (const comp of arv.comps) expect(comp.sourceUrl).toMatch(/^upload:my-sales\.csv\/US-\d+$/);

    const theirs = await other.call(calculate, "POST", "/api/properties/calculate-arv", SUBJECT);
    const comps = (theirs.body as unknown as Partial<ArvAnswer>).comps ?? [];
    expect(comps.filter((comp) => comp.sourceUrl?.startsWith("upload:"))).toEqual([]);
    // No other sales exist there: without the owner's, the other user's subject has no comps at all.
    expect(theirs.status).toBe(422);
  });
});

describe("the write", () => {
  it("is one transaction across several statements: a failing last row leaves nothing behind", async () => {
    const { userId } = await registerClient("user-sales-atomic");
    const rows = parseSalesCsv([HEADER, ...goodLines(1500)].join("\n")).rows;
    // Bypassing validation: the last row breaks a NOT NULL constraint in the last of several statements.
    const broken = [...rows, { ...rows[0]!, externalId: "US-broken", latitude: null as unknown as number }];
    await expect(writeUserSales({ db, now: () => new Date() }, userId, "atomic.csv", broken)).rejects.toThrow();
    expect(await countOf(userId)).toBe(0);
  });
});
