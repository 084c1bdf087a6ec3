// A valuation reads indexes, never a whole table (docs/decisions/050-valuation-engine.md): EXPLAIN QUERY PLAN of the very statements
// POST /api/properties/calculate-arv and the comps routes send, with their bound values. The market's sales are found
// by band of latitude and longitude in market_sales_comps_idx (a partial index of arm's-length deeds, so the query must
// spell that condition as the index does), imported sales in imported_sales_comps_idx, the subject by its address in
// market_properties_address_idx, its ZIP by key and its city from zip_places_city_idx alone, its region's model by
// its primary key. `npm run bench:valuation:latency` gives the figures over a million sales; a test never times
// anything.
import { beforeAll, describe, expect, it } from "vitest";

import { writeImportedSales } from "#db/import/write.ts";
import type { MarketBatch } from "#db/market/generate.ts";
import { properties } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import { parseSalesCsv } from "#app/domain/sales/sales-csv.ts";
import * as apiComps from "#app/routes/api.properties.$id.comps.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";
import { planOf, recordingD1, type Sent } from "./recording-d1.ts";

const TODAY = new Date("2026-01-15T12:00:00Z");
let market: MarketBatch;

beforeAll(async () => {
  market = await seedTestMarket(db, 1_000);
  await seedZipPlaces(db, ZIPS);
  // A few imported sales around the same ZIP, so both sources answer.
  const phoenix = ZIPS.find((zip) => zip.zip === "85008")!;
  const csv = [
    "sale_id,parcel_id,sale_date,price,bedrooms,bathrooms,sqft,lot_sqft,stories,year_built,lat,lon",
    ...Array.from({ length: 20 }, (_, i) =>
      [
        `plan-${i}`,
        `P${i}`,
        `2025-0${1 + (i % 9)}-15`,
        300000 + i * 1000,
        3,
        2,
        1500 + i * 10,
        6000,
        1,
        1990,
        phoenix.latitude + i * 0.001,
        phoenix.longitude - i * 0.001,
      ].join(","),
    ),
  ].join("\n");
  await writeImportedSales(db, "plans", parseSalesCsv(csv).rows);
});

/** A signed-in client whose every statement is recorded (the sign-up's too; `sent` is emptied before each call). */
async function recordedClient() {
  const sent: Sent[] = [];
  const client = new ApiClient(testContext({}, { DB: recordingD1(sent) }));
  client.context = { ...client.context, now: () => TODAY };
  const { userId } = await registerClient("plans", {}, client);
  return { client, userId, sent };
}

async function plansOf(sent: Sent[]) {
  const statements = [...sent];
  const plans = await Promise.all(statements.map(planOf));
  return statements.map((statement, i) => ({ sql: statement.sql, details: plans[i]!.map((row) => row.detail) }));
}

/** Plan lines that read a whole table (not the bands CTE, nor the bound JSON of the comps written). */
const fullScans = (details: string[]) => details.filter((detail) => /^SCAN (?!cells\b|CONSTANT ROW|json_each\b)/.test(detail));

function planFor(plans: { sql: string; details: string[] }[], table: string) {
  const found = plans.filter((plan) => new RegExp(`from "${table}"`).test(plan.sql));
  expect(found.length, `no statement reads ${table}:\n${plans.map((p) => p.sql).join("\n")}`).toBeGreaterThan(0);
  return found;
}

describe("a valuation's queries", () => {
  it("calculate-arv finds the subject, its place and its candidates by index, and reads no table whole", async () => {
    const { client, sent } = await recordedClient();
    const home = market.properties.find((p) => p.zip === "85008" && p.propertyType === "single_family")!;
    for (const body of [
      { address: home.address, city: home.city, state: home.state, zipCode: home.zip },
      { address: "1 Nowhere Lane", city: "Phoenix", state: "AZ", zipCode: "85008", bedrooms: 3 },
    ]) {
      sent.length = 0;
      const answer = await client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const plans = await plansOf(sent);
      const explain = plans.map((plan) => `${plan.sql}\n  ${plan.details.join("\n  ")}`).join("\n");
      for (const plan of plans) expect(fullScans(plan.details), explain).toEqual([]);

      const [marketSales] = planFor(plans, "market_sales");
      expect(marketSales!.details, explain).toContain(
        "SEARCH market_sales USING INDEX market_sales_comps_idx (latitude_cell=? AND longitude>? AND longitude<?)",
      );
      expect(marketSales!.details, explain).toContain("SEARCH market_properties USING INTEGER PRIMARY KEY (rowid=?)");
      const [imported] = planFor(plans, "imported_sales");
      expect(imported!.details, explain).toContain(
        "SEARCH imported_sales USING INDEX imported_sales_comps_idx (latitude_cell=? AND longitude>? AND longitude<?)",
      );
      const subject = planFor(plans, "market_properties").find((plan) => !/market_sales/.test(plan.sql))!;
      expect(subject.details, explain).toEqual([
        "SEARCH market_properties USING INDEX market_properties_address_idx (state=? AND city=? AND address=?)",
      ]);
      const places = planFor(plans, "zip_places").flatMap((plan) => plan.details);
      expect(places, explain).toContain("SEARCH zip_places USING INDEX sqlite_autoindex_zip_places_1 (zip=?)");
      expect(places, explain).toContain("SEARCH zip_places USING COVERING INDEX zip_places_city_idx (state=? AND city_key=?)");
      const [regional] = planFor(plans, "regional_models");
      expect(regional!.details, explain).toEqual([
        "SEARCH regional_models USING INDEX sqlite_autoindex_regional_models_1 (latitude_cell=? AND longitude_cell=?)",
      ]);
    }
  });

  it("a comps search and the stored list read the property, the candidates and the comps by index", async () => {
    const { client, userId, sent } = await recordedClient();
    const home = market.properties.find((p) => p.zip === "85004" && p.propertyType === "single_family")!;
    const [row] = await db
      .insert(properties)
      .values({
        userId,
        address: home.address,
        city: home.city,
        state: home.state,
        zipCode: home.zip,
        latitude: home.latitude,
        longitude: home.longitude,
        apn: home.apn,
        bedrooms: home.bedrooms,
      })
      .returning({ id: properties.id });
    const id = row!.id;
    for (const [handler, method] of [
      [apiComps.action, "POST"],
      [apiComps.loader, "GET"],
    ] as const) {
      sent.length = 0;
      const answer = await client.call(handler as Handler, method, `/api/properties/${id}/comps`, undefined, { params: { id } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const plans = await plansOf(sent);
      const explain = plans.map((plan) => `${plan.sql}\n  ${plan.details.join("\n  ")}`).join("\n");
      for (const plan of plans) expect(fullScans(plan.details), explain).toEqual([]);
      const compsReads = planFor(plans, "comps").flatMap((plan) => plan.details);
      expect(compsReads, explain).toContain("SEARCH comps USING INDEX comps_user_property_idx (user_id=? AND property_id=?)");
    }
  });
});
