/**
 * Follow-up sequences and Today (issue 38): starting a sequence writes the right dated activities and contact rows,
 * DNC phones are never call/text targets (also one flagged after the start), status changes pause, Today is the
 * signed-in user's only and ranked, a foreign task is a 404, and a completed step's writes are one batch.
 */
import { env } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { conversations, followUpActivities, followUpActivityContacts, followUpSteps, leads, messages, properties } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { seedDemoSequences } from "#db/seed/demo/sequences.ts";
import { NO_CALLABLE_PHONE } from "#app/domain/sequences/plan.ts";
import { action as propertySequence } from "#app/routes/api.properties.$id.sequence.ts";
import { action as patchProperty } from "#app/routes/api.properties.$id.ts";
import { loader as taskGet, action as workTaskRoute } from "#app/routes/api.tasks.$id.ts";
import { loader as todayApi, action as todayPost } from "#app/routes/api.tasks.today.ts";
import * as todayPage from "#app/routes/today.tsx";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { D1Counter } from "./d1-counter.ts";

const counter = new D1Counter(env.DB);
const db = createDb(env.DB);
const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

type Task = {
  id: string;
  leadId: string;
  propertyId: string;
  address: string;
  activityType: string;
  dayNumber: number;
  scheduledFor: string;
  overdueDays: number;
  contacts: { recipientType: string; recipientValue: string; dncStatus: string | null }[];
  message: string;
};

async function signedUp() {
  const client = new ApiClient(testContext({}, { DB: counter.db }));
  let now = NOW;
  client.context.now = () => now;
  const { userId } = await registerClient("sequences", { company_name: "Quinn Home Buyers LLC" }, client);
  return {
    userId,
    client,
    setNow: (date: Date) => (now = date),
    start: (propertyId: string, action = "start") =>
      client.call(propertySequence, "POST", `/api/properties/${propertyId}/sequence`, { action }, { params: { id: propertyId } }),
    today: async () => {
      const answer = await client.call(todayApi, "GET", "/api/tasks/today");
      expect(answer.status).toBe(200);
      return answer.body as unknown as Task[];
    },
    work: (taskId: string, body: Record<string, unknown>) =>
      client.call(workTaskRoute, "POST", `/api/tasks/${taskId}`, body, { params: { id: taskId } }),
  };
}

/** A lead whose owner has a callable mobile, a landline on the do-not-call list, a mailing address and no email. */
async function aLead(userId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      userId,
      address: `${Math.floor(Math.random() * 9000) + 1000} N 35th Ave`,
      city: "Phoenix",
      state: "AZ",
      zipCode: "85019",
      status: "new",
      maxOffer: 182_000,
      ownerName: "JOHN A SMITH",
      ownerMailingAddress: "12 Elm St, Mesa, AZ 85201",
      ownerPhoneNumbers: [
        { number: "+16025550101", type: "mobile", dnc: false },
        { number: "+16025550102", type: "landline", dnc: true },
      ],
      ...overrides,
    })
    .returning();
  return row;
}

async function stepsOf(leadId: string) {
  const rows = await db
    .select({
      id: followUpActivities.id,
      activityType: followUpActivities.activityType,
      dayNumber: followUpActivities.dayNumber,
      scheduledFor: followUpActivities.scheduledFor,
      completedAt: followUpActivities.completedAt,
      status: followUpSteps.status,
      outcome: followUpSteps.outcome,
      reason: followUpSteps.reason,
    })
    .from(followUpActivities)
    .innerJoin(followUpSteps, eq(followUpSteps.activityId, followUpActivities.id))
    .where(eq(followUpActivities.leadId, leadId))
    .orderBy(asc(followUpSteps.stepIndex));
  const contacts = await db.select().from(followUpActivityContacts);
  return rows.map((row) => ({ ...row, contacts: contacts.filter((contact) => contact.activityId === row.id) }));
}

const leadRow = async (leadId: string) => (await db.select().from(leads).where(eq(leads.id, leadId)).get())!;

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

describe("Today", () => {
  it("lists the user's due and overdue tasks only, ranked, in the issue's shape", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const fresh = await aLead(pat.userId, { status: "new" });
    const hot = await aLead(pat.userId, { status: "qualified" });
    const late = await aLead(pat.userId, { status: "new" });
    await other.start((await aLead(other.userId)).id);
    pat.setNow(new Date(NOW.getTime() - 2 * DAY));
    await pat.start(late.id);
    pat.setNow(NOW);
    await pat.start(fresh.id);
    await pat.start(hot.id);

    const tasks = await pat.today();
    // The late lead's Day 0 call (2 days overdue) and Day 1 text (1 day), then today's calls, the qualified lead first.
    expect(tasks.map((task) => [task.propertyId, task.dayNumber, task.overdueDays])).toEqual([
      [late.id, 0, 2],
      [late.id, 1, 1],
      [hot.id, 0, 0],
      [fresh.id, 0, 0],
    ]);
    expect(tasks[2]).toMatchObject({
      address: hot.address,
      ownerName: "JOHN A SMITH",
      activityType: "call",
      scheduledFor: NOW.toISOString(),
      contacts: [
        { recipientType: "phone", recipientValue: "+16025550101", dncStatus: "clear" },
        { recipientType: "phone", recipientValue: "+16025550102", dncStatus: "blocked" },
      ],
    });
    expect(tasks[2].message).toContain("Hi John, this is Quinn Home Buyers LLC");
    expect((await other.today()).every((task) => task.propertyId !== hot.id)).toBe(true);
  });

  it("costs one round trip through the API and two for the page", async () => {
    const pat = await signedUp();
    await pat.start((await aLead(pat.userId)).id);
    counter.reset();
    await pat.today();
    expect(counter.sequential, counter.describe()).toBe(1);
    counter.reset();
    const page = await pat.client.load<{ tasks: Task[] }>(todayPage.loader, "/today");
    expect(page.tasks).toHaveLength(1);
    expect(counter.sequential, counter.describe()).toBeLessThanOrEqual(2);
  });

  it("answers 401 without a session and 405 to other methods", async () => {
    const pat = await signedUp();
    expect((await pat.client.send(todayApi, "GET", "/api/tasks/today", { anonymous: true })).status).toBe(401);
    const wrong = await pat.client.send(todayPost, "POST", "/api/tasks/today");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("Allow")).toBe("GET");
    expect((await pat.client.send(taskGet, "GET", "/api/tasks/x")).headers.get("Allow")).toBe("POST");
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
    // The session lookup, one read batch, one write batch.
    expect(counter.sequential, counter.describe()).toBe(3);
    // Every statement that writes went in one round trip.
    const writes = (sql: string) =>
      sql
        .replace(/^batch of \d+: /, "")
        .split(" | ")
        .filter((statement) => /^\s*(update|insert|delete)/i.test(statement));
    const writing = counter.calls.filter((call) => writes(call.sql).length > 0);
    expect(writing.map((call) => writes(call.sql).length)).toEqual([expect.any(Number)]);
    expect(writes(writing[0].sql).length).toBeGreaterThan(5);

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

describe("the Today page's forms (without JavaScript)", () => {
  it("starts a sequence from a lead and works a task with a call outcome, redirecting back to Today", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    const started = await pat.client.send(todayPage.action, "POST", "/today", { urlencoded: { intent: "start", propertyId: lead.id } });
    expect(started.status).toBe(302);
    expect(started.headers.get("Location")).toBe("/today");
    const { tasks } = await pat.client.load<{ tasks: Task[] }>(todayPage.loader, "/today");
    expect(tasks.map((task) => [task.propertyId, task.activityType, task.dayNumber])).toEqual([[lead.id, "call", 0]]);

    const worked = await pat.client.send(todayPage.action, "POST", "/today", {
      urlencoded: { intent: "work", taskId: tasks[0].id, outcome: "asked_not_to_call", phone: "+16025550101" },
    });
    expect(worked.status).toBe(302);
    const steps = await stepsOf(tasks[0].leadId);
    expect(steps[3].activityType).toBe("letter");
    // Coming up (the next 14 days): the Day 7 call goes as a letter, and says why; the lead has no email either.
    const page = await pat.client.load<{ tasks: Task[]; upcoming: Record<string, unknown>[] }>(todayPage.loader, "/today");
    expect(page.tasks).toEqual([]);
    expect(page.upcoming.map((step) => [step.dayNumber, step.plannedType, step.activityType])).toEqual([
      [1, "text", "letter"],
      [3, "letter", "letter"],
      [7, "call", "letter"],
      [14, "email", "letter"],
    ]);
    expect(page.upcoming[2]).toMatchObject({ propertyId: lead.id, reason: NO_CALLABLE_PHONE });
  });

  it("pauses from a task, lists the sequence as paused with the reason, resumes and stops it", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    await pat.start(lead.id);
    const post = (intent: string) => pat.client.send(todayPage.action, "POST", "/today", { urlencoded: { intent, propertyId: lead.id } });
    type Page = { tasks: Task[]; paused: { propertyId: string; reason: string }[] };
    expect((await post("pause")).status).toBe(302);
    let page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page.tasks).toEqual([]);
    expect(page.paused).toEqual([{ propertyId: lead.id, address: lead.address, reason: "Paused by you" }]);

    expect((await post("resume")).status).toBe(302);
    page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page.tasks).toHaveLength(1);
    expect(page.paused).toEqual([]);

    // A reply in Messages lists it as paused too, with its reason.
    const [conversation] = await db.insert(conversations).values({ userId: pat.userId, propertyId: lead.id }).returning();
    await db.insert(messages).values({
      userId: pat.userId,
      conversationId: conversation.id,
      role: "assistant",
      content: "Call me next week",
      createdAt: new Date(NOW.getTime() + 60_000),
    });
    page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page.paused).toMatchObject([{ propertyId: lead.id, reason: "The seller replied in Messages" }]);

    expect((await post("stop")).status).toBe(302);
    page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page).toMatchObject({ tasks: [], paused: [] });
    expect((await post("resume")).status).toBe(409);
  });

  it("answers a bad or foreign post with its message and a 4xx, writing nothing", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const theirs = await aLead(other.userId);
    const foreign = await pat.client.send(todayPage.action, "POST", "/today", { urlencoded: { intent: "start", propertyId: theirs.id } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ message: "Lead not found" });
    const bad = await pat.client.send(todayPage.action, "POST", "/today", {
      urlencoded: { intent: "work", taskId: "x", outcome: "maybe" },
    });
    expect(bad.status).toBe(400);
    expect(await db.select().from(leads).where(eq(leads.vendorLeadId, theirs.id))).toEqual([]);
  });
});

describe("the demo account's follow-ups", () => {
  it("has three running sequences with tasks due today and one overdue", async () => {
    const pat = await signedUp();
    await seedDemoSequences(db, pat.userId, await seedDemoCrm(db, pat.userId), NOW);
    const tasks = await pat.today();
    expect(tasks.map((task) => task.overdueDays)).toEqual([2, 0, 0, 0]);
    expect(new Set(tasks.map((task) => task.leadId)).size).toBe(3);
    expect(tasks.map((task) => task.dayNumber).sort((a, b) => a - b)).toEqual([0, 1, 3, 7]);
  });
});
