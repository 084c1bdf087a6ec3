// Comps from BatchData are bought by the one request that claims the subject: simultaneous first valuations call the
// vendor once and meter one set of records; a claim whose lease lapsed is taken over; a live one is waited for.

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { providerSales, usageEvents } from "#db/schema.ts";
import { providerCompsKey } from "#app/domain/valuation/provider-comps.ts";
import { action as calculateArv } from "#app/routes/api.properties.calculate-arv.ts";
import { COMPS_CLAIM_LEASE_MS } from "#app/services/valuation/provider-comps-claims.server.ts";
import { COMPS_BEING_FETCHED } from "#app/services/valuation/provider-comps.server.ts";
import { PHOENIX_SUBJECT, phoenixComps } from "#tests/fakes/batchdata-comps.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";

import { ApiClient, registerClient, type Handler } from "./api-client.ts";
import { BASE_URL, TOKEN } from "./batchdata-setup.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

const TODAY = "2026-11-27";
const NOON = new Date(`${TODAY}T15:00:00Z`);

function batchDataClient(fake: ReturnType<typeof createFakeBatchData>, now = NOON) {
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
    .select({ quantity: usageEvents.quantity })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "comp_record")));

/** The fake's Phoenix subject, bought by nobody yet (the kept answer is shared by everyone valuing the address). */
async function freshSubject() {
  const street = PHOENIX_SUBJECT.street;
  const body = { address: street, city: "Phoenix", state: "AZ", zipCode: PHOENIX_SUBJECT.zip };
  const key = providerCompsKey({ street, city: "Phoenix", state: "AZ", zip: PHOENIX_SUBJECT.zip });
  await db.delete(providerSales).where(eq(providerSales.subjectKey, key));
  return { body, key };
}

/** Another request's claim on the subject, as its claim statement leaves it (the subject never bought). */
async function claimedElsewhere(key: string, claimedAt: Date) {
  await db.insert(providerSales).values({
    provider: "batchdata",
    subjectKey: key,
    recordId: "",
    role: "subject",
    facts: null,
    fetchedAt: claimedAt,
    status: "pending",
    claimId: "someone-else",
    claimExpiresAt: new Date(claimedAt.getTime() + COMPS_CLAIM_LEASE_MS),
  });
}

describe("comps from BatchData: one purchase a subject", () => {
  it("five simultaneous first valuations of one subject call the vendor once and meter one set of records", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const { client, userId } = await registerClient("bd-claim", {}, batchDataClient(fake));
    const { body, key } = await freshSubject();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.arv)).size).toBe(1);
    // The subject's lookup and one page of comparables: one purchase.
    expect(compSearches(fake)).toHaveLength(1);
    expect(fake.searches()).toHaveLength(2);
    expect(await compCharges(userId)).toEqual([{ quantity: 28 }]);
    const [kept] = await db
      .select({ status: providerSales.status, claimId: providerSales.claimId })
      .from(providerSales)
      .where(and(eq(providerSales.subjectKey, key), eq(providerSales.role, "subject")));
    expect(kept).toEqual({ status: "ready", claimId: null });
  });

  it("takes over a claim whose lease lapsed (its claimant died) and buys once", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const { body, key } = await freshSubject();
    await claimedElsewhere(key, new Date(NOON.getTime() - COMPS_CLAIM_LEASE_MS - 1_000));
    const { client, userId } = await registerClient("bd-claim-dead", {}, batchDataClient(fake));
    const valued = await client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", body);
    expect(valued.status).toBe(200);
    expect(compSearches(fake)).toHaveLength(1);
    expect(await compCharges(userId)).toEqual([{ quantity: 28 }]);
  });

  it("waits for a live claim and, when it does not end, says the comps are being fetched: no vendor call, nothing charged", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const { body, key } = await freshSubject();
    await claimedElsewhere(key, new Date(NOON.getTime() - 1_000));
    const { client, userId } = await registerClient("bd-claim-live", {}, batchDataClient(fake));
    const refused = await client.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", body);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, message: COMPS_BEING_FETCHED });
    expect(fake.calls).toHaveLength(0);
    expect(await compCharges(userId)).toEqual([]);
  });
});
