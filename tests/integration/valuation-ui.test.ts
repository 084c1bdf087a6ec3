// The valuation screens (the Get Property Value and the property card's comps): the workbench's form post values
// the lead through calculate-arv's service and records the ARV and comps on the user's own property only (another
// user's → 404, nothing written; no comps → 'Comps Analysis Failed', nothing written; a failing call → the spec's Demo Mode,
// nothing written); Get Max Offer then starts from that ARV; the CRM's /crm/comps runs the comps search and the CRM
// loader reads the comps only when the card shows them.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { comps, properties } from "#db/schema.ts";
import { seedZipPlaces } from "#db/zip-places.ts";
import type { LeadQueueItem } from "#app/domain/leads/search.ts";
import type { OfferSteps } from "#app/domain/offers/offer-rules.ts";
import type { StoredComparable } from "#app/domain/valuation/comparables.ts";
import * as index from "#app/routes/_index.tsx";
import * as apiComps from "#app/routes/api.properties.$id.comps.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { action as crmComps } from "#app/routes/crm.comps.tsx";
import * as workbench from "#app/routes/leads.workbench.tsx";

import { ApiClient, registerClient, toastOf, type Handler } from "./api-client.ts";
import { ownLead } from "./comps-setup.ts";
import { db } from "./db.ts";
import { seedTestMarket, ZIPS } from "./market-fixture.ts";

const loader = workbench.loader as Handler;
const action = workbench.action as Handler;

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
  await seedZipPlaces(db, ZIPS);
});

const post = (client: ApiClient, fields: Record<string, string>) => client.send(action, "POST", "/leads/workbench", { urlencoded: fields });

/** A user who searched and worked the first lead (Let's Work It saved it with status analyzed). */
async function workedLead(client?: ApiClient) {
  const signedIn = await registerClient("valui", {}, client);
  const answer = await signedIn.client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
    count: 5,
    criteria: { location: "Phoenix, AZ", sellerType: "high_equity" },
  });
  const lead = (answer.body.properties as LeadQueueItem[])[0];
  const worked = await post(signedIn.client, { intent: "work", leadId: lead.id, vendor: lead.raw.vendor, index: "0" });
  expect(worked.status).toBe(302);
  const [property] = await db.select().from(properties).where(eq(properties.userId, signedIn.userId));
  return { ...signedIn, lead, property };
}

/** The Get Property Value form as the banner posts it: the saved property and the lead's facts. */
function valueForm(lead: LeadQueueItem, propertyId: string): Record<string, string> {
  const fields: Record<string, string | number | null> = {
    intent: "value",
    propertyId,
    index: 0,
    address: lead.addressLine,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zip,
    bedrooms: lead.bedrooms,
    bathrooms: lead.bathrooms,
    squareFeet: lead.squareFeet,
    yearBuilt: lead.yearBuilt,
    propertyType: lead.propertyType,
    batchDataEstValue: lead.estimatedValue,
  };
  return Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (value === null ? [] : [[key, String(value)]])));
}

const storedOf = (propertyId: string) =>
  db
    .select({ arv: properties.arv, analysisArv: properties.analysisArv, confidenceScore: properties.confidenceScore })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .get();
const compsOf = (userId: string, propertyId: string) =>
  db
    .select()
    .from(comps)
    .where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId)));

type Page = { steps: OfferSteps; comps: Record<string, StoredComparable[]>; saved: Record<string, { analysisArv: number | null }> };

describe("the workbench's Get Property Value", () => {
  it("values the lead, records its ARV and comps on the user's property, and Get Max Offer starts from that ARV", async () => {
    const { client, userId, lead, property } = await workedLead();
    const valued = await post(client, valueForm(lead, property.id));
    expect(valued.status, await valued.clone().text()).toBe(302);
    const location = valued.headers.get("Location")!;
    // The answer lands on the Get Property Value panel (its #anchor).
    expect(location).toMatch(/^\/leads\/workbench\?lead=0&value=\d+&low=\d+&high=\d+&conf=\d+#property-value$/);
    const params = new URL(location, "http://x").searchParams;
    const arv = Number(params.get("value"));
    expect(Number(params.get("low"))).toBeLessThanOrEqual(arv);
    expect(Number(params.get("high"))).toBeGreaterThanOrEqual(arv);
    expect(toastOf(valued)).toMatchObject({ title: "Property Value Calculated", variant: "success" });

    // Recorded: the ARV where the offer steps read it, its confidence where the property card's Valuation Details read
    // it (the same whole percent as the workbench's), and the comps the comps GET lists.
    expect(await storedOf(property.id)).toEqual({ arv, analysisArv: arv, confidenceScore: Number(params.get("conf")) });
    const stored = await compsOf(userId, property.id);
    expect(stored.length).toBeGreaterThan(0);
    const listed = await client.call(apiComps.loader as Handler, "GET", `/api/properties/${property.id}/comps`, undefined, {
      params: { id: property.id },
    });
    expect((listed.body as unknown as StoredComparable[]).map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());

    // The page after the redirect (and a plain reload) shows the valuation and the stored comps.
    const page = await client.load<Page>(loader, location);
    expect(page.steps.valuation).toMatchObject({ arv, low: Number(params.get("low")), high: Number(params.get("high")) });
    expect(page.comps[property.id]).toHaveLength(stored.length);
    expect(page.saved[lead.id].analysisArv).toBe(arv);
    const reload = await client.load<Page>(loader, "/leads/workbench?lead=0");
    expect(reload.steps.valuation).toBeNull();
    expect(reload.comps[property.id]).toHaveLength(stored.length);

    // Get Max Offer keeps the valuation in the URL; a second valuation replaces the comps, never doubles them.
    params.delete("lead");
    const offers = await post(client, {
      intent: "offers",
      propertyId: property.id,
      index: "0",
      arv: String(arv),
      ...Object.fromEntries(params),
    });
    expect(offers.headers.get("Location")).toBe(
      `/leads/workbench?lead=0&${params}&arv=${arv}&repairs=${Math.round((arv * 0.1) / 500) * 500}&fee=10000#offer-options`,
    );
    const again = await post(client, valueForm(lead, property.id));
    expect(again.status).toBe(302);
    expect(await compsOf(userId, property.id)).toHaveLength(stored.length);
  });

  it("refuses another user's property with 404 and writes nothing", async () => {
    const owner = await workedLead();
    const stranger = await workedLead();
    const before = await storedOf(owner.property.id);
    // Let's Work It valued the lead already: nothing more is written.
    const compsBefore = (await compsOf(owner.userId, owner.property.id)).length;
    const answer = await post(stranger.client, valueForm(owner.lead, owner.property.id));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ intent: "value", message: "Property not found" });
    expect(await storedOf(owner.property.id)).toEqual(before);
    expect(await compsOf(owner.userId, owner.property.id)).toHaveLength(compsBefore);
    expect(await compsOf(stranger.userId, owner.property.id)).toHaveLength(0);
  });

  it("answers an address nobody can place with its message under 'Comps Analysis Failed', no number, and writes nothing", async () => {
    const { client, userId, lead, property } = await workedLead();
    const before = await storedOf(property.id);
    // Let's Work It valued the lead already: nothing more is written.
    const compsBefore = (await compsOf(userId, property.id)).length;
    const answer = await post(client, {
      ...valueForm(lead, property.id),
      address: "1 Nowhere Rd",
      city: "Nowhere",
      state: "WY",
      zipCode: "82001",
    });
    expect(answer.status).toBe(422);
    const body = (await answer.json()) as { title: string; message: string };
    expect(body.title).toBe("Comps Analysis Failed");
    expect(body.message).toContain("could not be placed");
    expect(await storedOf(property.id)).toEqual(before);
    expect(await compsOf(userId, property.id)).toHaveLength(compsBefore);
  });

  it("answers a bad form with its field message and signed out sends to sign-in", async () => {
    const { client, lead, property } = await workedLead();
    const bad = await post(client, { ...valueForm(lead, property.id), state: "ZZ" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ intent: "value", message: "State must be one of the 50 US state codes" });
    const signedOut = await post(new ApiClient(), valueForm(lead, property.id));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
  });

  it("falls back to the spec's Demo Mode only when the valuation call fails, says so, and stores nothing", async () => {
    const client = new ApiClient();
    const { userId, lead, property } = await workedLead(client);
    const before = await storedOf(property.id);
    // Let's Work It valued the lead already: nothing more is written.
    const compsBefore = (await compsOf(userId, property.id)).length;
    const propertyData = client.context.providers.propertyData;
    client.context = {
      ...client.context,
      providers: { ...client.context.providers, propertyData: { ...propertyData, searchSales: () => Promise.reject(new Error("down")) } },
    };
    const answer = await post(client, valueForm(lead, property.id));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/leads/workbench?lead=0&value=demo#property-value");
    expect(toastOf(answer)?.title).toBe("Property Value Calculated (Demo Mode)");
    expect(await storedOf(property.id)).toEqual(before);
    expect(await compsOf(userId, property.id)).toHaveLength(compsBefore);
    const page = await client.load<Page>(loader, answer.headers.get("Location")!);
    expect(page.steps.valuation).toBe("demo");
  });
});

describe("the CRM property card's comps (/crm/comps and ?comps=1)", () => {
  type Crm = { payload: { data: { selected: { comps: StoredComparable[] | null } | null } } };

  it("Find Comps runs the comps search and shows them; the loader reads them only when the card shows them", async () => {
    const { client, userId, id } = await ownLead("valui-crm");
    const open = (query: string) => client.load<Crm>(index.loader as Handler, `/?section=crm&lead=${id}${query}`);
    expect((await open("")).payload.data.selected?.comps).toBeNull();
    expect((await open("&comps=1")).payload.data.selected?.comps).toEqual([]);

    const found = await client.send(crmComps as Handler, "POST", "/crm/comps", { urlencoded: { propertyId: id } });
    expect(found.status).toBe(302);
    expect(found.headers.get("Location")).toBe(`/?section=crm&lead=${id}&comps=1`);
    expect(toastOf(found)).toMatchObject({ title: "Comps Found", variant: "success" });
    const stored = await compsOf(userId, id);
    expect(stored.length).toBeGreaterThan(0);
    const shown = (await open("&comps=1")).payload.data.selected?.comps ?? [];
    expect(shown.map((c) => c.id).sort()).toEqual(stored.map((c) => c.id).sort());
    expect((await open("")).payload.data.selected?.comps).toBeNull();
  });

  it("another user's property: 'Comps Analysis Failed', nothing written; their card reads none of it", async () => {
    const { id, userId } = await ownLead("valui-crm");
    const stranger = await registerClient("valui-crm-2");
    const refused = await stranger.client.send(crmComps as Handler, "POST", "/crm/comps", { urlencoded: { propertyId: id } });
    expect(refused.headers.get("Location")).toBe(`/?section=crm&lead=${id}&comps=1&failed=1`);
    expect(toastOf(refused)).toMatchObject({ title: "Comps Analysis Failed", description: "Property not found", variant: "error" });
    expect(await compsOf(userId, id)).toHaveLength(0);
    expect(await compsOf(stranger.userId, id)).toHaveLength(0);
    const page = await stranger.client.load<Crm>(index.loader as Handler, `/?section=crm&lead=${id}&comps=1`);
    expect(page.payload.data.selected).toBeNull();
  });
});
