/**
 * Follow-up sequences: starting one writes the right dated activities and contact rows, DNC phones are never
 * call/text targets (also one flagged after the start), a completed step's writes are one batch, a foreign task is a
 * 404, and status changes and replies pause.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { conversations, followUpActivities, leads, messages, properties } from "#db/schema.ts";
import { NO_CALLABLE_PHONE } from "#app/domain/sequences/plan.ts";
import { action as patchProperty } from "#app/routes/api.properties.$id.ts";

import { aLead, counter, DAY, db, leadRow, NOW, signedUp, stepsOf } from "./sequence-fixtures.ts";

describe("starting a sequence", () => {
  it("writes the six dated steps, one contact row per reachable contact, DNC phones blocked and skipped", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    const started = await pat.start(lead.id);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ success: true, sequenceStatus: "active", activities: 6 });
    const steps = await stepsOf(started.body.leadId as string);
    expect(steps.map((step) => [step.dayNumber, step.activityType, step.scheduledFor?.toISOString()])).toEqual([
      [0, "call", NOW.toISOString()],
      [1, "text", new Date(NOW.getTime() + DAY).toISOString()],
      [3, "letter", new Date(NOW.getTime() + 3 * DAY).toISOString()],
      [7, "call", new Date(NOW.getTime() + 7 * DAY).toISOString()],
      // No email: the Day 14 email goes as a letter.
      [14, "letter", new Date(NOW.getTime() + 14 * DAY).toISOString()],
      [30, "letter", new Date(NOW.getTime() + 30 * DAY).toISOString()],
    ]);
    expect(steps[0].contacts.map((c) => [c.recipientValue, c.status, c.dncStatus]).sort()).toEqual([
      ["+16025550101", "pending", "clear"],
      ["+16025550102", "skipped", "blocked"],
    ]);
    // A landline takes no text: the Day 1 text has only the mobile.
    expect(steps[1].contacts.map((c) => c.recipientValue)).toEqual(["+16025550101"]);
    expect(steps[2].contacts).toMatchObject([{ recipientType: "address", recipientValue: "12 Elm St, Mesa, AZ 85201" }]);
    expect(await leadRow(started.body.leadId as string)).toMatchObject({
      vendor: "crm",
      propertyId: lead.id,
      sequenceStatus: "active",
      currentSequenceStep: 0,
      currentActivityDay: 0,
    });

    expect((await pat.start(lead.id)).status).toBe(409);
  });

  it("answers 404 for another user's lead and writes nothing", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const theirs = await aLead(other.userId);
    const refused = await pat.start(theirs.id);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ success: false, message: "Lead not found" });
    expect(await db.select().from(leads).where(eq(leads.vendorLeadId, theirs.id))).toEqual([]);
  });

  it("writes every phone of an owner with many (D1 binds at most 100 values a statement)", async () => {
    const pat = await signedUp();
    const phones = Array.from({ length: 30 }, (_, i) => ({
      number: `+1602555${String(1000 + i)}`,
      type: "mobile" as const,
      dnc: i % 2 === 0,
    }));
    const lead = await aLead(pat.userId, { ownerPhoneNumbers: phones });
    const started = await pat.start(lead.id);
    expect(started.status).toBe(201);
    const [call] = (await stepsOf(started.body.leadId as string)).slice(0, 1);
    expect(call.contacts).toHaveLength(30);
    expect(call.contacts.filter((c) => c.dncStatus === "blocked")).toHaveLength(15);
    const [task] = await pat.today();
    expect((await pat.work(task.id, { outcome: "asked_not_to_call", phone: "+16026551001" })).status).toBe(400);
    expect((await pat.work(task.id, { outcome: "asked_not_to_call", phone: "+16025551001" })).status).toBe(200);
    expect((await stepsOf(task.leadId))[3].contacts.filter((c) => c.dncStatus === "blocked")).toHaveLength(16);
  });

  it("falls every call step back to a letter when all phones are DNC", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId, { ownerPhoneNumbers: [{ number: "+16025550103", type: "mobile", dnc: true }] });
    const started = await pat.start(lead.id);
    const steps = await stepsOf(started.body.leadId as string);
    expect(steps[0]).toMatchObject({ activityType: "letter", reason: NO_CALLABLE_PHONE, status: "pending" });
    for (const step of steps) expect(step.contacts.filter((c) => c.recipientType === "phone" && c.status !== "skipped")).toEqual([]);
    // Today offers it as a letter, in a letter's words, with no phone to call.
    const [task] = await pat.today();
    expect(task).toMatchObject({
      activityType: "letter",
      contacts: [{ recipientType: "address" }, { recipientType: "phone", dncStatus: "blocked" }],
    });
    expect(task.message).toMatch(/^Dear John,\n\nWe tried to reach you about .* for \$182,000/);
  });
});

describe("working a task", () => {
  it("'asked not to call' flags the phone DNC and the next call steps fall back to a letter, in one write batch", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    await pat.start(lead.id);
    const [call] = await pat.today();

    counter.reset();
    const done = await pat.work(call.id, { outcome: "asked_not_to_call", phone: "(602) 555-0101" });
    expect(done.status).toBe(200);
    // The session lookup, one read batch, the task's claim (one conditional update), one write batch.
    expect(counter.sequential, counter.describe()).toBe(4);
    // Every statement that writes went in one round trip.
    const writes = (sql: string) =>
      sql
        .replace(/^batch of \d+: /, "")
        .split(" | ")
        .filter((statement) => /^\s*(update|insert|delete)/i.test(statement));
    const writing = counter.calls.filter((call) => writes(call.sql).length > 0);
    expect(writing.map((call) => writes(call.sql).length)).toEqual([1, expect.any(Number)]);
    expect(writing[0].sql).toMatch(/^update "follow_up_steps" set "status" = \?/);
    expect(writes(writing[1].sql).length).toBeGreaterThan(5);

    const property = (await db.select().from(properties).where(eq(properties.id, lead.id)).get())!;
    expect(property.ownerPhoneNumbers).toContainEqual({ number: "+16025550101", type: "mobile", dnc: true });
    const steps = await stepsOf(call.leadId);
    expect(steps[0]).toMatchObject({ status: "done", outcome: "asked_not_to_call" });
    expect(steps[0].completedAt?.toISOString()).toBe(NOW.toISOString());
    // Day 1 text and Day 7 call: no phone may be used any more, so letters; no phone row is a target.
    expect(steps[1]).toMatchObject({ activityType: "letter", status: "pending" });
    expect(steps[3]).toMatchObject({ activityType: "letter", reason: NO_CALLABLE_PHONE });
    for (const step of steps.slice(1)) {
      expect(
        step.contacts.filter((c) => c.recipientType === "phone").every((c) => c.dncStatus === "blocked" && c.status === "skipped"),
      ).toBe(true);
    }
    expect(done.body).toMatchObject({ success: true, next: { id: steps[1].id, activityType: "letter" } });
    expect(await leadRow(call.leadId)).toMatchObject({ currentSequenceStep: 1, currentActivityDay: 1, awaitingNextDay: true });
    expect((await pat.work(call.id, { outcome: "done" })).status).toBe(409);
  });

  it("never targets a phone flagged DNC after the start: Today shows it blocked, completing re-plans the rest", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    await pat.start(lead.id);
    const patched = await pat.client.call(
      patchProperty,
      "PATCH",
      `/api/properties/${lead.id}`,
      { ownerDncPhone: "(602) 555-0101" },
      { params: { id: lead.id } },
    );
    expect(patched.status).toBe(200);
    const [call] = await pat.today();
    expect(call.contacts.filter((c) => c.recipientType === "phone").every((c) => c.dncStatus === "blocked")).toBe(true);

    expect((await pat.work(call.id, { outcome: "done" })).status).toBe(200);
    const steps = await stepsOf(call.leadId);
    expect(steps[3]).toMatchObject({ activityType: "letter" });
    expect(steps[3].contacts.filter((c) => c.recipientType === "phone" && c.dncStatus !== "blocked")).toEqual([]);
  });

  it("snoozes a day, skips, and answers 404 for another user's task (writing nothing)", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    await pat.start((await aLead(pat.userId)).id);
    const [call] = await pat.today();

    const foreign = await other.work(call.id, { outcome: "done" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ success: false, message: "Task not found" });
    expect((await stepsOf(call.leadId))[0]).toMatchObject({ status: "pending", completedAt: null });

    expect((await pat.work(call.id, { outcome: "maybe" })).status).toBe(400);
    expect((await pat.work(call.id, { outcome: "talked", phone: "+15555550000" })).status).toBe(400);

    expect((await pat.work(call.id, { outcome: "snoozed" })).status).toBe(200);
    expect(await pat.today()).toEqual([]);
    expect((await stepsOf(call.leadId))[0]).toMatchObject({ status: "pending", completedAt: null });
    expect((await stepsOf(call.leadId))[0].scheduledFor?.toISOString()).toBe(new Date(NOW.getTime() + DAY).toISOString());

    await pat.start((await aLead(pat.userId)).id);
    const [second] = await pat.today();
    expect((await pat.work(second.id, { outcome: "skipped" })).status).toBe(200);
    expect((await stepsOf(second.leadId))[0]).toMatchObject({ status: "skipped", outcome: "skipped" });
    expect(await pat.today()).toEqual([]);
  });
});

describe("pausing", () => {
  it("pauses when the lead goes under contract, hides its tasks and will not resume until it leaves that status", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    const started = await pat.start(lead.id);
    const leadId = started.body.leadId as string;
    const patch = (status: string) =>
      pat.client.call(patchProperty, "PATCH", `/api/properties/${lead.id}`, { status }, { params: { id: lead.id } });
    expect((await patch("under_contract")).status).toBe(200);
    expect((await leadRow(leadId)).sequenceStatus).toBe("paused");
    expect(await pat.today()).toEqual([]);
    expect((await pat.start(lead.id, "resume")).status).toBe(409);

    expect((await patch("qualified")).status).toBe(200);
    expect((await pat.start(lead.id, "resume")).body).toMatchObject({ success: true, sequenceStatus: "active" });
    expect(await pat.today()).toHaveLength(1);
    expect((await pat.start(lead.id, "pause")).body).toMatchObject({ sequenceStatus: "paused" });
    expect((await pat.start(lead.id, "stop")).body).toMatchObject({ sequenceStatus: "stopped" });
    // A restart replaces the steps never worked.
    expect((await pat.start(lead.id)).status).toBe(201);
    const steps = await db
      .select()
      .from(followUpActivities)
      .where(and(eq(followUpActivities.leadId, leadId)));
    expect(steps).toHaveLength(6);
  });
});

describe("pausing on a reply", () => {
  it("hides the lead's steps once the seller replies in Messages, until the user resumes", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    const quiet = await aLead(pat.userId);
    await pat.start(lead.id);
    await pat.start(quiet.id);
    const [conversation] = await db.insert(conversations).values({ userId: pat.userId, propertyId: lead.id, title: "John" }).returning();
    const message = (role: "user" | "assistant", isAiGenerated: boolean, minutes: number) => ({
      userId: pat.userId,
      conversationId: conversation.id,
      role,
      isAiGenerated,
      content: "Maybe. What would you pay?",
      createdAt: new Date(NOW.getTime() + minutes * 60_000),
    });
    // The user's own message and an AI draft are not replies.
    await db.insert(messages).values([message("user", false, 1), message("assistant", true, 2)]);
    expect((await pat.today()).map((task) => task.propertyId).sort()).toEqual([lead.id, quiet.id].sort());

    await db.insert(messages).values(message("assistant", false, 3));
    expect((await pat.today()).map((task) => task.propertyId)).toEqual([quiet.id]);

    pat.setNow(new Date(NOW.getTime() + 60 * 60_000));
    expect((await pat.start(lead.id, "resume")).body).toMatchObject({ success: true, sequenceStatus: "active" });
    expect((await pat.today()).map((task) => task.propertyId).sort()).toEqual([lead.id, quiet.id].sort());
  });
});
