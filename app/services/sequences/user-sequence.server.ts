/**
 * The user's own "New seller lead" sequence (ADR 075): read for the Sequences screen and for every start, written by
 * the screen's Save. A user who never saved one has no row and runs the built-in default steps. Every query names the
 * user; a sequence id that is not the user's writes nothing and answers not found.
 */
import { and, eq } from "drizzle-orm";

import { userSequences } from "#db/schema.ts";
import { DEFAULT_SEQUENCE_NAME, DEFAULT_SEQUENCE_STEPS, type SequenceStep } from "#app/domain/sequences/steps.ts";
import type { WithoutOffer } from "#app/domain/sequences/task-state.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type UserSequence = { id: string | null; name: string; steps: readonly SequenceStep[]; withoutOffer: WithoutOffer };

/** The statement reading the user's sequence row (none until the first save); batched with a start's reads. */
export function userSequenceRead(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  return db
    .select({ id: userSequences.id, name: userSequences.name, steps: userSequences.steps, withoutOffer: userSequences.withoutOffer })
    .from(userSequences)
    .where(and(eq(userSequences.userId, userId), eq(userSequences.name, DEFAULT_SEQUENCE_NAME)));
}

/** The sequence a read answered: the user's saved steps, or the default. */
export function sequenceOf(rows: readonly { id: string; name: string; steps: SequenceStep[]; withoutOffer: WithoutOffer }[]): UserSequence {
  const [row] = rows;
  const withoutOffer = row?.withoutOffer ?? "no_price";
  if (!row || row.steps.length === 0) return { id: null, name: DEFAULT_SEQUENCE_NAME, steps: DEFAULT_SEQUENCE_STEPS, withoutOffer };
  return { id: row.id, name: row.name, steps: row.steps, withoutOffer };
}

export async function readUserSequence(context: ServiceContext<"db">, userId: string): Promise<UserSequence> {
  return sequenceOf(await userSequenceRead(context, userId));
}

/**
 * Saves the user's steps (already checked and in day order). Without an id (the user's first save) the row is created,
 * or replaced if a save from another tab made it first; with one, only the user's row of that id is updated.
 */
export async function saveUserSequence(
  context: ServiceContext<"db" | "now">,
  userId: string,
  sequenceId: string | null,
  steps: readonly SequenceStep[],
  withoutOffer?: WithoutOffer,
): Promise<{ ok: true; id: string } | { ok: false }> {
  const { db } = context;
  const now = context.now();
  const values = { steps: [...steps], updatedAt: now, ...(withoutOffer ? { withoutOffer } : {}) };
  if (sequenceId) {
    const [row] = await db
      .update(userSequences)
      .set(values)
      .where(and(eq(userSequences.id, sequenceId), eq(userSequences.userId, userId)))
      .returning({ id: userSequences.id });
    return row ? { ok: true, id: row.id } : { ok: false };
  }
  const [row] = await db
    .insert(userSequences)
    .values({ userId, name: DEFAULT_SEQUENCE_NAME, createdAt: now, ...values })
    .onConflictDoUpdate({ target: [userSequences.userId, userSequences.name], set: values })
    .returning({ id: userSequences.id });
  return { ok: true, id: row.id };
}
