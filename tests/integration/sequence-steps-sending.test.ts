/**
 * Sequence steps that send (ADR 075): a sequence's letter step is mailed through the mail provider under the letter caps
 * with its ledger entry in the step's batch (a refusal or failure charges nothing and leaves the task open); a
 * double-click mails once; "wrong number" drops the phone for good; two parallel completions answer 200 and 409.
 */
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { documents, emailOutbox, followUpSteps, mailOutbox, properties, usageEvents } from "#db/schema.ts";
import { MAILING_UNCONFIRMED } from "#app/domain/offers/mailing.ts";
import { NO_CALLABLE_PHONE } from "#app/domain/sequences/plan.ts";
import { loader as usageRoute } from "#app/routes/api.usage.ts";
import { createFakeLob } from "#tests/fakes/lob.ts";

import type { Handler } from "./api-client.ts";
import { pdfText } from "./pdf-text.ts";
import { aLead, DAY, db, NOW, signedUp, stepsOf } from "./sequence-fixtures.ts";

const chargesOf = (userId: string) => db.select().from(usageEvents).where(eq(usageEvents.userId, userId));
const outboxOf = (userId: string) => db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId));
/** Every phone on the do-not-call list: the Day 0 call falls back to a letter, due today. */
const NO_PHONES = {
  ownerPhoneNumbers: [
    { number: "+16025550101", type: "mobile" as const, dnc: true },
    { number: "+16025550102", type: "landline" as const, dnc: true },
  ],
};

async function letterDueToday(pat: Awaited<ReturnType<typeof signedUp>>) {
  const lead = await aLead(pat.userId, NO_PHONES);
  expect((await pat.start(lead.id)).status).toBe(201);
  const [letter] = await pat.today();
  expect(letter).toMatchObject({ activityType: "letter", dayNumber: 0 });
  return { lead, letter };
}

describe("a letter step", () => {
  it("is mailed through the local provider, charged as a letter in Usage, and completed — once, however often it is pressed", async () => {
    const pat = await signedUp();
    const { lead, letter } = await letterDueToday(pat);
    const answers = await Promise.all([pat.work(letter.id, { outcome: "done" }), pat.work(letter.id, { outcome: "done" })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const mailed = answers.find((answer) => answer.status === 200)!;

    const pieces = await outboxOf(pat.userId);
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toMatchObject({ propertyId: lead.id, trackingId: mailed.body.trackingId, recipientName: "JOHN A SMITH" });
    const charges = await chargesOf(pat.userId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: "letter", quantity: 1, providerRequestId: mailed.body.trackingId });
    const usage = await pat.client.call(usageRoute as Handler, "GET", "/api/usage");
    expect((usage.body.items as { kind: string; count: number }[]).find((item) => item.kind === "letter")?.count).toBe(1);
    expect((await stepsOf(letter.leadId))[0]).toMatchObject({ status: "done", outcome: "done" });
  });

  it("answers 429 past the letter cap, mails and charges nothing, and leaves the task open", async () => {
    const pat = await signedUp({ vars: { USAGE_LIMITS: JSON.stringify({ letter: { perDay: 1 } }) } });
    const first = await letterDueToday(pat);
    expect((await pat.work(first.letter.id, { outcome: "done" })).status).toBe(200);
    const { letter } = await letterDueToday(pat);
    const refused = await pat.work(letter.id, { outcome: "done" });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/limit of 1 letter a day/);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await outboxOf(pat.userId)).toHaveLength(1);
    expect(await chargesOf(pat.userId)).toHaveLength(1);
    expect((await stepsOf(letter.leadId))[0]).toMatchObject({ status: "pending", completedAt: null });
    expect((await pat.today()).map((task) => task.id)).toContain(letter.id);
  });

  it("gives the cap and the task back when Lob never answers, saying 'not confirmed'; the retry mails one piece", async () => {
    const vars = {
      MAIL: "lob",
      LOB_API_KEY: "test_key",
      LOB_BASE_URL: "https://lob.fake.test",
      LOB_RETRY_DELAY_MS: "0",
      USAGE_LIMITS: '{"letter":{"perDay":1}}',
    };
    const failing = createFakeLob("test_key", { failWith: 500 });
    const pat = await signedUp({ vars, fetch: failing.fetch });
    const { letter } = await letterDueToday(pat);
    const failed = await pat.work(letter.id, { outcome: "done" });
    // Asked three times with the step's key; the letter may exist, so never "could not be mailed".
    expect(failed.status).toBe(504);
    expect(failed.body.message).toBe(`${MAILING_UNCONFIRMED.title}: ${MAILING_UNCONFIRMED.description}`);
    expect(new Set(failing.requests.map((request) => request.idempotencyKey))).toEqual(new Set([`sequence-${letter.id}`]));
    expect(await chargesOf(pat.userId)).toHaveLength(0);
    expect((await stepsOf(letter.leadId))[0]).toMatchObject({ status: "pending", completedAt: null });

    const healthy = createFakeLob("test_key");
    const retry = await signedUp({ vars, fetch: healthy.fetch });
    for (const [name, value] of pat.client.cookies) retry.client.cookies.set(name, value);
    const mailed = await retry.work(letter.id, { outcome: "done" });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(200);
    expect(healthy.letters).toHaveLength(1);
    expect(healthy.letters[0].idempotencyKey).toBe(`sequence-${letter.id}`);
    expect(await chargesOf(pat.userId)).toHaveLength(1);
    // The follow-up letter Lob took (its fake refuses text where Lob prints its address block) reads as a letter.
    const text = await pdfText(healthy.letters[0].fileBytes);
    expect(text).toContain("Quinn Home Buyers LLC\n1 Center St\nMesa, AZ 85201");
    expect(text).toMatch(/(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/);
    expect(text).toContain("JOHN A SMITH\n12 Elm St\nMesa, AZ 85201");
    expect(text).toContain("Dear John,\nWe tried to reach you about");
    expect(text).toContain("$182,000");
    expect(text).not.toContain("?");
  });

  it("mails the property's Letter of Intent when it has one, else the step's follow-up letter rendered as a PDF", async () => {
    const pat = await signedUp();
    const bytesOf = async (key: string | null) => new Uint8Array(await (await env.FILES.get(key!))!.arrayBuffer());
    const plain = await letterDueToday(pat);
    expect((await pat.work(plain.letter.id, { outcome: "done" })).status).toBe(200);
    const [followUp] = await outboxOf(pat.userId);
    expect(new TextDecoder().decode((await bytesOf(followUp.pdfKey)).slice(0, 5))).toBe("%PDF-");

    const offered = await letterDueToday(pat);
    const loi = new TextEncoder().encode("%PDF-1.7 the letter of intent");
    const filePath = `tests/${crypto.randomUUID()}.pdf`;
    await env.FILES.put(filePath, loi);
    await db
      .insert(documents)
      .values({ userId: pat.userId, propertyId: offered.lead.id, name: "LOI.pdf", type: "letter_of_intent", filePath, amount: 182_000 });
    const mailed = await pat.work(offered.letter.id, { outcome: "done" });
    expect(mailed.status).toBe(200);
    const piece = (await outboxOf(pat.userId)).find((row) => row.trackingId === mailed.body.trackingId)!;
    expect(await bytesOf(piece.pdfKey)).toEqual(loi);
  });
});

describe("an email step", () => {
  it("is sent through the email provider to the owner's email, with no charge", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, { ...NO_PHONES, ownerEmail: "john@example.com", ownerMailingAddress: null });
    // Started yesterday (the session lives at NOW): the Day 1 step is due today.
    pat.setNow(new Date(NOW.getTime() - DAY));
    await pat.start(lead.id);
    pat.setNow(NOW);
    // Day 1 text: no phone may be texted, so an email.
    const email = (await pat.today()).find((task) => task.dayNumber === 1)!;
    expect(email.activityType).toBe("email");
    expect((await pat.work(email.id, { outcome: "done" })).status).toBe(200);
    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "john@example.com"));
    expect(sent).toHaveLength(1);
    expect(sent[0].textBody).toBe(email.message);
    expect(await chargesOf(pat.userId)).toHaveLength(0);
  });
});

describe("'wrong number'", () => {
  it("drops the phone for good: Today shows it as a wrong number and the next call and text steps fall back", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    // Started yesterday (the session lives at NOW): Day 0's call and Day 1's text are both due.
    pat.setNow(new Date(NOW.getTime() - DAY));
    await pat.start(lead.id);
    pat.setNow(NOW);
    const [call] = await pat.today();
    expect(call).toMatchObject({ dayNumber: 0, activityType: "call" });
    const answer = await pat.work(call.id, { outcome: "wrong_number", phone: "+16025550101" });
    expect(answer.status).toBe(200);

    const property = (await db.select().from(properties).where(eq(properties.id, lead.id)).get())!;
    expect(property.ownerPhoneNumbers).toContainEqual({ number: "+16025550101", type: "mobile", dnc: false, wrongNumber: true });
    const steps = await stepsOf(call.leadId);
    expect(steps[0]).toMatchObject({ status: "done", outcome: "wrong_number" });
    expect(steps[0].contacts.find((c) => c.recipientValue === "+16025550101")?.dncStatus).toBe("wrong_number");
    // Day 1 text and Day 7 call: the only clear phone was the wrong one (the other is DNC), so letters.
    expect(steps[1]).toMatchObject({ activityType: "letter", status: "pending" });
    expect(steps[3]).toMatchObject({ activityType: "letter", reason: NO_CALLABLE_PHONE });
    for (const step of [steps[1], steps[3]]) {
      const wrong = step.contacts.find((c) => c.recipientValue === "+16025550101");
      expect(wrong).toMatchObject({ status: "skipped", dncStatus: "wrong_number" });
    }
    expect(answer.body).toMatchObject({ next: { id: steps[1].id, activityType: "letter" } });
    const [text] = await pat.today();
    expect(text.contacts).toContainEqual({ recipientType: "phone", recipientValue: "+16025550101", dncStatus: "wrong_number" });
  });
});

describe("two parallel completions of one task", () => {
  it("complete it once: one 200, one 409 that wrote nothing", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    await pat.start(lead.id);
    const [call] = await pat.today();
    const answers = await Promise.all([
      pat.work(call.id, { outcome: "talked" }),
      pat.work(call.id, { outcome: "asked_not_to_call", phone: "+16025550101" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? "talked" : "asked_not_to_call";
    const [step] = await db.select().from(followUpSteps).where(eq(followUpSteps.activityId, call.id));
    expect(step).toMatchObject({ status: "done", outcome: winner });
    const property = (await db.select().from(properties).where(eq(properties.id, lead.id)).get())!;
    // The loser's phone flag was never written.
    const mobileDnc = property.ownerPhoneNumbers?.find((phone) => phone.number === "+16025550101")?.dnc;
    expect(mobileDnc).toBe(winner === "asked_not_to_call");
  });
});
