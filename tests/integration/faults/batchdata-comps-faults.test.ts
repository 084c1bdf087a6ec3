// BatchData's comparables when BatchData fails: 500, 429 with Retry-After, past the timeout, a body that is not JSON
// and a dropped connection each answer calculate-arv's 502 with words a user can act on — nothing kept, nothing
// charged, the reserved records given back — and the valuation after the fault buys and values as usual. A record
// that cannot be read is left out and counted, never failing the page.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { providerSales, usageCounters, usageEvents } from "#db/schema.ts";
import { action as calculateArv } from "#app/routes/api.properties.calculate-arv.ts";
import { PHOENIX_SUBJECT, phoenixComps } from "#tests/fakes/batchdata-comps.ts";
import { createFakeBatchData } from "#tests/fakes/batchdata.ts";
import { ApiClient, registerClient, type Handler } from "#tests/integration/api-client.ts";
import { BASE_URL, client, db, TOKEN } from "#tests/integration/batchdata-setup.ts";
import { testContext } from "#tests/integration/context.ts";

import { FAULTS, faultyFetch } from "./faulty-fetch.ts";

const TODAY = "2026-11-27";
const arvBody = { address: PHOENIX_SUBJECT.street, city: "Phoenix", state: "AZ", zipCode: PHOENIX_SUBJECT.zip };
const vars = { PROPERTY_DATA: "batchdata", BATCHDATA_API_KEY: TOKEN, BATCHDATA_BASE_URL: BASE_URL, BATCHDATA_TIMEOUT_MS: "100" };

const WORDS: Record<(typeof FAULTS)[number], RegExp> = {
  "500": /the service failed \(HTTP 500\)/,
  "429": /rate limited \(429\); try again in 1 second/,
  timeout: /timed out after 100 ms/,
  malformed: /comparables answer was not JSON/,
  dropped: /unreachable/,
};

describe("BatchData's comparables when BatchData fails", () => {
  it.each(FAULTS.map((fault, index) => [fault, index] as const))(
    "%s: 502 in words, nothing kept or charged, the records given back; the next valuation buys",
    async (fault, index) => {
      // Each fault values on its own day, 31 days apart, so no kept answer from another case stands in for the call.
      const now = new Date(Date.parse(`${TODAY}T15:00:00Z`) + index * 31 * 86_400_000);
      const faulty = faultyFetch(createFakeBatchData(TOKEN, phoenixComps(now.toISOString().slice(0, 10))).fetch);
      const context = testContext(vars, {}, { fetch: faulty.fetch });
      context.now = () => now;
      const { client: api, userId } = await registerClient(`bd-comps-${fault}`, {}, new ApiClient(context));
      const value = () => api.call(calculateArv as Handler, "POST", "/api/properties/calculate-arv", arvBody);
      const keptSince = () => db.select().from(providerSales).where(eq(providerSales.fetchedAt, now));

      faulty.set(fault);
      const failed = await value();
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/^Comparable sales could not be fetched \(batchdata: /),
      });
      expect(failed.body.message).toMatch(WORDS[fault]);
      // The subject's lookup is the one call: the client does not retry by itself.
      expect(faulty.calls).toBe(1);
      expect(await keptSince()).toEqual([]);
      const charged = () =>
        db
          .select()
          .from(usageEvents)
          .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, "comp_record")));
      expect(await charged()).toEqual([]);
      const counted = await db
        .select({ amount: usageCounters.amount })
        .from(usageCounters)
        .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "comp_record")));
      expect(counted.every((row) => row.amount === 0)).toBe(true);

      faulty.set(null);
      const valued = await value();
      expect(valued.status).toBe(200);
      expect((await charged()).map((row) => row.quantity)).toEqual([28]);
    },
  );

  it("leaves out a record it cannot read, counting it, and the non-market deeds, billing all of them", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY));
    const found = await client(fake).comparables!({ address: PHOENIX_SUBJECT, valuationDate: TODAY, maxRecords: 100 });
    expect(found).toMatchObject({ billed: 28, unreadable: 1, notSales: 2, home: { id: "batchdata-subject-622", bedrooms: 3 } });
    expect(found.sales).toHaveLength(24);
    expect(found.sales.map((sale) => sale.id)).not.toContain("batchdata-quitclaim");
    expect(found.sales.every((sale) => sale.saleDate < TODAY && sale.price > 100_000)).toBe(true);
  });

  it("pages within BatchData's limits and stops at the most records asked for", async () => {
    const fake = createFakeBatchData(TOKEN, phoenixComps(TODAY, 120));
    const found = await client(fake).comparables!({ address: PHOENIX_SUBJECT, valuationDate: TODAY, maxRecords: 100 });
    const pages = fake.searches().filter((call) => "compAddress" in (call.body.searchCriteria as object));
    expect(pages.map((call) => call.body.options)).toMatchObject([
      { skip: 0, take: 50 },
      { skip: 50, take: 50 },
    ]);
    expect(found.billed).toBe(101);
  });
});
