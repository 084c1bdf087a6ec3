// Comps from BatchData (fake): Let's Work It values a Phoenix lead from BatchData's comparables, the ledger shows the
// comp records once, and the kept answer serves a second valuation — by anyone — for 30 days without a vendor call.

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { properties, providerSales, usageEvents } from "#db/schema.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import * as index from "#app/routes/_index.tsx";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { action as calculateArv } from "#app/routes/api.properties.calculate-arv.ts";
import { action as createRoute } from "#app/routes/api.properties.ts";
import { action as crmComps } from "#app/routes/crm.comps.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";
import { PHOENIX_SUBJECT, phoenixComps } from "#tests/fakes/batchdata-comps.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { BASE_URL, TOKEN } from "./batchdata-setup.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const TODAY = "2026-11-27";

function batchDataClient(fake: ReturnType<typeof createFakeBatchData>, now = new Date(`${TODAY}T15:00:00Z`)) {
  const client = new ApiClient(
    testContext({ PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: BASE_URL }, {}, { fetch: fake.fetch }),
  );
  client.context.now = () => now;
  return client;
}

const compSearches = (fake: ReturnType<typeof createFakeBatchData>) =>
  fake.searches().filter((call) => "compAddress" in (call.body.searchCriteria as object));
const compCharges = (userId: string) =>
  db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "comp_record")));

const arvBody = { address: PHOENIX_SUBJECT.street, city: "Phoenix", state: "AZ", zipCode: PHOENIX_SUBJECT.zip };

describe("comps from BatchData", () => {
  it("Let's Work It values a Phoenix lead from BatchData's comparables, metered once", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const { client, userId } = await registerClient("bd-comps", {}, batchDataClient(fake));
    const found = await client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
      count: 5,
      criteria: { location: "Phoenix, AZ", sellerType: "inherited" },
    });
    const lead = (found.body.properties as LeadQueueItem[])[0]!;
    expect(lead.addressLine).toBe(PHOENIX_SUBJECT.street);

    const worked = await client.send(workbench.action as Handler, "POST", "/leads/workbench", {
      urlencoded: { intent: "work", leadId: lead.id, vendor: lead.raw.vendor, index: "0" },
    });
    expect(worked.status).toBe(302);
    const [property] = await db.select().from(properties).where(eq(properties.userId, userId));
    expect(property!.arv).toBeGreaterThan(300_000);
    expect(property!.arv).toBeLessThan(450_000);

    // One subject lookup and one page of comparables, asked as BatchData's article writes them.
    const [comps] = compSearches(fake);
    expect(compSearches(fake)).toHaveLength(1);
    expect(comps!.body).toMatchObject({
      searchCriteria: { compAddress: { ...PHOENIX_SUBJECT }, intel: { lastSoldDate: { minDate: "2025-11-27", maxDate: "2026-11-26" } } },
      options: {
        useDistance: true,
        distanceMiles: 3,
        useBedrooms: true,
        useArea: true,
        useYearBuilt: true,
        skip: 0,
        take: 50,
        datasets: ["comps"],
      },
    });
    // The subject and the 27 records answered are billed (the unreadable one and the non-market deeds too); 24 sales kept.
    const charges = await compCharges(userId);
    expect(charges.map((row) => [row.quantity, row.provider, row.unitCostMicrocents])).toEqual([[28, "batchdata", 2_000_000]]);
    const kept = await db.select().from(providerSales).where(eq(providerSales.provider, "batchdata"));
    expect(kept.filter((row) => row.role === "sale")).toHaveLength(24);
    expect(kept.find((row) => row.role === "subject")?.recordId).toBe("batchdata-subject-622");
  });

  it("values the same subject again, for another user, from the kept sales: 0 vendor calls, nothing charged", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const first = await registerClient("bd-comps-a", {}, batchDataClient(fake));
    const valued = await first.client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", arvBody);
    expect(valued.status).toBe(200);
    const calls = fake.calls.length;

    const later = new Date(`${TODAY}T15:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 29);
    const second = await registerClient("bd-comps-b", {}, batchDataClient(fake, later));
    const again = await second.client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", arvBody);
    expect(again.status).toBe(200);
    expect(fake.calls.length).toBe(calls);
    expect(await compCharges(second.userId)).toEqual([]);
    expect((again.body.comps as unknown[]).length).toBeGreaterThan(0);
  });

  it("buys them again once the kept answer is older than 30 days", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const subject = { ...arvBody, address: "622 W. PALMAIRE AVE" };
    const first = await registerClient("bd-comps-old", {}, batchDataClient(fake));
    expect((await first.client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", subject)).status).toBe(200);
    const later = new Date(`${TODAY}T15:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 31);
    const before = compSearches(fake).length;
    const second = await registerClient("bd-comps-new", {}, batchDataClient(fake, later));
    const again = await second.client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", subject);
    expect(again.status).toBe(200);
    expect(compSearches(fake).length).toBe(before + 1);
    expect((await compCharges(second.userId)).map((row) => row.quantity)).toEqual([28]);
  });

  it("prices a paid re-search on the property card, and buys only when asked: Refresh comps", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const later = new Date(`${TODAY}T15:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 62);
    const { client, userId } = await registerClient("bd-comps-card", {}, batchDataClient(fake, later));
    const created = await client.call(createRoute as Handler, "POST", "/api/properties", {
      ...arvBody,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1500,
    });
    const id = String(created.body.id);
    const find = (fields: Record<string, string> = {}) =>
      client.send(crmComps as Handler, "POST", "/crm/comps", { urlencoded: { propertyId: id, ...fields } });
    expect(toastOf(await find())?.title).toBe("Comps Found");
    const bought = compSearches(fake).length;
    expect(toastOf(await find())?.title).toBe("Comps Found");
    expect(compSearches(fake).length).toBe(bought);

    const page = await client.load<{ payload: { data: { selected: { compsRefresh: string | null } } } }>(
      index.loader as Handler,
      `/?section=crm&lead=${id}&comps=1`,
    );
    expect(page.payload.data.selected.compsRefresh).toBe("Refresh comps — about 28 records, $0.56");

    expect(toastOf(await find({ refresh: "1" }))?.title).toBe("Comps Found");
    expect(compSearches(fake).length).toBe(bought + 1);
    expect((await compCharges(userId)).map((row) => row.quantity)).toEqual([28, 28]);
  });
});
