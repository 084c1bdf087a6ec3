/**
 * The hourly sweep's part of the sequences: steps whose claim outlived its lease (the request that claimed them died
 * between its claim and its outcome) are finished as that request was asked to (its outcome, phone and time zone,
 * kept with the claim), sending under the same idempotency key — so a letter the vendor made is recorded and charged
 * once, and one it never made is mailed once. A step whose sequence may no longer be worked (stopped, paused, replied)
 * is given back as pending; a send that fails again gives its claim back, and the next sweep or work request retries.
 * The work is the member's who claimed it (kept with the claim): their letter's charge and their activity entry.
 */
import { and, asc, eq, isNull, lt, or } from "drizzle-orm";

import { followUpSteps } from "#db/schema.ts";
import { STEP_LEASE_MS } from "#app/domain/sequences/task-state.ts";
import { DEFAULT_TIME_ZONE } from "#app/domain/shared/time-zone.ts";
import { TaskOutcomeSchema } from "#app/domain/today/tasks.ts";
import { atOneInstant } from "#app/services/context.server.ts";

import type { StepContext } from "./send-step.server.ts";
import { releaseExpired } from "./step-claims.server.ts";
import { workTask } from "./tasks.server.ts";

/** At most this many stale claims a sweep (each may mail a letter): more wait for the next hour. */
export const STALE_CLAIMS_PER_SWEEP = 20;

export type StaleClaimsSummary = { finished: number; released: number; retryLater: number };

export async function finishStaleClaims(base: StepContext): Promise<StaleClaimsSummary> {
  const context = atOneInstant(base);
  const expired = new Date(context.now().getTime() - STEP_LEASE_MS);
  const stale = await context.db
    .select({ userId: followUpSteps.userId, activityId: followUpSteps.activityId, input: followUpSteps.claimedInput })
    .from(followUpSteps)
    .where(and(eq(followUpSteps.status, "working"), or(isNull(followUpSteps.claimedAt), lt(followUpSteps.claimedAt, expired))))
    .orderBy(asc(followUpSteps.claimedAt))
    .limit(STALE_CLAIMS_PER_SWEEP);
  const summary: StaleClaimsSummary = { finished: 0, released: 0, retryLater: 0 };
  for (const step of stale) {
    // One at a time: each may call the mail provider, and a sweep stays within one Worker's limits.
    const outcome = await finishOne(context, step);
    summary[outcome] += 1;
  }
  return summary;
}

async function finishOne(
  context: StepContext,
  step: { userId: string; activityId: string; input: { outcome: string; phone?: string; zone?: string; actorId?: string } | null },
): Promise<keyof StaleClaimsSummary> {
  const input = TaskOutcomeSchema.safeParse(step.input ?? {});
  // A claim that kept no outcome (taken before claims did) cannot be finished for the user: it is given back.
  if (!input.success) return (await releaseExpired(context, step)) ? "released" : "retryLater";
  const zone = step.input?.zone ?? DEFAULT_TIME_ZONE;
  // The member whose request died: what the step mails is theirs, charged and logged as their request's would be.
  const actorId = typeof step.input?.actorId === "string" ? step.input.actorId : undefined;
  const result = await workTask(context, { userId: step.userId, activityId: step.activityId, input: input.data, zone, actorId });
  if (result.ok) return "finished";
  if (result.status === 409 || result.status === 404) return (await releaseExpired(context, step)) ? "released" : "retryLater";
  return "retryLater";
}
