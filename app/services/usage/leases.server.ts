/**
 * Concurrency caps (concurrent deal analyses, concurrent analysis streams): a place is taken by one statement that
 * inserts the lease only while fewer than `max` unexpired leases of the kind are held, so parallel requests never
 * both take the last place. A lease ends when its work ends, or expires by itself when the work died.
 */
import { and, eq, lte, sql } from "drizzle-orm";

import { usageLeases } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type LeaseKind = "analysis" | "stream";

export type LeaseRequest = { userId: string; kind: LeaseKind; key: string; max: number; ttlMs: number };

/**
 * The two statements that take a place (expired leases dropped, then the conditional insert returning the key taken),
 * for a caller that runs them in a batch of its own beside its other reads.
 */
export function leaseStatements(context: ServiceContext<"db" | "now">, lease: LeaseRequest) {
  const now = context.now();
  const { userId, kind, key, max, ttlMs } = lease;
  const nowMs = now.getTime();
  return [
    context.db
      .delete(usageLeases)
      .where(and(eq(usageLeases.userId, userId), eq(usageLeases.kind, kind), lte(usageLeases.expiresAt, nowMs))),
    context.db
      .insert(usageLeases)
      .select(
        sql`select ${userId}, ${kind}, ${key}, ${nowMs + ttlMs}
            where (select count(*) from ${usageLeases} where user_id = ${userId} and kind = ${kind} and key <> ${key}) < ${max}`,
      )
      .onConflictDoUpdate({ target: [usageLeases.userId, usageLeases.kind, usageLeases.key], set: { expiresAt: nowMs + ttlMs } })
      .returning({ key: usageLeases.key }),
  ] as const;
}

export async function acquireLease(context: ServiceContext<"db" | "now">, lease: LeaseRequest): Promise<boolean> {
  const now = context.now();
  const [, taken] = await context.db.batch(leaseStatements({ ...context, now: () => now }, lease));
  return taken.length > 0;
}

export async function releaseLease(context: ServiceContext<"db">, lease: { userId: string; kind: LeaseKind; key: string }) {
  await context.db
    .delete(usageLeases)
    .where(and(eq(usageLeases.userId, lease.userId), eq(usageLeases.kind, lease.kind), eq(usageLeases.key, lease.key)));
}
