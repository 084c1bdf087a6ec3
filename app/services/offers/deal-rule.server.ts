/**
 * The user's deal rule (app/domain/offers/deal-rule.ts) on the server: read beside the property an offer call reads,
 * and saved from Profile together with every stored max offer of the user's properties, recomputed with it in the same
 * batch, so no screen shows a max offer of the old rule.
 */
import { eq, sql } from "drizzle-orm";

import { users } from "#db/schema.ts";
import { dealRuleOf, type DealRule } from "#app/domain/offers/deal-rule.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { userMaxOffersRecompute } from "#app/services/valuation/property-valuations.server.ts";

/** The statement reading a user's preferences (for a batch); `dealRuleOf` its first row's. */
export function preferencesQuery(context: ServiceContext<"db">, userId: string) {
  return context.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).limit(1);
}

export function dealRuleOfRows(rows: { preferences: Record<string, unknown> | null }[]): DealRule {
  return dealRuleOf(rows[0]?.preferences);
}

/** Stores the (already checked) rule and recomputes the user's stored max offers with it, in one batch. */
export async function saveDealRule(context: ServiceContext<"db" | "now">, userId: string, rule: DealRule): Promise<void> {
  const { db } = context;
  await db.batch([
    db
      .update(users)
      .set({ preferences: sql`json_set(${users.preferences}, '$.dealRule', json(${JSON.stringify(rule)}))`, updatedAt: context.now() })
      .where(eq(users.id, userId)),
    userMaxOffersRecompute(context, userId),
  ]);
}
