/**
 * The demo account's follow-ups: the default "New seller lead" sequence running on three leads, started
 * 7, 3 and 0 days ago, with the steps before today worked — so Today shows a call due today, an overdue text, a
 * letter due today and a fresh Day 0 call.
 */
import { and, eq, inArray } from "drizzle-orm";

import type { Db } from "#db/client.ts";
import { followUpActivities, properties } from "#db/schema.ts";
import { DAY_MS } from "#app/domain/sequences/plan.ts";
import { notPausedStatus } from "#app/services/sequences/rows.server.ts";
import { startSequence } from "#app/services/sequences/sequences.server.ts";
import { recordTask } from "#app/services/sequences/tasks.server.ts";

/** Each seeded sequence: how many days ago it started, and how many of its first steps were worked since. */
const DEMO_SEQUENCES = [
  { startedDaysAgo: 7, worked: 3 },
  { startedDaysAgo: 3, worked: 1 },
  { startedDaysAgo: 0, worked: 0 },
] as const;

export async function seedDemoSequences(db: Db, userId: string, propertyIds: string[], now = new Date()): Promise<void> {
  if (propertyIds.length === 0) return;
  const leads = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.userId, userId), inArray(properties.id, propertyIds), notPausedStatus()))
    .limit(DEMO_SEQUENCES.length);
  for (const [index, lead] of leads.entries()) {
    const plan = DEMO_SEQUENCES[index];
    const startedAt = new Date(now.getTime() - plan.startedDaysAgo * DAY_MS);
    const started = await startSequence({ db, now: () => startedAt }, { userId, propertyId: lead.id, confirm: true });
    if (!started.ok) throw new Error(`The demo sequence did not start: ${started.message}`);
    // Each step worked on the day it was due.
    let next: { id: string; scheduledFor: Date | null } | null = null;
    for (let step = 0; step < plan.worked; step++) {
      const taskId = next?.id ?? (await firstTaskId(db, userId, started.leadId));
      const workedAt = next?.scheduledFor ?? startedAt;
      const worked = await recordTask(
        { db, now: () => workedAt },
        { userId, activityId: taskId, input: { outcome: step === 0 ? "left_voicemail" : "done" } },
      );
      if (!worked.ok) throw new Error(`A demo task could not be worked: ${worked.message}`);
      next = worked.next;
      if (!next) break;
    }
  }
}

async function firstTaskId(db: Db, userId: string, leadId: string): Promise<string> {
  const row = await db
    .select({ id: followUpActivities.id })
    .from(followUpActivities)
    .where(and(eq(followUpActivities.userId, userId), eq(followUpActivities.leadId, leadId)))
    .orderBy(followUpActivities.dayNumber)
    .get();
  if (!row) throw new Error("The demo sequence has no steps");
  return row.id;
}
