/**
 * A task's row is claimed in the statement that changes it: parallel requests on one lead mail and charge once per
 * step and never reopen a worked step; a stopped, paused or replied sequence's task answers 409 in words from the API
 * and the Today form alike; a phone on the do-not-call list answers 422 and a property edit re-plans at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { conversations, letterMailings, messages, properties } from "#db/schema.ts";
import {
  PHONE_ON_DNC,
  SEQUENCE_PAUSED_BY_STATUS_TASK,
  SEQUENCE_REPLIED_TASK,
  SEQUENCE_STOPPED_TASK,
} from "#app/domain/sequences/task-state.ts";
import { TASK_ALREADY_DONE } from "#app/domain/today/tasks.ts";
import { action as propertyRoute } from "#app/routes/api.properties.$id.ts";

import { aLead, chargesOf, db, leadRow, letterStep, NOW, outboxOf, signedUp, stepsOf, withSteps } from "./sequence-fixtures.ts";

type Pat = Awaited<ReturnType<typeof signedUp>>;

/** A lead with two letter steps due today, each mailing its own letter. */
async function twoLettersToday(pat: Pat) {
  await withSteps(pat.userId, [letterStep(0, true), letterStep(0, true)]);
  const lead = await aLead(pat.userId);
  expect((await pat.start(lead.id)).status).toBe(201);
  const tasks = await pat.today();
  expect(tasks.map((task) => task.activityType)).toEqual(["letter", "letter"]);
  return { lead, tasks };
}

describe("parallel work on one lead", () => {
  it("20 parallel 'done' on two letter tasks: one mailing and one charge per step, nothing reopened", async () => {
    const pat = await signedUp();
    const { lead, tasks } = await twoLettersToday(pat);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => pat.work(tasks[index % 2].id, { outcome: "done" })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);

    const pieces = await outboxOf(pat.userId);
    expect(pieces).toHaveLength(2);
    const charges = await chargesOf(pat.userId);
    expect(charges.map((charge) => charge.providerRequestId).sort()).toEqual(pieces.map((piece) => piece.trackingId).sort());
    const steps = await stepsOf(tasks[0].leadId);
    expect(steps.map((step) => step.status)).toEqual(["done", "done"]);
    expect(steps.every((step) => step.completedAt !== null)).toBe(true);
    expect(await pat.today()).toEqual([]);
    expect((await leadRow(tasks[0].leadId)).sequenceStatus).toBe("completed");

    // Working a finished task again mails nothing more.
    const again = await pat.work(tasks[0].id, { outcome: "done" });
    expect(again).toMatchObject({ status: 409, body: { message: TASK_ALREADY_DONE } });
    expect(await outboxOf(pat.userId)).toHaveLength(2);
    expect(await db.select().from(letterMailings).where(eq(letterMailings.propertyId, lead.id))).toHaveLength(2);
  });

  it("a parallel skip of one step and 'done' of the other: the skip stays skipped (a replan never reopens a row)", async () => {
    const pat = await signedUp();
    const { tasks } = await twoLettersToday(pat);
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => pat.work(tasks[0].id, { outcome: "skipped" })),
      ...Array.from({ length: 5 }, () => pat.work(tasks[1].id, { outcome: "done" })),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    const steps = await stepsOf(tasks[0].leadId);
    expect(steps.find((step) => step.id === tasks[0].id)?.status).toBe("skipped");
    expect(steps.find((step) => step.id === tasks[1].id)?.status).toBe("done");
    expect(await outboxOf(pat.userId)).toHaveLength(1);
    expect(await chargesOf(pat.userId)).toHaveLength(1);
  });
});

describe("a task of a sequence that may not be worked", () => {
  /** Works the task through the API and through the Today form: the same 409 and message, nothing mailed. */
  async function refusedBoth(pat: Pat, taskId: string, message: string) {
    const [api, form] = await Promise.all([pat.work(taskId, { outcome: "done" }), pat.post({ taskId, outcome: "done" })]);
    expect(api).toMatchObject({ status: 409, body: { success: false, message } });
    expect(form).toMatchObject({ status: 409, message });
    const snoozed = await pat.work(taskId, { outcome: "snoozed" });
    expect(snoozed).toMatchObject({ status: 409, body: { message } });
    expect(await outboxOf(pat.userId)).toHaveLength(0);
    expect(await chargesOf(pat.userId)).toHaveLength(0);
  }

  async function letterTask(pat: Pat) {
    await withSteps(pat.userId, [letterStep(0)]);
    const lead = await aLead(pat.userId);
    expect((await pat.start(lead.id)).status).toBe(201);
    const [task] = await pat.today();
    return { lead, task };
  }

  it("stopped: 409 from the API and the form (a stale tab), in words", async () => {
    const pat = await signedUp();
    const { lead, task } = await letterTask(pat);
    expect((await pat.start(lead.id, "stop")).status).toBe(200);
    await refusedBoth(pat, task.id, SEQUENCE_STOPPED_TASK);
    expect((await stepsOf(task.leadId))[0]).toMatchObject({ status: "pending", completedAt: null });
  });

  it("paused by the lead going under contract: 409 from both", async () => {
    const pat = await signedUp();
    const { lead, task } = await letterTask(pat);
    const patched = await pat.client.call(
      propertyRoute,
      "PATCH",
      `/api/properties/${lead.id}`,
      { status: "under_contract" },
      { params: { id: lead.id } },
    );
    expect(patched.status).toBe(200);
    await refusedBoth(pat, task.id, SEQUENCE_PAUSED_BY_STATUS_TASK);
  });

  it("held by a seller's reply in Messages: 409 from both", async () => {
    const pat = await signedUp();
    const { lead, task } = await letterTask(pat);
    const [conversation] = await db.insert(conversations).values({ userId: pat.userId, propertyId: lead.id, title: "John" }).returning();
    await db.insert(messages).values({
      userId: pat.userId,
      conversationId: conversation.id,
      role: "assistant",
      isAiGenerated: false,
      content: "Not interested, please stop writing.",
      createdAt: new Date(NOW.getTime() + 60_000),
    });
    await refusedBoth(pat, task.id, SEQUENCE_REPLIED_TASK);
  });

  it("stopped while 10 parallel 'done' run: at most one mailing, and none after the stop answered", async () => {
    const pat = await signedUp();
    const { lead, task } = await letterTask(pat);
    const answers = await Promise.all([
      pat.start(lead.id, "stop"),
      ...Array.from({ length: 10 }, () => pat.work(task.id, { outcome: "done" })),
    ]);
    const mailed = answers.slice(1).filter((answer) => answer.status === 200);
    expect(mailed.length).toBeLessThanOrEqual(1);
    expect(await outboxOf(pat.userId)).toHaveLength(mailed.length);
    expect(await chargesOf(pat.userId)).toHaveLength(mailed.length);
    expect((await pat.work(task.id, { outcome: "done" })).status).toBe(409);
    expect(await outboxOf(pat.userId)).toHaveLength(mailed.length);
  });
});

describe("do-not-call at the moment of contact", () => {
  it("a number put on the DNC list by editing the property: an outcome or a text naming it answers 422 and records nothing", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    // Started yesterday: Day 0's call and Day 1's text are both due.
    pat.setNow(new Date(NOW.getTime() - 24 * 60 * 60 * 1000));
    await pat.start(lead.id);
    pat.setNow(NOW);
    const [call, text] = await pat.today();
    expect([call.activityType, text.activityType]).toEqual(["call", "text"]);

    const patched = await pat.client.call(
      propertyRoute,
      "PATCH",
      `/api/properties/${lead.id}`,
      { ownerDncPhone: "+16025550101" },
      { params: { id: lead.id } },
    );
    expect(patched.status).toBe(200);
    const answers = await Promise.all([
      pat.work(call.id, { outcome: "talked", phone: "+16025550101" }),
      pat.work(text.id, { outcome: "done", phone: "(602) 555-0101" }),
      pat.post({ taskId: call.id, outcome: "left_voicemail", phone: "+16025550101" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422]);
    expect(answers[0].body.message).toBe(PHONE_ON_DNC);
    const steps = await stepsOf(call.leadId);
    expect(steps.slice(0, 2).map((step) => step.outcome)).toEqual([null, null]);
    expect((await db.select().from(properties).where(eq(properties.id, lead.id)).get())?.ownerPhoneNumbers).toEqual(lead.ownerPhoneNumbers);
  });

  it("the property edit re-plans the running sequence at once: no step targets the blocked number", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    await pat.start(lead.id);
    const { leadId } = (await pat.today())[0];
    const before = await stepsOf(leadId);
    expect(before.filter((step) => step.activityType === "call")).toHaveLength(2);

    await pat.client.call(
      propertyRoute,
      "PATCH",
      `/api/properties/${lead.id}`,
      { ownerDncPhone: "+16025550101" },
      { params: { id: lead.id } },
    );
    const after = await stepsOf(leadId);
    const targeted = after
      .flatMap((step) => step.contacts)
      .filter((contact) => contact.recipientValue === "+16025550101" && contact.dncStatus !== "blocked");
    expect(targeted).toEqual([]);
    // Every phone blocked now: the call and text steps fall back to a letter or an email.
    expect(after.filter((step) => step.status === "pending").map((step) => step.activityType)).not.toContain("call");
  });
});
