/**
 * Today's days are the user's (ADR 096): at one instant a step is today's in Pacific/Auckland and tomorrow's in
 * America/Los_Angeles. The zone is the user's stored one, else the browser's cookie, else UTC; the first sign-in that
 * knows the browser's zone stores it, in the sign-in's own batch.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { users } from "#db/schema.ts";
import { TIME_ZONE_COOKIE } from "#app/domain/shared/time-zone.ts";
import { action as loginAction } from "#app/routes/api.auth.login.ts";
import * as todayPage from "#app/routes/today.tsx";
import type { UpcomingStep } from "#app/services/today/today.server.ts";

import { ApiClient, registerClient } from "./api-client.ts";
import { testContext } from "./context.ts";
import { aLead, counter, db, signedUp, stepsOf, type Task } from "./sequence-fixtures.ts";

/** 13:00 UTC: 01:00 on June 16 in Auckland (NZST, UTC+12), 06:00 on June 15 in Los Angeles (PDT, UTC−7). */
const INSTANT = new Date("2026-06-15T13:00:00Z");
/** The sequences start at 11:00 UTC: 23:00 on June 15 in Auckland, 04:00 on June 15 in Los Angeles. */
const STARTED = new Date("2026-06-15T11:00:00Z");
/** Day 1: 23:00 on June 16 in Auckland, 04:00 on June 16 in Los Angeles. */
const DAY_1 = "2026-06-16T11:00:00.000Z";

async function userIn(zone: string | null) {
  const user = await signedUp();
  if (zone)
    await db
      .update(users)
      .set({ preferences: { timeZone: zone } })
      .where(eq(users.id, user.userId));
  const lead = await aLead(user.userId);
  user.setNow(STARTED);
  const started = await user.start(lead.id);
  expect(started.status).toBe(201);
  user.setNow(INSTANT);
  return { ...user, lead, leadId: String(started.body.leadId) };
}

const dueOf = (tasks: Task[]) => tasks.map((task) => [task.dayNumber, task.scheduledFor, task.overdueDays]);
/** The page's task cards carry the user's calendar date, not the instant (ADR 096). */
const cardsOf = (tasks: (Task & { scheduledDate?: string })[]) =>
  tasks.map((task) => [task.dayNumber, task.scheduledDate, task.overdueDays]);

describe("Today in the user's time zone", () => {
  it("schedules day 1 on the user's next calendar day, at the same wall-clock time", async () => {
    const auckland = await userIn("Pacific/Auckland");
    const losAngeles = await userIn("America/Los_Angeles");
    const [day0, day1] = await stepsOf(auckland.leadId);
    expect(day0!.scheduledFor?.toISOString()).toBe(STARTED.toISOString());
    // A calendar day later in either zone (no daylight-saving change between).
    expect(day1!.scheduledFor?.toISOString()).toBe(DAY_1);
    expect((await stepsOf(losAngeles.leadId))[1]!.scheduledFor?.toISOString()).toBe(DAY_1);
  });

  it("at one instant, a step is due today in Pacific/Auckland and tomorrow in America/Los_Angeles", async () => {
    const auckland = await userIn("Pacific/Auckland");
    const losAngeles = await userIn("America/Los_Angeles");
    // Auckland: Day 0 was yesterday (June 15, 23:00), Day 1 is today (June 16, 23:00).
    expect(dueOf(await auckland.today())).toEqual([
      [0, STARTED.toISOString(), 1],
      [1, DAY_1, 0],
    ]);
    // The dates shown are the user's calendar days.
    const dates = async (user: { today: () => Promise<Task[]> }) =>
      (await user.today()).map((task) => (task as Task & { scheduledDate: string }).scheduledDate);
    expect(await dates(auckland)).toEqual(["2026-06-15", "2026-06-16"]);
    expect(await dates(losAngeles)).toEqual(["2026-06-15"]);
    // Los Angeles: Day 0 is today (June 15, 04:00); Day 1 (June 16, 04:00) is tomorrow's, coming up.
    expect(dueOf(await losAngeles.today())).toEqual([[0, STARTED.toISOString(), 0]]);
    const page = await losAngeles.client.load<{ tasks: Task[]; upcoming: UpcomingStep[] }>(todayPage.loader, "/today?upcoming=all");
    expect(cardsOf(page.tasks)).toEqual([[0, "2026-06-15", 0]]);
    expect(page.upcoming.map((step) => [step.dayNumber, step.scheduledFor])).toContainEqual([1, DAY_1]);
    const aucklandPage = await auckland.client.load<{ tasks: Task[]; upcoming: UpcomingStep[] }>(todayPage.loader, "/today?upcoming=all");
    expect(cardsOf(aucklandPage.tasks)).toEqual(cardsOf(await auckland.today()));
    expect(aucklandPage.upcoming.map((step) => step.dayNumber)).not.toContain(1);
  });

  it("without a stored zone uses the browser's cookie, and UTC without one", async () => {
    const utc = await userIn(null);
    // UTC: Day 0 (June 15, 11:00) is today; Day 1 (June 16, 11:00) tomorrow.
    expect(dueOf(await utc.today())).toEqual([[0, STARTED.toISOString(), 0]]);
    utc.client.cookies.set(TIME_ZONE_COOKIE, encodeURIComponent("Pacific/Auckland"));
    // The same steps as an Auckland user's: Day 0 yesterday, Day 1 today.
    expect((await utc.today()).map((task) => task.overdueDays)).toEqual([1, 0]);
    // A cookie that names no zone is ignored.
    utc.client.cookies.set(TIME_ZONE_COOKIE, "Mars%2FOlympus");
    expect((await utc.today()).map((task) => task.overdueDays)).toEqual([0]);
  });

  it("reads the zone with the session: the API stays one round trip, the page at most two", async () => {
    const auckland = await userIn("Pacific/Auckland");
    counter.reset();
    expect(await auckland.today()).toHaveLength(2);
    expect(counter.sequential, counter.describe()).toBe(1);
    counter.reset();
    await auckland.client.load(todayPage.loader, "/today");
    expect(counter.sequential, counter.describe()).toBeLessThanOrEqual(2);
  });

  it("stores the browser's zone at sign-in when the user has none, and keeps a stored one", async () => {
    const { email } = await registerClient("tz");
    const signIn = async (zone: string) => {
      const fresh = new ApiClient(testContext());
      fresh.cookies.set(TIME_ZONE_COOKIE, encodeURIComponent(zone));
      const answer = await fresh.call(loginAction, "POST", "/api/auth/login", { email, password: "sunny2026" });
      expect(answer.status).toBe(200);
    };
    const stored = async () => (await db.select().from(users).where(eq(users.email, email)).get())!.preferences.timeZone;
    await signIn("America/Los_Angeles");
    expect(await stored()).toBe("America/Los_Angeles");
    await signIn("Pacific/Auckland");
    expect(await stored()).toBe("America/Los_Angeles");
  });
});
