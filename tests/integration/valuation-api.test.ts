// POST /api/properties/calculate-arv and GET/POST /api/properties/{id}/comps over a small local market:
// validation field by field, 401, 422 (an address nobody can place, a place with no sales), a known property valued
// from the market's sales, a subject placed by its ZIP or its city, offers at 60/70/80 %, the provider's estimate
// never returned as the ARV, and comps stored per user, listed, replaced (never doubled) and scoped.
import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import type { MarketBatch } from "#db/market/generate.ts";
import { comps, properties } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import type { ArvAnswer, StoredComparable } from "#app/domain/valuation/comparables.ts";
import { NO_COMPS_MESSAGE } from "#app/domain/valuation/engine.ts";
import { distanceMiles } from "#app/domain/valuation/geo.ts";
import { confidenceWordsOf } from "#app/domain/valuation/interval.ts";
import * as apiComps from "#app/routes/api.properties.$id.comps.ts";
import * as apiCalculateArv from "#app/routes/api.properties.calculate-arv.ts";
import * as apiProperties from "#app/routes/api.properties.ts";

import { ApiClient, signedIn, type Answer, type Handler } from "./api-client.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";

/** Two weeks after the market's last recorded day (2025-12-31): the clock every valuation here reads. */
const TODAY = new Date("2026-01-15T15:30:00Z");
/** A ZIP in the gazetteer where the market has no sales. */
const EMPTY_ZIP = { zip: "99501", city: "Anchorage", state: "AK", latitude: 61.2167, longitude: -149.8782 };

let market: MarketBatch;

beforeAll(async () => {
  market = await seedTestMarket(db, 2_000);
  await seedZipPlaces(db, [...ZIPS, EMPTY_ZIP]);
});

/** A new user whose clock reads TODAY. */
const signedInToday = (prefix = "valuation") => signedIn({ prefix, now: () => TODAY });

const calculate = (client: ApiClient, body: unknown) =>
  client.call(apiCalculateArv.action as Handler, "POST", "/api/properties/calculate-arv", body);

const compsCall = (client: ApiClient, method: "GET" | "POST", id: string) =>
  client.call((method === "GET" ? apiComps.loader : apiComps.action) as Handler, method, `/api/properties/${id}/comps`, undefined, {
    params: { id },
  });

/** A single-family market property in a Phoenix ZIP: its facts, place and parcel are on record. */
function knownHome() {
  const home = market.properties.find((p) => p.zip === "85008" && p.propertyType === "single_family" && p.bedrooms === 3);
  expect(home).toBeDefined();
  return home!;
}

const saleById = (id: string) => market.sales.find((sale) => `market-${sale.id}` === id);

const asArv = (answer: Answer) => answer.body as unknown as ArvAnswer;

describe("POST /api/properties/calculate-arv", () => {
  it("answers 401 with the spec's message when signed out, whatever the body", async () => {
    const client = new ApiClient();
    for (const body of [{ address: "1 Main St", city: "Phoenix", state: "AZ" }, { address: "" }]) {
      const answer = await calculate(client, body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, message: "Authentication required. Please log in again." });
    }
  });

  it("answers 400 naming each bad field, and values nothing", async () => {
    const { client } = await signedInToday();
    const good = { address: "1 Main St", city: "Phoenix", state: "AZ", zipCode: "85008", batchDataEstValue: 300000 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...good, address: "" }, "address", "Address is required"],
      [{ ...good, address: undefined }, "address", "Address is required"],
      [{ ...good, city: " " }, "city", "City is required"],
      [{ ...good, state: "ZZ" }, "state", "State must be one of the 50 US state codes"],
      [{ ...good, state: "Arizona" }, "state", "State must be 2 letters"],
      [{ ...good, zipCode: "8500" }, "zipCode", "ZIP code must be 5 digits"],
      [{ ...good, batchDataEstValue: -1 }, "batchDataEstValue", "Estimated value cannot be negative"],
      [{ ...good, batchDataEstValue: "lots" }, "batchDataEstValue", "Estimated value must be a number"],
      [{ ...good, bedrooms: 2.5 }, "bedrooms", "Bedrooms must be a whole number"],
      [{ ...good, bedrooms: "three" }, "bedrooms", "Bedrooms must be a number"],
      [{ ...good, bathrooms: 0 }, "bathrooms", "Bathrooms must be greater than 0"],
      [{ ...good, squareFeet: 2_000_000 }, "squareFeet", "Square feet must be at most 1,000,000"],
      [{ ...good, yearBuilt: 1700 }, "yearBuilt", "Year built must be 1800 or later"],
      [{ ...good, propertyType: "x".repeat(51) }, "propertyType", "Property type must be at most 50 characters"],
    ];
    for (const [body, field, message] of cases) {
      const answer = await calculate(client, body);
      expect(answer.status, field).toBe(400);
      expect(answer.body.success).toBe(false);
      expect((answer.body.errors as Record<string, string[]>)[field], field).toContain(message);
    }
  });

  it("values a known property from the market's sales: its record's place, facts and parcel, never its own sales", async () => {
    const { client } = await signedInToday();
    const home = knownHome();
    const answer = await calculate(client, {
      address: home.address,
      city: home.city.toLowerCase(),
      state: home.state,
      batchDataEstValue: 123457,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const arv = asArv(answer);
    // The clock says 2026-01-15, the local market's records end on MARKET_AS_OF (2025-12-31): valued as of the day after.
    expect(arv.valuationDate).toBe("2026-01-01");
    expect(arv.assumptions).toContain(
      "Valued as of 2026-01-01, the day after the last sale in the property data's records; no later prices are known.",
    );
    expect(arv.arv).toBeGreaterThan(0);
    expect(arv.range_low).toBeLessThanOrEqual(arv.arv);
    expect(arv.range_high).toBeGreaterThanOrEqual(arv.arv);
    expect(arv.confidence).toBeGreaterThan(0);
    expect(arv.confidence).toBeLessThanOrEqual(1);
    // The confidence in words, read back from the number the same way every view reads it (ADR 076).
    expect(confidenceWordsOf(arv.confidence)).toEqual({ label: arv.confidenceLabel, typicalErrorPct: arv.typicalErrorPct });
    expect(Object.keys(arv)).not.toContain("evidence");
    expect(arv.method).not.toBe("");
    expect(arv.rationale).not.toBe("");
    expect(arv.assumptions.join(" ")).toContain(`property record of ${home.address}, ${home.city}, AZ (parcel ${home.apn})`);
    expect(arv.comps.length).toBeGreaterThan(0);
    for (const comp of arv.comps) {
      const sale = saleById(comp.id);
      expect(sale, comp.id).toBeDefined();
      const sold = market.properties.find((p) => p.id === sale!.propertyId)!;
      expect(sold.apn).not.toBe(home.apn);
      expect(["warranty", "special_warranty", "grant"]).toContain(sale!.transferType);
      expect(comp.soldDate < "2026-01-15").toBe(true);
      expect(comp.soldPrice).toBe(sale!.price);
      expect(comp.address).toBe(sold.address);
      expect(comp.distance).toBeCloseTo(distanceMiles(home as { latitude: number; longitude: number }, sale!), 1);
      expect(comp.sourceUrl).toBe(`local-market:sale/${sale!.id}`);
    }
  });

  it("answers the offers at 60, 70 and 80 % of its own ARV less the default repairs and fee, and cites the provider's estimate without returning it", async () => {
    const { client } = await signedInToday();
    const home = knownHome();
    for (const estimate of [9_999_999, 250_000]) {
      const arv = asArv(
        await calculate(client, { address: home.address, city: home.city, state: home.state, batchDataEstValue: estimate }),
      );
      expect(arv.arv).not.toBe(estimate);
      const costs = Math.round((arv.arv * 0.1) / 500) * 500 + 10_000;
      expect(arv.offers.map((o) => [o.type, o.percentage, o.offer])).toEqual([
        ["Aggressive", 60, Math.max(0, Math.round(arv.arv * 0.6 - costs))],
        ["Fair", 70, Math.max(0, Math.round(arv.arv * 0.7 - costs))],
        ["Likely", 80, Math.max(0, Math.round(arv.arv * 0.8 - costs))],
      ]);
      expect(arv.assumptions.join(" ")).toContain(`$${estimate.toLocaleString("en-US")}`);
      // The same subject valued with any estimate is the same ARV: the estimate is not an input.
      const again = asArv(await calculate(client, { address: home.address, city: home.city, state: home.state, batchDataEstValue: 1 }));
      expect(again.arv).toBe(arv.arv);
    }
  });

  it("places a subject that is not on record at its ZIP's centre and values it from the facts sent", async () => {
    const { client } = await signedInToday();
    const centre = ZIPS.find((zip) => zip.zip === "85008")!;
    const body = {
      address: "1 Nowhere Lane",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85008",
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1600,
      yearBuilt: 1995,
      propertyType: "single_family",
      batchDataEstValue: null,
    };
    const answer = await calculate(client, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const arv = asArv(answer);
    expect(arv.assumptions.join(" ")).toContain("placed at the centre of ZIP 85008");
    for (const comp of arv.comps) {
      const sale = saleById(comp.id)!;
      expect(comp.distance).toBeCloseTo(distanceMiles(centre, sale), 1);
      expect(comp.distance).toBeLessThanOrEqual(3.01);
    }
    // Bigger, same place: worth more. The facts sent are what is valued.
    const bigger = asArv(await calculate(client, { ...body, squareFeet: 3200, bathrooms: 3 }));
    expect(bigger.arv).toBeGreaterThan(arv.arv);
  });

  it("places a subject without a known ZIP at its city's centre", async () => {
    const { client } = await signedInToday();
    const answer = await calculate(client, { address: "2 Nowhere Lane", city: "TEMPE", state: "az", bedrooms: 3, squareFeet: 1500 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(asArv(answer).assumptions.join(" ")).toContain("placed at the centre of TEMPE, AZ (the mean of its 1 ZIP centres)");
  });

  it("answers 422 for an address nobody can place and for a place without comparable sales: never a made-up number", async () => {
    const { client } = await signedInToday();
    const unplaced = await calculate(client, { address: "3 Nowhere Lane", city: "Atlantis", state: "AZ", zipCode: "00000" });
    expect(unplaced.status).toBe(422);
    expect(unplaced.body).toEqual({
      success: false,
      message:
        "This address could not be placed on the map: it is not a property we have on record, and neither ZIP 00000 nor Atlantis, AZ is a place we know. Check the ZIP code, city and state.",
    });
    const empty = await calculate(client, { address: "4 Nowhere Lane", city: "Anchorage", state: "AK", zipCode: "99501", bedrooms: 3 });
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ success: false, message: NO_COMPS_MESSAGE });
  });

  it("uses only sales dated before today: the clock moved back, the later sales are not seen", async () => {
    const { client } = await signedInToday();
    client.context = { ...client.context, now: () => new Date("2025-07-01T08:00:00Z") };
    const home = knownHome();
    const arv = asArv(await calculate(client, { address: home.address, city: home.city, state: home.state }));
    expect(arv.valuationDate).toBe("2025-07-01");
    expect(arv.assumptions.some((note) => note.startsWith("Valued as of"))).toBe(false);
    expect(arv.comps.length).toBeGreaterThan(0);
    for (const comp of arv.comps) expect(comp.soldDate < "2025-07-01", comp.soldDate).toBe(true);
  });
});

// --- comps ---------------------------------------------------------------------------------------------------------------

/** A CRM property saved from a market lead: coordinates and parcel stored with it. */
async function savedLead(userId: string) {
  const home = knownHome();
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
      bathrooms: home.bathrooms,
      squareFeet: home.squareFeet,
      yearBuilt: home.yearBuilt,
      propertyType: home.propertyType,
    })
    .returning({ id: properties.id });
  return { id: row!.id, home };
}

async function storedCount(propertyId: string) {
  const [row] = await db.select({ n: count() }).from(comps).where(eq(comps.propertyId, propertyId));
  return row?.n ?? 0;
}

describe("GET and POST /api/properties/{id}/comps", () => {
  it("answers 401 signed out and 404 for another user's property, writing nothing", async () => {
    const owner = await signedInToday("comps-owner");
    const { id } = await savedLead(owner.userId);
    expect((await compsCall(owner.client, "POST", id)).status).toBe(200);
    const before = await storedCount(id);
    expect(before).toBeGreaterThan(0);

    const anonymous = new ApiClient();
    for (const method of ["GET", "POST"] as const) {
      const answer = await compsCall(anonymous, method, id);
      expect(answer.status, method).toBe(401);
    }
    const other = await signedInToday("comps-other");
    for (const method of ["GET", "POST"] as const) {
      const answer = await compsCall(other.client, method, id);
      expect(answer.status, method).toBe(404);
      expect(answer.body).toEqual({ success: false, message: "Property not found" });
    }
    expect(await storedCount(id)).toBe(before);
    expect((await compsCall(other.client, "GET", crypto.randomUUID())).status).toBe(404);
  });

  it("stores the comps a search used and lists them with the spec's fields; a second search replaces them", async () => {
    const { client, userId } = await signedInToday("comps-store");
    const { id, home } = await savedLead(userId);
    expect((await compsCall(client, "GET", id)).body).toEqual([]);

    const first = await compsCall(client, "POST", id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstComps = first.body.comps as StoredComparable[];
    expect(first.body.success).toBe(true);
    expect(first.body.arv).toBeGreaterThan(0);
    expect(firstComps.length).toBeGreaterThan(0);
    // A lead saved from the market is placed and described by its record, as the workbench values it (ADR 091).
    expect((first.body.assumptions as string[]).some((note) => note.startsWith("Placed and described by the property record of"))).toBe(
      true,
    );

    const listed = (await compsCall(client, "GET", id)).body as unknown as StoredComparable[];
    expect(listed).toEqual(firstComps);
    for (const comp of listed) {
      expect(Object.keys(comp).sort()).toEqual(
        [
          "address",
          "bathrooms",
          "bedrooms",
          "daysOnMarket",
          "distance",
          "id",
          "pricePerSqft",
          "propertyId",
          "similarityScore",
          "soldDate",
          "soldPrice",
          "sourceUrl",
          "squareFeet",
        ].sort(),
      );
      expect(comp.propertyId).toBe(id);
      const sale = market.sales.find((s) => `local-market:sale/${s.id}` === comp.sourceUrl)!;
      expect(sale.propertyId).not.toBe(home.id);
      expect(comp.soldPrice).toBe(sale.price);
      expect(comp.daysOnMarket).toBe(sale.daysOnMarket);
      if (comp.squareFeet) expect(comp.pricePerSqft).toBeCloseTo(comp.soldPrice / comp.squareFeet, 2);
    }
    // Most alike first.
    const scores = listed.map((comp) => comp.similarityScore ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const second = await compsCall(client, "POST", id);
    expect(second.status).toBe(200);
    const secondComps = second.body.comps as StoredComparable[];
    expect(await storedCount(id)).toBe(secondComps.length);
    expect(secondComps.map((c) => c.id).some((cid) => firstComps.some((c) => c.id === cid))).toBe(false);
    expect((await compsCall(client, "GET", id)).body).toEqual(secondComps);
  });

  it("two searches at once leave one set, not a doubled one", async () => {
    const { client, userId } = await signedInToday("comps-race");
    const { id } = await savedLead(userId);
    const answers = await Promise.all([compsCall(client, "POST", id), compsCall(client, "POST", id), compsCall(client, "POST", id)]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const size = (answers[0].body.comps as unknown[]).length;
    expect(await storedCount(id)).toBe(size);
    const listed = (await compsCall(client, "GET", id)).body as unknown as StoredComparable[];
    expect(listed).toHaveLength(size);
    expect(answers.map((answer) => JSON.stringify(answer.body.comps))).toContain(JSON.stringify(listed));
  });

  it("places a property added by hand by its address, and answers 422 'Comps Analysis Failed' where there are no sales", async () => {
    const { client, userId } = await signedInToday("comps-hand");
    const add = (body: Record<string, unknown>) => client.call(apiProperties.action as Handler, "POST", "/api/properties", body);
    const home = knownHome();
    const onRecord = await add({ address: home.address, city: home.city, state: home.state, zipCode: home.zip });
    expect(onRecord.status, JSON.stringify(onRecord.body)).toBe(201);
    const recordId = (onRecord.body.property as { id: string } | undefined)?.id ?? (onRecord.body.id as string);
    const found = await compsCall(client, "POST", recordId);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((found.body.assumptions as string[]).join(" ")).toContain(`(parcel ${home.apn})`);

    const alaska = await add({ address: "5 Nowhere Lane", city: "Anchorage", state: "AK", zipCode: "99501" });
    const alaskaId = (alaska.body.property as { id: string } | undefined)?.id ?? (alaska.body.id as string);
    const failed = await compsCall(client, "POST", alaskaId);
    expect(failed.status).toBe(422);
    expect(failed.body).toEqual({ success: false, message: `Comps Analysis Failed: ${NO_COMPS_MESSAGE}` });
    const [stored] = await db
      .select({ n: count() })
      .from(comps)
      .where(and(eq(comps.userId, userId), eq(comps.propertyId, alaskaId)));
    expect(stored?.n).toBe(0);
  });
});
