/**
 * Automation mails only a chosen offer: a sequence letter names the property's stored offer (never a guess), goes
 * without a price or waits ("Choose an offer first") on a lead without one, mails an offer's letter once with Mail
 * the Offer, records the offer on the property and in its mailings; starting on an offer with warnings asks once.
 */
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, letterMailings, properties, users } from "#db/schema.ts";
import { ALREADY_MAILED } from "#app/domain/offers/mailing.ts";
import { CHOOSE_OFFER_FIRST, LETTER_ALREADY_MAILED_NOTE } from "#app/domain/sequences/task-state.ts";
import { action as mailOfferRoute } from "#app/routes/api.properties.mail-offer.ts";

import { pdfText } from "./pdf-text.ts";
import { aLead, chargesOf, db, letterStep, outboxOf, signedUp, stepsOf, withSteps } from "./sequence-fixtures.ts";

type Pat = Awaited<ReturnType<typeof signedUp>>;

const MAILING_ADDRESS = "12 Elm St, Mesa, AZ 85201";

/** A Letter of Intent on record for the property, for `amount`. */
async function letterOfIntent(pat: Pat, propertyId: string, amount: number) {
  const filePath = `tests/${crypto.randomUUID()}.pdf`;
  const bytes = new TextEncoder().encode(`%PDF-1.7 the letter of intent for ${amount}`);
  await env.FILES.put(filePath, bytes);
  const [row] = await db
    .insert(documents)
    .values({ userId: pat.userId, propertyId, name: `LOI-${amount}.pdf`, type: "letter_of_intent", filePath, amount })
    .returning();
  return { id: row.id, bytes };
}

async function pdfOf(pieceKey: string | null) {
  const object = await env.FILES.get(pieceKey ?? "");
  return new Uint8Array(await object!.arrayBuffer());
}

async function letterDue(pat: Pat, fields: Partial<typeof properties.$inferInsert> = {}, steps = [letterStep(0)]) {
  await withSteps(pat.userId, steps);
  const lead = await aLead(pat.userId, fields);
  const started = await pat.start(lead.id);
  expect(started.status).toBe(201);
  const [task] = await pat.today();
  expect(task.activityType).toBe("letter");
  return { lead, task };
}

describe("a sequence letter after Mail the Offer", () => {
  it("is not mailed again: the step is done with a note, nothing charged; parallel 'done' agree", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    const loi = await letterOfIntent(pat, lead.id, 182_000);
    const mailed = await pat.client.call(mailOfferRoute, "POST", "/api/properties/mail-offer", {
      propertyId: lead.id,
      offerAmount: 182_000,
      pdfUrl: `/documents/${loi.id}/view`,
      recipientName: "JOHN A SMITH",
      recipientAddress: MAILING_ADDRESS,
    });
    expect(mailed.status).toBe(200);
    await withSteps(pat.userId, [letterStep(0)]);
    expect((await pat.start(lead.id)).status).toBe(201);
    const [task] = await pat.today();

    const answers = await Promise.all(Array.from({ length: 5 }, () => pat.work(task.id, { outcome: "done" })));
    const worked = answers.filter((answer) => answer.status === 200);
    expect(worked).toHaveLength(1);
    expect(worked[0].body).toMatchObject({ trackingId: null, note: LETTER_ALREADY_MAILED_NOTE });
    expect(await outboxOf(pat.userId)).toHaveLength(1);
    expect(await chargesOf(pat.userId)).toHaveLength(1);
    expect((await stepsOf(task.leadId))[0]).toMatchObject({ status: "done", reason: LETTER_ALREADY_MAILED_NOTE });
  });

  it("a sequence letter mailed first: Mail the Offer of the same offer answers 'already mailed'", async () => {
    const pat = await signedUp();
    const { lead, task } = await letterDue(pat);
    const loi = await letterOfIntent(pat, lead.id, 182_000);
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
    const again = await pat.client.call(mailOfferRoute, "POST", "/api/properties/mail-offer", {
      propertyId: lead.id,
      offerAmount: 182_000,
      pdfUrl: `/documents/${loi.id}/view`,
      recipientName: "JOHN A SMITH",
      recipientAddress: MAILING_ADDRESS,
    });
    expect(again).toMatchObject({ status: 409, body: { message: ALREADY_MAILED } });
    expect(await outboxOf(pat.userId)).toHaveLength(1);
  });
});

describe("the amount a sequence letter names", () => {
  it("is the stored chosen offer, never an older letter's: the offer's own letter, recorded on the property and in its mailings", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, { maxOffer: 150_000, status: "analyzed" });
    const older = await letterOfIntent(pat, lead.id, 150_000);
    // The user chose another offer since: 182,000 (no letter made for it yet).
    await db.update(properties).set({ maxOffer: 182_000 }).where(eq(properties.id, lead.id));
    await withSteps(pat.userId, [letterStep(0)]);
    expect((await pat.start(lead.id)).status).toBe(201);
    const [task] = await pat.today();

    const worked = await pat.work(task.id, { outcome: "done" });
    expect(worked.status).toBe(200);
    const [piece] = await outboxOf(pat.userId);
    expect(piece.offerAmount).toBe(182_000);
    const pdf = await pdfOf(piece.pdfKey);
    expect(pdf).not.toEqual(older.bytes);
    const text = await pdfText(pdf);
    expect(text).toContain("$182,000");
    expect(text).not.toContain("$150,000");
    const property = await db.select().from(properties).where(eq(properties.id, lead.id)).get();
    expect(property).toMatchObject({ status: "offer_sent", maxOffer: 182_000 });
    const mailings = await db.select().from(letterMailings).where(eq(letterMailings.propertyId, lead.id));
    expect(mailings).toMatchObject([{ status: "mailed", amount: 182_000, trackingId: worked.body.trackingId }]);
  });

  it("is none on a lead without a chosen offer (a letter without a price), never 70 % of an estimate", async () => {
    const pat = await signedUp();
    const { lead, task } = await letterDue(pat, { maxOffer: null, price: 300_000, status: "analyzed" });
    expect(task.message).not.toMatch(/\$/);
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
    const [piece] = await outboxOf(pat.userId);
    expect(piece.offerAmount).toBeNull();
    expect(await pdfText(await pdfOf(piece.pdfKey))).not.toMatch(/\$\d/);
    // A letter without a price is no offer: the lead stays where it was.
    expect((await db.select().from(properties).where(eq(properties.id, lead.id)).get())?.status).toBe("analyzed");
  });

  it("waits as a task 'Choose an offer first' when the sequence says so: 409 from API and form, nothing mailed", async () => {
    const pat = await signedUp();
    await withSteps(pat.userId, [letterStep(0)], "wait");
    const lead = await aLead(pat.userId, { maxOffer: null, price: 300_000 });
    expect((await pat.start(lead.id)).status).toBe(201);
    const [task] = await pat.today();
    const [api, form] = await Promise.all([pat.work(task.id, { outcome: "done" }), pat.post({ taskId: task.id, outcome: "done" })]);
    expect(api).toMatchObject({ status: 409, body: { message: CHOOSE_OFFER_FIRST } });
    expect(form).toMatchObject({ status: 409, message: CHOOSE_OFFER_FIRST });
    expect(await outboxOf(pat.userId)).toHaveLength(0);
    expect((await stepsOf(task.leadId))[0]).toMatchObject({ status: "pending" });

    // Once an offer is chosen the same task mails it.
    await db.update(properties).set({ maxOffer: 175_000 }).where(eq(properties.id, lead.id));
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
    expect((await outboxOf(pat.userId))[0].offerAmount).toBe(175_000);
  });
});

describe("starting a sequence on an offer above the max offer", () => {
  // ARV $200,000: the 70 % rule's max offer is $140,000 − repairs − fee, far below the chosen $182,000.
  const ABOVE = { arv: 200_000, repairEstimate: 10_000, assignmentFee: 5_000, maxOffer: 182_000 };

  it("API: 409 with the warnings, nothing started; with confirm: true it starts and its letters do not ask again", async () => {
    const pat = await signedUp();
    await withSteps(pat.userId, [letterStep(0)]);
    const lead = await aLead(pat.userId, ABOVE);
    const asked = await pat.start(lead.id);
    expect(asked.status).toBe(409);
    expect(asked.body.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: "above_max_offer" })]));
    expect(await pat.today()).toEqual([]);

    const started = await pat.client.call(
      (await import("#app/routes/api.properties.$id.sequence.ts")).action,
      "POST",
      `/api/properties/${lead.id}/sequence`,
      { action: "start", confirm: true },
      { params: { id: lead.id } },
    );
    expect(started.status).toBe(201);
    const [task] = await pat.today();
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(200);
    expect((await outboxOf(pat.userId))[0].offerAmount).toBe(182_000);
  });

  it("checks the offer against the user's own deal rule, not the default one", async () => {
    const pat = await signedUp();
    const rule = { aggressivePct: 55, fairPct: 65, likelyPct: 75, repairRatePct: 12, assignmentFee: 8_000 };
    await db
      .update(users)
      .set({ preferences: { dealRule: rule } })
      .where(eq(users.id, pat.userId));
    await withSteps(pat.userId, [letterStep(0)]);
    // $300,000 × 65 % − $10,000 − $5,000 = $180,000 under the user's rule; $195,000 under the default 70 %.
    const lead = await aLead(pat.userId, { arv: 300_000, repairEstimate: 10_000, assignmentFee: 5_000, maxOffer: 190_000 });
    const asked = await pat.start(lead.id);
    expect(asked.status).toBe(409);
    expect(asked.body.warnings).toEqual([
      expect.objectContaining({ code: "above_max_offer", message: expect.stringContaining("$180,000") }),
    ]);
    expect(await pat.today()).toEqual([]);
  });

  it("asks once: an offer whose Letter of Intent was made (and confirmed) then starts without asking again", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, ABOVE);
    await letterOfIntent(pat, lead.id, 182_000);
    const started = await pat.start(lead.id);
    expect(started.status).toBe(201);
    expect(started.body.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ code: "above_max_offer" })]));
  });

  it("form: 'Confirm anyway' first, then the start with confirm=1 (no JavaScript)", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, ABOVE);
    const asked = await pat.post({ intent: "start", propertyId: lead.id });
    expect(asked.status).toBe(409);
    expect(asked.text).toMatch(/above your max offer/);
    expect(await pat.today()).toEqual([]);
    const confirmed = await pat.post({ intent: "start", propertyId: lead.id, confirm: "1" });
    expect(confirmed.status).toBe(302);
    const rows = await db
      .select()
      .from(properties)
      .where(and(eq(properties.id, lead.id), eq(properties.userId, pat.userId)));
    expect(rows).toHaveLength(1);
    expect((await pat.today()).length).toBeGreaterThan(0);
  });
});
