// Lob faults: 500, 429 with Retry-After, past the timeout, a body that is not JSON and a dropped
// connection each answer mail-offer's 502 "Send Offer Failed" as JSON — the status unchanged, no mailing recorded, no
// charge in the ledger and the letter's cap given back — and the retry mails one piece: the same Idempotency-Key on
// every attempt, so a letter Lob made before its answer was lost is the one the retry records.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { letterMailings, usageCounters, usageEvents } from "#db/schema.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";
import { ApiClient } from "#tests/integration/api-client.ts";
import { testContext } from "#tests/integration/context.ts";
import { confirmed, db, mailBody, statusOf } from "#tests/integration/offers-setup.ts";

import { FAULTS, faultyFetch } from "./faulty-fetch.ts";

const lettersCounted = async (userId: string) =>
  (
    await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "letter"), eq(usageCounters.span, "day")))
      .get()
  )?.amount ?? 0;

describe("mail-offer when Lob fails", () => {
  it.each(FAULTS)("%s: a 502 JSON refusal with nothing written or charged; the retry mails one piece under the same key", async (fault) => {
    const fake = createFakeLob("test_key");
    const faulty = faultyFetch(fake.fetch);
    const vars = { MAIL: "lob", LOB_API_KEY: "test_key", LOB_BASE_URL: "https://lob.fake.test", LOB_TIMEOUT_MS: "100" };
    const { client, userId, propertyId, pdfUrl } = await confirmed({}, new ApiClient(testContext(vars, {}, { fetch: faulty.fetch })));
    faulty.set(fault);
    const failed = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, message: "Send Offer Failed: The offer could not be mailed." });
    expect(failed.body.error).toMatch(/^lob: /);
    expect(await statusOf(propertyId)).toBe("offer_produced");
    expect(await db.select().from(letterMailings).where(eq(letterMailings.userId, userId))).toEqual([]);
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toEqual([]);
    expect(await lettersCounted(userId)).toBe(0);
    // The client does not retry by itself: one request per press.
    expect(faulty.calls).toBe(1);

    faulty.set(null);
    const retried = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(retried.status).toBe(200);
    expect(fake.letters).toHaveLength(1);
    expect(retried.body.trackingId).toBe(fake.letters[0]!.id);
    const keys = new Set(fake.requests.map((request) => request.idempotencyKey));
    expect(keys.size).toBe(1);
    expect(await statusOf(propertyId)).toBe("offer_sent");
    expect((await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).map((event) => event.kind)).toEqual(["letter"]);
  });
});
