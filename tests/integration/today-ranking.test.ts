// Today's page ranks its tasks in SQL and reads only its own (ADR 096): whatever the tasks, the zone and the clock,
// its first N are the first N of every due task ranked in the Worker (what the API does), and its count is theirs.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { followUpActivities, followUpActivityContacts, leads, properties, userLeads, users } from "#db/schema.ts";
import { offsetMs } from "#app/domain/shared/time-zone.ts";
import { TODAY_LIMIT } from "#app/domain/today/tasks.ts";
import { rankedTasks, readToday } from "#app/services/today/today.server.ts";

const db = createDb(env.DB);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

type Lead = {
  status: NonNullable<(typeof properties.$inferInsert)["status"]>;
  /** The lead's sequence: running unless said. */
  sequence?: "active" | "paused";
  equity: number | null;
  lastActionDaysAgo: number | null;
  leadType: string | null;
  /** Each due step: days before today's local midnight, and its time from that midnight. */
  steps: { daysAgo: number; fromMidnight: number; phone: boolean }[];
};

/** A lead with nothing to rank it by. */
const QUIET = { status: "new", equity: null, lastActionDaysAgo: null, leadType: null } as const;

/** A user whose leads have due steps, placed from the local midnight of `now` in `zone` (at its offset now). */
async function userWith(leadsOf: Lead[], now: Date, zone: string): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({ email: `ranking-${crypto.randomUUID()}@breeze.example`, firstName: "Rank" })
    .returning({ id: users.id });
  const writes = [];
  const midnight = Math.floor((now.getTime() + offsetMs(now, zone)) / DAY) * DAY - offsetMs(now, zone);
  for (const [i, lead] of leadsOf.entries()) {
    const propertyId = crypto.randomUUID();
    const leadId = crypto.randomUUID();
    writes.push(
      db.insert(properties).values({
        id: propertyId,
        userId: user.id,
        address: `${100 + i} Rank St`,
        zipCode: "85004",
        ownerName: `Owner ${i}`,
        ownerPhone: "(602) 555-0101",
        status: lead.status,
        equityPercentage: lead.equity,
        leadType: lead.leadType,
      }),
      db.insert(leads).values({
        id: leadId,
        vendor: "crm",
        vendorLeadId: propertyId,
        propertyId,
        userId: user.id,
        sequenceStatus: lead.sequence ?? "active",
      }),
    );
    if (lead.lastActionDaysAgo !== null)
      writes.push(
        db.insert(userLeads).values({ userId: user.id, leadId, lastActionAt: new Date(now.getTime() - lead.lastActionDaysAgo * DAY) }),
      );
    for (const step of lead.steps) {
      const activityId = crypto.randomUUID();
      const scheduledFor = new Date(midnight - step.daysAgo * DAY + step.fromMidnight);
      writes.push(
        db.insert(followUpActivities).values({ id: activityId, leadId, userId: user.id, activityType: "call", dayNumber: 0, scheduledFor }),
      );
      if (step.phone)
        writes.push(db.insert(followUpActivityContacts).values({ activityId, recipientType: "phone", recipientValue: "(602) 555-0101" }));
    }
  }
  await db.batch(writes as unknown as Parameters<typeof db.batch>[0]);
  return user.id;
}

/** The page's first `shown` tasks and count, and the first `shown` of all due tasks ranked in the Worker. */
async function bothWays(userId: string, now: Date, zone: string, shown: number) {
  const page = await readToday({ db, now: () => now }, userId, { zone, tasksShown: shown });
  const all = await readToday({ db, now: () => now }, userId, { zone });
  return { page: rankedTasks(page, now, "Quinn", zone, shown), all: rankedTasks(all, now, "Quinn", zone, shown) };
}

describe("Today's ranking in SQL", () => {
  it("reads a step whose day the zone's offset now would misjudge, and ranks it on its own day", async () => {
    // New York left daylight saving on 2026-11-01. 00:30 on 20 October (EDT) is 23:30 on the 19th at today's offset.
    const now = new Date("2026-11-20T17:00:00Z");
    const lead = (status: Lead["status"], daysAgo: number, fromMidnight: number): Lead => ({
      status,
      equity: null,
      lastActionDaysAgo: null,
      leadType: null,
      steps: [{ daysAgo, fromMidnight, phone: false }],
    });
    // Today's midnight is 05:00Z; 32 days before it, +23.5 h, is 2026-10-20T04:30Z: 00:30 EDT on the 20th.
    const userId = await userWith([lead("qualified", 32, 23.5 * HOUR), lead("new", 31, -12 * HOUR)], now, "America/New_York");
    const { page, all } = await bothWays(userId, now, "America/New_York", 1);
    expect(all.tasks.map((task) => task.address)).toEqual(["101 Rank St"]);
    expect(page.tasks.map((task) => task.address)).toEqual(["101 Rank St"]);
    expect(page.tasks[0].scheduledDate).toBe("2026-10-19");
    expect(page.total).toBe(2);
  });

  it("breaks a tie in everything by the step's id, as the Worker does", async () => {
    const now = new Date("2026-06-15T12:00:00Z");
    const twin: Lead = {
      status: "new",
      equity: 40,
      lastActionDaysAgo: null,
      leadType: null,
      steps: [{ daysAgo: 1, fromMidnight: 9 * HOUR, phone: true }],
    };
    const userId = await userWith([twin, twin, twin], now, "UTC");
    const { page, all } = await bothWays(userId, now, "UTC", 1);
    expect(page.tasks).toHaveLength(1);
    expect(page.tasks).toEqual(all.tasks);
  });

  it("keeps its cap of TODAY_LIMIT for running sequences: older steps of paused ones take none of it", async () => {
    const now = new Date("2026-06-15T12:00:00Z");
    const step = (daysAgo: number) => ({ daysAgo, fromMidnight: 9 * HOUR, phone: false });
    const paused = Array.from({ length: TODAY_LIMIT }, (): Lead => ({ ...QUIET, sequence: "paused", steps: [step(5)] }));
    const running = Array.from({ length: 3 }, (): Lead => ({ ...QUIET, steps: [step(1)] }));
    const userId = await userWith([...paused, ...running], now, "UTC");
    const { page, all } = await bothWays(userId, now, "UTC", 2);
    expect(page.total).toBe(3);
    expect(all.total).toBe(3);
    expect(page.tasks).toEqual(all.tasks);
  });

  it("gives the page the first N of every due task, ranked, and their count, in any zone", async () => {
    const zones = ["UTC", "America/New_York", "Antarctica/Troll", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Auckland"];
    const clocks = ["2026-11-02T04:00:00Z", "2026-03-30T12:00:00Z", "2026-04-06T09:30:00Z", "2026-10-26T23:00:00Z", "2026-06-15T12:00:00Z"];
    const step = fc.record({
      // A few days, some of them back past an offset change: ties on the day leave the other keys to decide.
      daysAgo: fc.constantFrom(-1, 0, 1, 2, 30, 31, 60),
      // Near a local midnight (where a change of offset moves a step's day) or not, a few times (ties decide by id).
      fromMidnight: fc.constantFrom(-3 * HOUR, -HOUR, -1, 0, HOUR / 2, 2 * HOUR, 3.5 * HOUR, 12 * HOUR),
      phone: fc.boolean(),
    });
    // Each fact mostly the same (ties leave the next key to decide), sometimes another value.
    const mostly = <T>(usual: T, ...others: T[]) =>
      fc.oneof({ arbitrary: fc.constant(usual), weight: 3 }, { arbitrary: fc.constantFrom(...others), weight: 1 });
    const lead = fc.record({
      status: mostly<Lead["status"]>("new", "contacted", "qualified", "offer_sent", "closed"),
      equity: mostly<number | null>(null, 10, 40, 40.5),
      lastActionDaysAgo: mostly<number | null>(null, -0.1, 0, 1.5, 12, 45),
      leadType: mostly<string | null>(null, "preforeclosure", "vacant", "other"),
      steps: fc.array(step, { minLength: 1, maxLength: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...zones),
        fc.constantFrom(...clocks),
        fc.array(lead, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        async (zone, clock, leadsOf, shown) => {
          const now = new Date(clock);
          const userId = await userWith(leadsOf, now, zone);
          const { page, all } = await bothWays(userId, now, zone, shown);
          expect(page.tasks).toEqual(all.tasks);
          expect(page.total).toBe(all.total);
        },
      ),
      { numRuns: 100 },
    );
  });
});
