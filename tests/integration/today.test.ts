/**
 * Today: the signed-in user's due and overdue tasks only, ranked, in the shape, within the round-trip
 * budget; the page's forms without JavaScript; the seeded demo's follow-ups.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { conversations, leads, messages } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { seedDemoSequences } from "#db/seed/demo/sequences.ts";
import { NO_CALLABLE_PHONE } from "#app/domain/sequences/plan.ts";
import { loader as taskGet } from "#app/routes/api.tasks.$id.ts";
import { loader as todayApi, action as todayPost } from "#app/routes/api.tasks.today.ts";
import * as todayPage from "#app/routes/today.tsx";

import { aLead, counter, DAY, db, NOW, signedUp, stepsOf, type Task } from "./sequence-fixtures.ts";

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
    expect(wrong.headers.get("Allow")).toBe("GET, HEAD");
    expect((await pat.client.send(taskGet, "GET", "/api/tasks/x")).headers.get("Allow")).toBe("POST");
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
    // The page's cards leave out the lead's id (ADR 096); the API's tasks carry it.
    const [{ leadId }] = await pat.today();

    const worked = await pat.client.send(todayPage.action, "POST", "/today", {
      urlencoded: { intent: "work", taskId: tasks[0].id, outcome: "asked_not_to_call", phone: "+16025550101" },
    });
    expect(worked.status).toBe(302);
    const steps = await stepsOf(leadId);
    expect(steps[3].activityType).toBe("letter");
    // Coming up (the next 14 days): the Day 7 call goes as a letter, and says why; the lead has no email either.
    const page = await pat.client.load<{ tasks: Task[]; upcoming: Record<string, unknown>[] }>(todayPage.loader, "/today?upcoming=all");
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
    // …and its steps leave Today and Coming up until the user resumes it.
    expect(page.tasks).toEqual([]);

    expect((await post("stop")).status).toBe(302);
    page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page).toMatchObject({ tasks: [], paused: [] });
    expect((await post("resume")).status).toBe(409);
  });

  it("works a task or changes its sequence from the card's one form (its buttons send an outcome or an intent)", async () => {
    const pat = await signedUp();
    const lead = await aLead(pat.userId);
    await pat.start(lead.id);
    const [task] = await pat.today();
    // What the card's form posts: the task and its lead, and the pressed button's name and value.
    const press = (button: Record<string, string>) =>
      pat.client.send(todayPage.action, "POST", "/today", { urlencoded: { taskId: task.id, propertyId: lead.id, ...button } });
    type Page = { tasks: Task[]; upcoming: { id: string }[]; paused: { propertyId: string }[] };

    expect((await press({ outcome: "snoozed" })).status).toBe(302);
    let page = await pat.client.load<Page>(todayPage.loader, "/today?upcoming=all");
    expect(page.tasks).toEqual([]);
    expect(page.upcoming.map((step) => step.id)).toContain(task.id);

    expect((await press({ intent: "pause" })).status).toBe(302);
    page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page.paused.map((sequence) => sequence.propertyId)).toEqual([lead.id]);
    expect((await press({ outcome: "maybe" })).status).toBe(400);
  });

  it("links to the coming-up steps and shows them (the soonest 50) with ?upcoming=all", async () => {
    const pat = await signedUp();
    // Three sequences started today: four steps each within the next 14 days.
    for (let i = 0; i < 3; i++) await pat.start((await aLead(pat.userId)).id);
    type Page = { upcoming: { scheduledFor: string }[] | null };
    // The day's queue alone (ADR 096): no coming-up read, a link instead.
    const page = await pat.client.load<Page>(todayPage.loader, "/today");
    expect(page.upcoming).toBeNull();
    const all = await pat.client.load<Page>(todayPage.loader, "/today?upcoming=all");
    expect(all.upcoming).toHaveLength(12);
    const times = all.upcoming?.map((step) => step.scheduledFor) ?? [];
    expect(times).toEqual([...times].sort());
    // Ten more sequences: 52 steps, more than the list's 50: the soonest 50.
    for (let i = 0; i < 10; i++) await pat.start((await aLead(pat.userId)).id);
    const busyAll = await pat.client.load<Page>(todayPage.loader, "/today?upcoming=all");
    expect(busyAll.upcoming).toHaveLength(50);
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
