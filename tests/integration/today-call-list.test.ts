/**
 * Today as a call list: a task carries its owner's best phone (DNC shown), the deal numbers, the last touch and the
 * newest note; "Talked" makes a New lead Contacted and what was agreed pauses, moves, stops or puts the lead under
 * contract (its deal in Closing), in the outcome's batch; a note is kept on the lead, control characters refused, and
 * written with a snooze or a call back only when that batch moved the task.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals, followUpSteps, leadNotes, leads, properties, userLeads } from "#db/schema.ts";
import { SEQUENCE_STOPPED_TASK } from "#app/domain/sequences/task-state.ts";
import { CALL_BACK_DATE_REQUIRED, CALL_BACK_IN_PAST } from "#app/domain/today/call-follow-up.ts";

import { aLead, DAY, db, leadRow, NOW, signedUp, stepsOf, type Task } from "./sequence-fixtures.ts";

type CallCard = Task & {
  bestPhone: { number: string; callable: boolean; flag: string | null } | null;
  numbers: { arv: number | null; maxOffer: number | null; offer: number | null };
  lastTouch: string | null;
  lastNote: string | null;
};

const statusOf = async (id: string) =>
  (await db.select({ status: properties.status }).from(properties).where(eq(properties.id, id)).get())?.status;
const dealsOf = (propertyId: string) =>
  db.select({ stage: deals.stage, dealValue: deals.dealValue }).from(deals).where(eq(deals.propertyId, propertyId));

async function firstCall() {
  const pat = await signedUp();
  const lead = await aLead(pat.userId, { arv: 300_000, ruleMaxOffer: 170_000, maxOffer: 160_000 });
  expect((await pat.start(lead.id)).status).toBe(201);
  const [call] = (await pat.today()) as CallCard[];
  return { pat, lead, call };
}

describe("a Today card", () => {
  it("shows the best phone (the callable mobile, not the DNC landline), the deal numbers as stored, and the last touch and note", async () => {
    const { pat, lead, call } = await firstCall();
    expect(call.bestPhone).toMatchObject({ number: "+16025550101", callable: true, flag: null });
    expect(call.numbers).toEqual({ arv: 300_000, maxOffer: 170_000, offer: 160_000 });
    expect(call).toMatchObject({ lastTouch: null, lastNote: null });

    const noted = await pat.post({ intent: "note", taskId: call.id, note: "Owner asked for a text first" });
    expect(noted.status).toBe(302);
    const [again] = (await pat.today()) as CallCard[];
    expect(again.lastNote).toBe("Owner asked for a text first");

    // Only DNC phones left: shown, never callable.
    await db
      .update(properties)
      .set({ ownerPhoneNumbers: [{ number: "+16025550102", type: "landline", dnc: true }] })
      .where(eq(properties.id, lead.id));
    const [blocked] = (await pat.today()) as CallCard[];
    expect(blocked.bestPhone).toMatchObject({ number: "+16025550102", callable: false, flag: "dnc" });
  });

  it("refuses a note with control characters, an empty note, and another user's task, writing nothing", async () => {
    const { pat, lead, call } = await firstCall();
    const other = await signedUp();
    expect((await pat.post({ intent: "note", taskId: call.id, note: "bad\u0007bell" })).status).toBe(400);
    expect((await pat.post({ intent: "note", taskId: call.id, note: "   " })).status).toBe(400);
    expect((await other.post({ intent: "note", taskId: call.id, note: "not mine" })).status).toBe(404);
    expect((await pat.work(call.id, { outcome: "no_answer", note: "ring\u202Eevil" })).status).toBe(400);
    expect(await db.select().from(leadNotes).where(eq(leadNotes.propertyId, lead.id))).toEqual([]);
    expect((await stepsOf(call.leadId))[0]).toMatchObject({ status: "pending" });
  });
});

describe("Talked and what was agreed", () => {
  it("keeps following up: the lead is Contacted, the note kept with the outcome, the sequence runs on", async () => {
    const { pat, lead, call } = await firstCall();
    const worked = await pat.work(call.id, { outcome: "talked", note: "Wants 200k", followUp: "keep" });
    expect(worked.status).toBe(200);
    expect(await statusOf(lead.id)).toBe("contacted");
    expect(
      await db.select({ body: leadNotes.body, outcome: leadNotes.outcome }).from(leadNotes).where(eq(leadNotes.propertyId, lead.id)),
    ).toEqual([{ body: "Wants 200k", outcome: "talked" }]);
    expect(await leadRow(call.leadId)).toMatchObject({ sequenceStatus: "active" });
  });

  it("make an offer pauses the sequence; not interested stops it; neither moves a lead further along back", async () => {
    const offer = await firstCall();
    expect((await offer.pat.work(offer.call.id, { outcome: "talked", followUp: "make_offer" })).status).toBe(200);
    expect(await statusOf(offer.lead.id)).toBe("contacted");
    expect(await leadRow(offer.call.leadId)).toMatchObject({ sequenceStatus: "paused" });

    const no = await firstCall();
    await db.update(properties).set({ status: "qualified" }).where(eq(properties.id, no.lead.id));
    expect((await no.pat.work(no.call.id, { outcome: "talked", followUp: "not_interested" })).status).toBe(200);
    expect(await statusOf(no.lead.id)).toBe("qualified");
    expect(await leadRow(no.call.leadId)).toMatchObject({ sequenceStatus: "stopped" });
    expect(await no.pat.today()).toEqual([]);
  });

  it("call back on a date moves the call to that day (not done); a day gone or missing is refused with nothing written", async () => {
    const { pat, lead, call } = await firstCall();
    expect((await pat.work(call.id, { outcome: "talked", followUp: "call_back" })).body).toMatchObject({
      message: CALL_BACK_DATE_REQUIRED,
    });
    expect((await pat.work(call.id, { outcome: "talked", followUp: "call_back", callBackOn: "2026-06-14" })).body).toMatchObject({
      message: CALL_BACK_IN_PAST,
    });
    expect(await statusOf(lead.id)).toBe("new");

    const moved = await pat.work(call.id, { outcome: "talked", followUp: "call_back", callBackOn: "2026-06-18" });
    expect(moved.status).toBe(200);
    const [step] = await stepsOf(call.leadId);
    expect(step).toMatchObject({ status: "pending", completedAt: null });
    expect(step.scheduledFor?.toISOString()).toBe(new Date(NOW.getTime() + 3 * DAY).toISOString());
    expect(await statusOf(lead.id)).toBe("contacted");
    expect(await leadRow(call.leadId)).toMatchObject({ sequenceStatus: "active" });
    expect(await pat.today()).toEqual([]);
  });

  it("under contract: the lead's status, its deal created in Closing (or moved there), the sequence stopped — one batch", async () => {
    const { pat, lead, call } = await firstCall();
    expect((await pat.work(call.id, { outcome: "talked", followUp: "under_contract" })).status).toBe(200);
    expect(await statusOf(lead.id)).toBe("under_contract");
    expect(await dealsOf(lead.id)).toEqual([{ stage: "closing", dealValue: 160_000 }]);
    expect(await leadRow(call.leadId)).toMatchObject({ sequenceStatus: "stopped" });

    const second = await firstCall();
    await db.insert(deals).values({ userId: second.pat.userId, propertyId: second.lead.id, stage: "negotiation", dealValue: 150_000 });
    expect((await second.pat.work(second.call.id, { outcome: "talked", followUp: "under_contract" })).status).toBe(200);
    expect(await dealsOf(second.lead.id)).toEqual([{ stage: "closing", dealValue: 150_000 }]);
  });

  it("a wrong number drops the call out of the queue and the rest of the sequence plans without it", async () => {
    const { pat, call } = await firstCall();
    expect((await pat.work(call.id, { outcome: "wrong_number", phone: "+16025550101" })).status).toBe(200);
    expect(await pat.today()).toEqual([]);
    const steps = await stepsOf(call.leadId);
    expect(steps[3]).toMatchObject({ activityType: "letter" });
    expect((await db.select().from(leads).where(eq(leads.id, call.leadId)))[0].sequenceStatus).toBe("active");
  });
});

describe("a snooze's note, in the snooze's batch", () => {
  const notesOf = (propertyId: string) =>
    db.select({ body: leadNotes.body, outcome: leadNotes.outcome }).from(leadNotes).where(eq(leadNotes.propertyId, propertyId));
  const claimOf = async (activityId: string) =>
    db
      .select({ status: followUpSteps.status, claimedAt: followUpSteps.claimedAt })
      .from(followUpSteps)
      .where(eq(followUpSteps.activityId, activityId))
      .get();

  it("a snooze moves the task a day and keeps its note; the step is left pending, unclaimed", async () => {
    const { pat, lead, call } = await firstCall();
    const snoozed = await pat.work(call.id, { outcome: "snoozed", note: "Try after the weekend" });
    expect(snoozed.status).toBe(200);
    expect(await notesOf(lead.id)).toEqual([{ body: "Try after the weekend", outcome: "snoozed" }]);
    const [step] = await stepsOf(call.leadId);
    expect(step.scheduledFor?.toISOString()).toBe(new Date(NOW.getTime() + DAY).toISOString());
    expect(await claimOf(call.id)).toEqual({ status: "pending", claimedAt: null });
    expect(await statusOf(lead.id)).toBe("new");
  });

  it("a stopped sequence's task: the snooze and the call back are refused and write no note, status or last contact", async () => {
    const { pat, lead, call } = await firstCall();
    expect((await pat.start(lead.id, "stop")).status).toBe(200);
    const [before] = await stepsOf(call.leadId);
    const snoozed = await pat.work(call.id, { outcome: "snoozed", note: "Should not be kept" });
    expect(snoozed).toMatchObject({ status: 409, body: { message: SEQUENCE_STOPPED_TASK } });
    const callBack = await pat.work(call.id, { outcome: "talked", followUp: "call_back", callBackOn: "2026-06-18", note: "Nor this" });
    expect(callBack).toMatchObject({ status: 409, body: { message: SEQUENCE_STOPPED_TASK } });
    expect(await notesOf(lead.id)).toEqual([]);
    expect(await statusOf(lead.id)).toBe("new");
    expect(await db.select().from(userLeads).where(eq(userLeads.leadId, call.leadId))).toEqual([]);
    const [after] = await stepsOf(call.leadId);
    expect(after).toEqual(before);
    expect(await claimOf(call.id)).toEqual({ status: "pending", claimedAt: null });
  });

  it("a task worked already: a snooze from a stale tab is refused and writes no note", async () => {
    const { pat, lead, call } = await firstCall();
    expect((await pat.work(call.id, { outcome: "no_answer" })).status).toBe(200);
    const snoozed = await pat.work(call.id, { outcome: "snoozed", note: "Too late" });
    expect(snoozed.status).toBe(409);
    expect(await notesOf(lead.id)).toEqual([]);
  });
});
