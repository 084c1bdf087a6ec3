// Lob faults: a 429 is Lob's refusal (it made nothing): mail-offer's 502 "Send Offer Failed", nothing written or
// charged. A 500, a timeout, a body that is not JSON and a dropped connection leave the letter unknown (Lob's error
// reference: the request "may or may not have been properly received"): the client asks again with the same
// Idempotency-Key, and when that answers it is one letter recorded once; when it never does, the answer is 504
// "Mailing Not Confirmed" (never "not mailed"), the claim stays, nothing is charged, and the next press sends the same
// key, so a letter Lob made before its answer was lost is the one it records.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { letterMailings, usageCounters, usageEvents } from "#db/schema.ts";
import { MAILING_UNCONFIRMED } from "#app/domain/offers/mailing.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";
import { ApiClient } from "#tests/integration/api-client.ts";
import { testContext } from "#tests/integration/context.ts";
import { confirmed, db, mailBody, statusOf } from "#tests/integration/offers-setup.ts";

import { faultyFetch, type Fault } from "./faulty-fetch.ts";

const lettersCounted = async (userId: string) =>
  (
    await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "letter"), eq(usageCounters.span, "day")))
      .get()
  )?.amount ?? 0;

const VARS = {
  MAIL: "lob",
  LOB_API_KEY: "test_key",
  LOB_BASE_URL: "https://lob.fake.test",
  LOB_TIMEOUT_MS: "100",
  LOB_RETRY_DELAY_MS: "0",
};

async function mailing() {
  const fake = createFakeLob("test_key");
  const faulty = faultyFetch(fake.fetch);
  const setup = await confirmed({}, new ApiClient(testContext(VARS, {}, { fetch: faulty.fetch })));
  const press = () => setup.client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(setup.propertyId, setup.pdfUrl));
  const events = () => db.select().from(usageEvents).where(eq(usageEvents.userId, setup.userId));
  const keys = () => new Set(fake.requests.map((request) => request.idempotencyKey));
  return { ...setup, fake, faulty, press, events, keys };
}

/** The faults after which Lob may have made the letter. */
const UNANSWERED: Fault[] = ["500", "timeout", "malformed", "dropped"];

describe("mail-offer when Lob refuses", () => {
  it("429: a 502 JSON refusal with nothing written or charged, not tried again; the next press mails one piece", async () => {
    const { faulty, fake, press, events, userId, propertyId } = await mailing();
    faulty.set("429");
    const failed = await press();
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, message: "Send Offer Failed: The offer could not be mailed." });
    expect(faulty.calls).toBe(1);
    expect(await statusOf(propertyId)).toBe("offer_produced");
    expect(await db.select().from(letterMailings).where(eq(letterMailings.userId, userId))).toEqual([]);
    expect(await events()).toEqual([]);
    expect(await lettersCounted(userId)).toBe(0);
    faulty.set(null);
    expect((await press()).status).toBe(200);
    expect(fake.letters).toHaveLength(1);
  });
});

describe("mail-offer when Lob does not answer", () => {
  it.each(UNANSWERED)("%s once: asked again with the same key in the same press, one letter recorded and charged once", async (fault) => {
    const { faulty, fake, press, events, keys, propertyId } = await mailing();
    faulty.set(fault, 1);
    const mailed = await press();
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    expect(faulty.calls).toBe(2);
    expect(fake.letters).toHaveLength(1);
    expect(mailed.body.trackingId).toBe(fake.letters[0]!.id);
    expect(keys().size).toBe(1);
    expect(await statusOf(propertyId)).toBe("offer_sent");
    expect((await events()).map((event) => event.kind)).toEqual(["letter"]);
  });

  it.each(UNANSWERED)(
    "%s every time: 504 'Mailing Not Confirmed', the claim kept, nothing charged; the next press records it",
    async (fault) => {
      const { faulty, fake, press, events, keys, userId, propertyId } = await mailing();
      faulty.set(fault);
      const unknown = await press();
      expect(unknown.status).toBe(504);
      expect(unknown.body).toMatchObject({
        success: false,
        message: `${MAILING_UNCONFIRMED.title}: ${MAILING_UNCONFIRMED.description}`,
      });
      expect(unknown.body.message).not.toMatch(/could not be mailed|not mailed/i);
      expect(faulty.calls).toBe(3);
      expect(await statusOf(propertyId)).toBe("offer_produced");
      const claims = await db.select().from(letterMailings).where(eq(letterMailings.userId, userId));
      expect(claims.map((claim) => claim.status)).toEqual(["mailing"]);
      expect(await events()).toEqual([]);
      expect(await lettersCounted(userId)).toBe(0);

      faulty.set(null);
      const retried = await press();
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      // A dropped or cut-off answer came after Lob made the letter: the same key answers that one, never a second.
      expect(fake.letters).toHaveLength(1);
      expect(retried.body.trackingId).toBe(fake.letters[0]!.id);
      expect(keys().size).toBe(1);
      expect(await statusOf(propertyId)).toBe("offer_sent");
      expect((await events()).map((event) => event.kind)).toEqual(["letter"]);
      expect(await lettersCounted(userId)).toBe(1);
    },
  );
});
