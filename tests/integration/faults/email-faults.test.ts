// Email faults: the email API answering 500, 429 with Retry-After, past the timeout, a body that is
// not JSON, or dropping the connection makes a sequence's email step answer 502 JSON "The email could not be sent"
// with the task left open and nothing charged; the retry sends one email — the step's Idempotency-Key makes an email
// the API took before its answer was lost the one the retry gets back.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { usageEvents } from "#db/schema.ts";
import { EMAIL_NOT_SENT } from "#app/services/sequences/send-step.server.ts";
import { createFakeEmailApi } from "#tests/fakes/email.ts";
import { aLead, DAY, db, NOW, signedUp, stepsOf } from "#tests/integration/sequence-fixtures.ts";

import { FAULTS, faultyFetch } from "./faulty-fetch.ts";

const OWNER_EMAIL = "owner@example.com";
/** No phone may be called or texted: Day 1's text falls back to an email. */
const NO_PHONES = {
  ownerPhoneNumbers: [{ number: "+16025550101", type: "mobile" as const, dnc: true }],
  ownerEmail: OWNER_EMAIL,
  ownerMailingAddress: null,
};

describe("a sequence's email step when the email API fails", () => {
  it.each(FAULTS)("%s: 502 JSON, the task left open, nothing charged; the retry sends one email", async (fault) => {
    const fake = createFakeEmailApi("secret");
    const faulty = faultyFetch(fake.fetch);
    const vars = { EMAIL: "http", EMAIL_API_URL: fake.url, EMAIL_API_KEY: "secret", EMAIL_FROM: "Breeze <no-reply@breeze-mail.com>" };
    const pat = await signedUp({ vars, fetch: faulty.fetch });
    const lead = await aLead(pat.userId, NO_PHONES);
    pat.setNow(new Date(NOW.getTime() - DAY));
    await pat.start(lead.id);
    pat.setNow(NOW);
    const email = (await pat.today()).find((task) => task.dayNumber === 1)!;
    expect(email.activityType).toBe("email");
    const toOwner = () => fake.sent.filter((sent) => sent.to.includes(OWNER_EMAIL));

    faulty.set(fault);
    const failed = await pat.work(email.id, { outcome: "done" });
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, message: EMAIL_NOT_SENT });
    expect((await stepsOf(email.leadId)).find((step) => step.dayNumber === 1)).toMatchObject({ status: "pending", completedAt: null });
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, pat.userId))).toEqual([]);

    faulty.set(null);
    expect((await pat.work(email.id, { outcome: "done" })).status).toBe(200);
    expect(toOwner()).toHaveLength(1);
  });
});
