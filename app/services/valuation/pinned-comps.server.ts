/**
 * A user's pinned and excluded comps of their property (docs/decisions/091-comps-the-user-can-defend.md): pin,
 * unpin, exclude with a reason, include again, or add a sale by its address (the local market's or the user's own
 * uploaded one); each is stored (comp_choices, only while the property is the user's) and the property is valued
 * again through the same engine with every choice applied (`runComps`), so the card, the workbench and the comp
 * report show the recomputed ARV.
 * Another user's property → 404, nothing written; an unknown comp → 404; an address no nearby sale matches → 422.
 */
import { and, eq, sql } from "drizzle-orm";

import { comps, pinnedComps, properties } from "#db/schema.ts";
import { candidateWindow } from "#app/domain/valuation/cells.ts";
import type { ValuationFailure } from "#app/domain/valuation/comparables.ts";
import type { CompPinInput } from "#app/domain/valuation/pinned-comps-form.ts";
import { PROPERTY_NOT_FOUND } from "#app/services/leads/properties.server.ts";

import { runComps, subjectOfProperty } from "./property-comps.server.ts";
import { toUserSales, userSalesQuery } from "./user-sales.server.ts";
import type { ValuationContext } from "./valuation.server.ts";

export const COMP_NOT_FOUND = "Comp not found";
export const NO_SALE_AT_ADDRESS = "No sale of the last 12 months near this property matches that address.";

type ChoiceRow = typeof pinnedComps.$inferInsert;

/** What to store for a pin or an exclusion: the stored comp it names (its address), or 404. */
async function namedComp(context: ValuationContext, userId: string, propertyId: string, saleId: string) {
  const { db } = context;
  const [owned, named] = await db.batch([
    db
      .select({ id: properties.id })
      .from(properties)
      .where(and(eq(properties.id, propertyId), eq(properties.userId, userId))),
    db
      .select({ address: comps.address })
      .from(comps)
      .where(and(eq(comps.userId, userId), eq(comps.propertyId, propertyId), eq(comps.saleId, saleId)))
      .limit(1),
  ]);
  if (owned.length === 0) return { ok: false as const, message: PROPERTY_NOT_FOUND };
  if (named.length === 0) return { ok: false as const, message: COMP_NOT_FOUND };
  return { ok: true as const, address: named[0].address };
}

/**
 * The sale at the typed address in the property's candidate window, as a choice to store: the local market's (nearest
 * first), then the user's own uploaded sales (only theirs: user_sales filtered by the signed-in user).
 */
async function addedSale(context: ValuationContext, userId: string, propertyId: string, address: string) {
  const placed = await subjectOfProperty(context, userId, propertyId);
  if (!placed.ok) return placed;
  const window = candidateWindow(placed.subject, { valuationDate: placed.valuationDate });
  const [market, own] = await Promise.all([
    context.providers.propertyData.salesAt?.(address, window) ?? Promise.resolve([]),
    userSalesQuery(context, userId, window, address),
  ]);
  const found = [...market, ...toUserSales(own)];
  const sale = found.find((s) => s.saleDate < placed.valuationDate && s.parcelId !== placed.subject.parcelId);
  if (!sale) return { ok: false as const, status: 422 as const, message: NO_SALE_AT_ADDRESS };
  return { ok: true as const, sale };
}

/** Stores the choice while the property is the user's (one statement: insert … select … where owned, upsert). */
function writeChoice(context: ValuationContext, row: ChoiceRow) {
  const { db } = context;
  const owned = sql`exists (select 1 from ${properties} where ${properties.id} = ${row.propertyId} and ${properties.userId} = ${row.userId})`;
  const now = context.now().getTime();
  return db.run(sql`insert into ${pinnedComps} (user_id, property_id, sale_id, choice, reason, note, address, sale, created_at, updated_at)
    select ${row.userId}, ${row.propertyId}, ${row.saleId}, ${row.choice}, ${row.reason ?? null}, ${row.note ?? null}, ${row.address},
      ${row.sale ? JSON.stringify(row.sale) : null}, ${now}, ${now}
    where ${owned}
    on conflict (user_id, property_id, sale_id) do update set choice = excluded.choice, reason = excluded.reason,
      note = excluded.note, address = excluded.address, sale = coalesce(excluded.sale, ${pinnedComps.sale}), updated_at = excluded.updated_at`);
}

/** Applies one choice and values the property again; the answer is `runComps`'s (the recomputed ARV and its comps). */
export async function chooseComp(context: ValuationContext, userId: string, propertyId: string, input: CompPinInput) {
  const base = { userId, propertyId };
  if (input.action === "add") {
    const found = await addedSale(context, userId, propertyId, input.address);
    if (!found.ok) return found as ValuationFailure;
    const { sale } = found;
    await writeChoice(context, { ...base, saleId: sale.id, choice: "added", address: sale.address ?? sale.id, sale: { ...sale } });
  } else if (input.action === "unpin" || input.action === "include") {
    const named = await ownedChoice(context, userId, propertyId, input.saleId);
    if (!named.ok) return { ok: false as const, status: 404 as const, message: named.message };
    // Unpinning an added sale drops it; including an excluded one forgets the exclusion.
    await context.db
      .delete(pinnedComps)
      .where(and(eq(pinnedComps.userId, userId), eq(pinnedComps.propertyId, propertyId), eq(pinnedComps.saleId, input.saleId)));
  } else {
    const named = await namedComp(context, userId, propertyId, input.saleId);
    if (!named.ok) return { ok: false as const, status: 404 as const, message: named.message };
    const reason = input.action === "exclude" ? { reason: input.reason, note: input.note ?? null } : { reason: null, note: null };
    await writeChoice(context, {
      ...base,
      saleId: input.saleId,
      choice: input.action === "pin" ? "pinned" : "excluded",
      address: named.address,
      ...reason,
    });
  }
  return runComps(context, userId, propertyId);
}

/** An unpin or an include names a choice the user made on their property; anything else is 404. */
async function ownedChoice(context: ValuationContext, userId: string, propertyId: string, saleId: string) {
  const row = await context.db
    .select({ choice: pinnedComps.choice })
    .from(pinnedComps)
    .where(and(eq(pinnedComps.userId, userId), eq(pinnedComps.propertyId, propertyId), eq(pinnedComps.saleId, saleId)))
    .get();
  return row ? { ok: true as const } : { ok: false as const, message: COMP_NOT_FOUND };
}
