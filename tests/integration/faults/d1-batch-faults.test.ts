// D1 faults: a batch that fails half-way leaves nothing. mail-offer records the mailing, the
// property's status and the letter's charge in one batch; a constraint failure forced on its LAST statement (the
// ledger row, refused by a trigger for this user only) rolls the first two back: a 502 JSON answer, the status
// unchanged, no mailing, no charge, the cap given back. The piece the provider took is keyed, so the retry records
// that same piece (same tracking id) and mails nothing more.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { letterMailings, mailOutbox, usageCounters, usageEvents } from "#db/schema.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { confirmed, db, mailBody, statusOf } from "#tests/integration/offers-setup.ts";

const TRIGGER = "fault_usage_events_refused";

/** Makes every ledger insert for `userId` fail (RAISE(ABORT) fails the statement and D1 rolls its batch back). */
async function refuseLedgerRows(userId: string) {
  await env.DB.exec(
    `CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON usage_events WHEN NEW.user_id = '${userId}' BEGIN SELECT RAISE(ABORT, 'forced constraint failure'); END`,
  );
}

describe("a D1 batch that fails in its last statement", () => {
  it("leaves nothing of mail-offer's record, charges nothing, and the retry records the same piece once", async () => {
    const { client, userId, propertyId, pdfUrl } = await confirmed();
    await refuseLedgerRows(userId);
    const failed = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ success: false, message: "Send Offer Failed: The offer could not be mailed." });
    expect(await statusOf(propertyId)).toBe("offer_produced");
    expect(await db.select().from(letterMailings).where(eq(letterMailings.userId, userId))).toEqual([]);
    expect(await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).toEqual([]);
    const counted = await db
      .select({ amount: usageCounters.amount })
      .from(usageCounters)
      .where(and(eq(usageCounters.userId, userId), eq(usageCounters.meter, "letter"), eq(usageCounters.span, "day")))
      .get();
    expect(counted?.amount ?? 0).toBe(0);
    const [piece] = await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));

    await env.DB.exec(`DROP TRIGGER ${TRIGGER}`);
    const retried = await client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl));
    expect(retried.status).toBe(200);
    expect(retried.body.trackingId).toBe(piece!.trackingId);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId))).toHaveLength(1);
    expect(await statusOf(propertyId)).toBe("offer_sent");
    expect((await db.select().from(usageEvents).where(eq(usageEvents.userId, userId))).map((event) => event.kind)).toEqual(["letter"]);
  });
});
