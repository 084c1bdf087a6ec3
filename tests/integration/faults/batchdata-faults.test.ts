// BatchData faults: 500, 429 with Retry-After, past the timeout, a body that is not JSON and a
// dropped connection each answer the lead search's 502 JSON "Lead Search Failed" — the request recorded as failed, no
// lead delivered, no lead or skip-trace charge in the ledger and their caps given back; the client does not retry
// by itself (the next search is the retry), and the search after the fault delivers as usual.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { leadDeliveries, leadRequests, usageCounters, usageEvents } from "#db/schema.ts";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { batchDataFromMarket, type FakeProperty } from "#tests/fakes/batchdata-data.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";
import { ApiClient, registerClient } from "#tests/integration/api-client.ts";
import { BASE_URL, db, TOKEN } from "#tests/integration/batchdata-setup.ts";
import { testContext } from "#tests/integration/context.ts";
import { seedTestMarket } from "#tests/integration/market-fixture.ts";

import { FAULTS, faultyFetch } from "./faulty-fetch.ts";

let dataset: FakeProperty[];
beforeAll(async () => {
  dataset = batchDataFromMarket(await seedTestMarket(db, 2_000));
});

describe("the lead search when BatchData fails", () => {
  it.each(FAULTS)("%s: 502 JSON, recorded as failed, nothing delivered or charged; the next search delivers", async (fault) => {
    const faulty = faultyFetch(createFakeBatchData(TOKEN, dataset).fetch);
    const vars = { PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: BASE_URL, BATCHDATA_TIMEOUT_MS: "100" };
    const { client, userId } = await registerClient(`bd-${fault}`, {}, new ApiClient(testContext(vars, {}, { fetch: faulty.fetch })));
    const search = () =>
      client.call(propertiesBatch, "POST", "/api/properties/batch", {
        count: 5,
        criteria: { location: "Phoenix, AZ", sellerType: "inherited" },
      });
    faulty.set(fault);
    const failed = await search();
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, message: expect.stringMatching(/^Lead Search Failed: batchdata: /) });
    expect(faulty.calls).toBe(1);
    const requests = await db.select().from(leadRequests).where(eq(leadRequests.userId, userId));
    expect(requests.map((request) => request.status)).toEqual(["failed"]);
    expect(await db.select().from(leadDeliveries).where(eq(leadDeliveries.userId, userId))).toEqual([]);
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toEqual([]);
    const counted = await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), inArray(usageCounters.meter, ["lead", "skip_trace"]), eq(usageCounters.span, "day")));
    expect(counted.every((row) => row.amount === 0)).toBe(true);

    faulty.set(null);
    const delivered = await search();
    expect(delivered.status).toBe(200);
    expect(delivered.body.properties).toHaveLength(5);
  });
});
