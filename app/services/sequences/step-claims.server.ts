/**
 * A task's claim on its step: the statement that changes the row (`pending` → `working`, dated and with the outcome it
 * was asked for) is the claim. A claim lives for a lease (STEP_LEASE_MS): one older belongs to a request that died
 * after claiming (a worker killed, a vendor that never answered), so the next work request or the hourly sweep takes
 * it over with the same statement; the take-over sends under the first attempt's idempotency key, so the vendor
 * answers the piece it made, if any, and nothing is mailed or charged twice. Every write of the claim's holder is
 * guarded by its own claim's date, so a request that outlived its lease writes nothing once another has taken over.
 */
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";

import { followUpSteps } from "#db/schema.ts";
import { STEP_LEASE_MS } from "#app/domain/sequences/task-state.ts";
import type { TaskOutcomeInput } from "#app/domain/today/tasks.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { stepWorkable } from "./rows.server.ts";

/** A claim held: the step and the instant it was taken (its token). */
export type StepClaim = { userId: string; activityId: string; claimedAt: Date };

/**
 * What a claim remembers, so the sweep can finish the work a dead request was asked for, for the member who asked:
 * their letter is charged and logged as theirs.
 */
export type ClaimedInput = TaskOutcomeInput & { zone: string; actorId?: string };

/** The step is free to claim at `now`: pending, or held by a claim past its lease (or one never dated). */
export function claimable(now: Date): SQL {
  const expired = new Date(now.getTime() - STEP_LEASE_MS);
  return or(
    eq(followUpSteps.status, "pending"),
    and(eq(followUpSteps.status, "working"), or(isNull(followUpSteps.claimedAt), lt(followUpSteps.claimedAt, expired))),
  )!;
}

/**
 * The claim: only the request that finds the step free (on a sequence that may be worked, when `live`) goes on.
 * Null when another request holds it, or it is done, or its sequence may not be worked.
 */
export async function claimStep(
  context: ServiceContext<"db" | "now">,
  step: { userId: string; activityId: string; live: boolean; input: ClaimedInput },
): Promise<StepClaim | null> {
  const { userId, activityId, live, input } = step;
  const claimedAt = context.now();
  const claimed = await context.db
    .update(followUpSteps)
    .set({ status: "working", claimedAt, claimedInput: input })
    .where(
      and(
        eq(followUpSteps.activityId, activityId),
        eq(followUpSteps.userId, userId),
        claimable(claimedAt),
        live ? stepWorkable(userId) : undefined,
      ),
    )
    .returning({ activityId: followUpSteps.activityId });
  return claimed.length > 0 ? { userId, activityId, claimedAt } : null;
}

/** The step is still held by this very claim (no take-over since): the guard of every write the holder makes. */
export function heldBy(claim: StepClaim): SQL {
  return and(
    eq(followUpSteps.activityId, claim.activityId),
    eq(followUpSteps.userId, claim.userId),
    eq(followUpSteps.status, "working"),
    eq(followUpSteps.claimedAt, claim.claimedAt),
  )!;
}

/** `heldBy` as a condition another table's statement can carry. */
export const holding = (claim: StepClaim): SQL => sql`exists (select 1 from ${followUpSteps} where ${heldBy(claim)})`;

/** Gives the claim back (a refused or failed send): the step is pending again, nothing else changes. */
export async function giveBack({ db }: ServiceContext<"db">, claim: StepClaim) {
  await db.update(followUpSteps).set({ status: "pending", claimedAt: null, claimedInput: null }).where(heldBy(claim));
}

/**
 * Frees a claim past its lease without working it (the sweep, for a step whose sequence may no longer be worked):
 * the step is pending again, as its sequence's other steps are.
 */
export async function releaseExpired(context: ServiceContext<"db" | "now">, step: { userId: string; activityId: string }) {
  const now = context.now();
  const expired = await context.db
    .update(followUpSteps)
    .set({ status: "pending", claimedAt: null, claimedInput: null })
    .where(
      and(
        eq(followUpSteps.activityId, step.activityId),
        eq(followUpSteps.userId, step.userId),
        eq(followUpSteps.status, "working"),
        claimable(now),
      ),
    )
    .returning({ activityId: followUpSteps.activityId });
  return expired.length > 0;
}
