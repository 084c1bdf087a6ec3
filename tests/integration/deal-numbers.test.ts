/**
 * one record of a property's deal numbers. A re-valuation replaces the current valuation and keeps
 * the one it replaced; the repairs and fee the user gives are stored and used by the stored max offer (the 70 % rule,
 * computed in SQL exactly as the screens compute it); the CRM loader returns the chosen offer and the max offer apart.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties, propertyValuations } from "#db/schema.ts";
import { ruleMaxOfferOf } from "#app/domain/offers/deal-numbers.ts";
import { action as patchRoute } from "#app/routes/api.properties.$id.ts";
import { action as calculateRoute } from "#app/routes/api.properties.calculate-offer.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { loader as exportCsv } from "#app/routes/crm.export[.csv].ts";
import { readCrmPage } from "#app/services/leads/properties.server.ts";
import { storeValuation } from "#app/services/valuation/store-comps.server.ts";

import { signedIn, type Handler } from "./api-client.ts";
import { COMPANY_ADDRESS, confirmBody, db, withProperty } from "./offers-setup.ts";

const ENGINE = { arv: 320_000, range_low: 290_000, range_high: 352_000, confidence: 0.72, comps: [] };

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function record(propertyId: string) {
  return db.select().from(properties).where(eq(properties.id, propertyId)).get();
}

async function historyOf(propertyId: string) {
  return db.select().from(propertyValuations).where(eq(propertyValuations.propertyId, propertyId));
}

describe("a property's valuations", () => {
  it("a re-valuation replaces the current one and keeps the history, newest first in the CRM card", async () => {
    const { client, userId, propertyId } = await withProperty({ arv: 300_000 });
    expect(await record(propertyId)).toMatchObject({ arv: 300_000, valuationSource: "user", ruleMaxOffer: 170_000 });

    // Each valuation a few milliseconds after the last, so "newest first" has one answer.
    await tick();
    const valued = await storeValuation({ db, now: () => new Date() }, userId, propertyId, ENGINE);
    expect(valued.ok).toBe(true);
    expect(await record(propertyId)).toMatchObject({
      arv: 320_000,
      arvLow: 290_000,
      arvHigh: 352_000,
      confidenceScore: 72,
      valuationSource: "engine",
      // $320,000 × 70 % − $32,000 default repairs − $10,000 default fee.
      ruleMaxOffer: 182_000,
    });

    const patched = await client.call(
      patchRoute,
      "PATCH",
      `/api/properties/${propertyId}`,
      { arv: "330000" },
      { params: { id: propertyId } },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.property).toMatchObject({ arv: 330_000, valuationSource: "user", arvLow: null, ruleMaxOffer: 188_000 });

    const page = await readCrmPage({ db }, userId, { filter: { status: "all", q: "" }, limit: 10, leadId: propertyId });
    expect(page.selected?.valuations.map((entry) => [entry.arv, entry.source, entry.rangeLow])).toEqual([
      [330_000, "user", null],
      [320_000, "engine", 290_000],
      [300_000, "user", null],
    ]);
  });

  it("two identical re-valuations at once keep one history row; a different one a moment later is kept", async () => {
    const { userId, propertyId } = await withProperty({ arv: 300_000 });
    await tick();
    const now = new Date();
    const twins = await Promise.all([
      storeValuation({ db, now: () => now }, userId, propertyId, ENGINE),
      storeValuation({ db, now: () => new Date(now.getTime() + 1) }, userId, propertyId, ENGINE),
    ]);
    expect(twins.map((answer) => answer.ok)).toEqual([true, true]);
    expect((await historyOf(propertyId)).map((row) => [row.arv, row.source])).toEqual([
      [300_000, "user"],
      [320_000, "engine"],
    ]);
    await storeValuation({ db, now: () => new Date(now.getTime() + 2) }, userId, propertyId, { ...ENGINE, arv: 321_000 });
    expect(await historyOf(propertyId)).toHaveLength(3);
  });

  it("never records a valuation on another user's property", async () => {
    const { propertyId } = await withProperty({ arv: 300_000 });
    const stranger = await signedIn({ prefix: "offers", company: COMPANY_ADDRESS });
    const refused = await storeValuation({ db, now: () => new Date() }, stranger.userId, propertyId, ENGINE);
    expect(refused).toMatchObject({ ok: false, status: 404 });
    expect(await historyOf(propertyId)).toHaveLength(1);
    expect((await record(propertyId))?.arv).toBe(300_000);
  });
});

describe("repairs, fee and the stored max offer", () => {
  it("stores the repairs and fee a letter was checked with, and the max offer keeps using them after a re-valuation", async () => {
    const { client, userId, propertyId } = await withProperty();
    // calculate-offer (the API) answers with them and writes nothing.
    const calculated = await client.call(calculateRoute, "POST", "/api/properties/calculate-offer", {
      propertyId,
      arv: 300_000,
      repairs: 20_000,
      assignmentFee: 5_000,
    });
    expect(calculated.body.maxOfferRule).toMatchObject({ maxOffer: 185_000 });
    expect(await record(propertyId)).toMatchObject({ repairEstimate: null, assignmentFee: null });

    const letter = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "Aggressive", repairs: 20_000, assignmentFee: 5_000 }),
    );
    expect(letter.status).toBe(200);
    // The offer's ARV was new to the property: the user's valuation. Offer and max offer are two numbers.
    expect(await record(propertyId)).toMatchObject({
      arv: 300_000,
      valuationSource: "user",
      repairEstimate: 20_000,
      assignmentFee: 5_000,
      ruleMaxOffer: 185_000,
      // Aggressive: 60 % of $300,000 less the $20,000 repairs and $5,000 fee.
      maxOffer: 155_000,
    });

    await storeValuation({ db, now: () => new Date() }, userId, propertyId, { ...ENGINE, arv: 400_000 });
    expect(await record(propertyId)).toMatchObject({ arv: 400_000, ruleMaxOffer: 255_000, maxOffer: 155_000 });

    // Back to the default repairs (10 % of the ARV): PATCH null.
    const patched = await client.call(
      patchRoute,
      "PATCH",
      `/api/properties/${propertyId}`,
      { repairEstimate: null },
      { params: { id: propertyId } },
    );
    expect(patched.body.property).toMatchObject({ repairEstimate: null, assignmentFee: 5_000, ruleMaxOffer: 235_000 });
  });

  it("computes the stored max offer as the screens do, to the dollar, for odd ARVs and figures", async () => {
    const { client, propertyId } = await withProperty();
    for (const [arv, repairs, fee] of [
      [123_455, null, null],
      [287_650, null, 7_321],
      [99_999, 12_345, null],
      [40_000, 30_000, 10_000],
    ] as const) {
      const answer = await client.call(
        patchRoute,
        "PATCH",
        `/api/properties/${propertyId}`,
        { arv, repairEstimate: repairs, assignmentFee: fee },
        { params: { id: propertyId } },
      );
      expect(answer.status).toBe(200);
      expect((await record(propertyId))?.ruleMaxOffer).toBe(ruleMaxOfferOf(arv, repairs, fee));
    }
  });
});

describe("the CRM loader", () => {
  it("returns the chosen offer and the 70 % rule's max offer as two columns, as the CSV export does", async () => {
    const { client, userId, propertyId } = await withProperty({ arv: 300_000 });
    await client.call(confirmRoute, "POST", "/api/properties/confirm-offer", confirmBody(propertyId, { offerType: "Aggressive" }));
    const page = await readCrmPage({ db }, userId, { filter: { status: "all", q: "" }, limit: 10, leadId: null });
    const row = page.leads.find((lead) => lead.id === propertyId);
    // Aggressive: 60 % of $300,000 less the default $30,000 repairs and $10,000 fee.
    expect(row).toMatchObject({ arv: 300_000, maxOffer: 140_000, ruleMaxOffer: 170_000 });

    // The CSV export says the same three figures under the table's names.
    const csv = await client.send(exportCsv as Handler, "GET", "/crm/export.csv");
    const [header, line] = (await csv.text()).split("\r\n");
    const cells = Object.fromEntries(header.split(",").map((name, index) => [name, line.split(",")[index]]));
    expect({ arv: cells.ARV, offer: cells.Offer, maxOffer: cells["Max Offer"] }).toEqual({
      arv: "300000",
      offer: "140000",
      maxOffer: "170000",
    });
  });
});
