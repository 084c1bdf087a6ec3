/**
 * Reading a user's pinned and excluded comps of a property (docs/decisions/091-comps-the-user-can-defend.md) as the engine takes
 * them: pinned and excluded sale ids, and the added sales (pinned too), as a statement for the valuation's batch.
 */
import { and, eq } from "drizzle-orm";

import { pinnedComps } from "#db/schema.ts";
import type { CompPins, Sale } from "#app/domain/valuation/types.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** Whose property is being valued; its pinned and excluded comps apply. */
export type ChoicesOwner = { userId: string; propertyId: string };

/** The user's choices of their property (comp_choices_user_property_sale_idx). */
export function pinnedCompsQuery(context: ServiceContext<"db">, userId: string, propertyId: string) {
  const { db } = context;
  return db
    .select({ saleId: pinnedComps.saleId, choice: pinnedComps.choice, sale: pinnedComps.sale })
    .from(pinnedComps)
    .where(and(eq(pinnedComps.userId, userId), eq(pinnedComps.propertyId, propertyId)));
}

export type PinnedCompRow = Awaited<ReturnType<typeof pinnedCompsQuery>>[number];

/** The rows as the engine's options: an added sale is a candidate the user pinned. */
export function toPinnedComps(rows: readonly PinnedCompRow[]): { choices: CompPins; added: Sale[] } {
  const pinned = new Set<string>();
  const excluded = new Set<string>();
  const added: Sale[] = [];
  for (const row of rows) {
    if (row.choice === "excluded") excluded.add(row.saleId);
    else pinned.add(row.saleId);
    if (row.choice === "added" && row.sale) added.push({ ...(row.sale as unknown as Sale), id: row.saleId });
  }
  return { choices: { pinned, excluded }, added };
}
