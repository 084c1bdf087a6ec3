/**
 * Writing properties (CRM leads): POST/PATCH /api/properties, the Add Lead form and the workbench's saves.
 * Every statement filters by the user id; an ARV given or changed is a valuation of the property's one record of its
 * deal numbers (property-valuations.server.ts).
 */
import { and, eq, sql } from "drizzle-orm";

import type { ValuationSource } from "#db/enums.ts";
import { contacts, properties } from "#db/schema.ts";
import type { LeadOwner } from "#app/domain/leads/assignee.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";
import { type PropertyInput, type PropertyPatch } from "#app/domain/leads/lead-forms.ts";
import { estimatedMaxOffer } from "#app/domain/offers/deal-numbers.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import { CONTACT_FIELDS, replanAfterContactChange } from "#app/services/sequences/replan.server.ts";
import { pauseOnStatus } from "#app/services/sequences/sequences.server.ts";
import {
  currentValuationColumns,
  historyInsert,
  maxOfferRecompute,
  type NewValuation,
} from "#app/services/valuation/property-valuations.server.ts";

import { PROPERTY_NOT_FOUND, serializeProperty, type Property } from "./properties.server.ts";

type PropertyRow = typeof properties.$inferSelect;

/** Same address, city and state (ignoring case and surrounding spaces) already in this user's CRM, other than `exceptId`. */
async function findDuplicate(
  context: ServiceContext<"db">,
  userId: string,
  place: { address: string; city: string; state: string },
  exceptId?: string,
) {
  const { db } = context;
  const row = await db
    .select({ id: properties.id })
    .from(properties)
    .where(
      and(
        eq(properties.userId, userId),
        sql`lower(trim(${properties.address})) = ${place.address.trim().toLowerCase()}`,
        sql`lower(trim(${properties.city})) = ${place.city.trim().toLowerCase()}`,
        sql`upper(trim(${properties.state})) = ${place.state.trim().toUpperCase()}`,
        exceptId ? sql`${properties.id} <> ${exceptId}` : undefined,
      ),
    )
    .get();
  return row?.id ?? null;
}

/**
 * A "max offer" sent on save that is the spec's estimate of the value sent with it (70 % of the ARV or of the as-is value) is
 * what the spec's workbench sends before any valuation: a guess, not an offer the user chose, so it is not stored as
 * one (a letter or a sequence would mail it).
 */
function isEstimateGuess(input: Pick<PropertyInput, "maxOffer" | "arv" | "price">): boolean {
  if (input.maxOffer == null) return false;
  const offer = Math.round(input.maxOffer);
  return [input.arv, input.price].some((value) => value != null && estimatedMaxOffer(value) === offer);
}

type Created = { ok: true; property: Property } | { ok: false; status: 409; message: string; existingId: string };

/**
 * The rows adding `input` to the workspace's CRM writes: the property, assigned to the member adding it, and — for a
 * named owner — its first contact (name, phone, email), so "New Message" can reach them. Shared by createProperty and
 * the workbench's saves.
 */
export function newPropertyRows(owner: LeadOwner, input: PropertyInput, now: Date, source: ValuationSource = "user") {
  const { workspaceId: userId, memberId } = owner;
  const id = crypto.randomUUID();
  // An ARV given on save is the property's first valuation (its history row: `valuation`), and its max offer the rule's.
  const valuation: NewValuation | null =
    input.arv != null && input.arv > 0 ? { arv: input.arv, confidenceScore: input.confidenceScore ?? null, source } : null;
  const property = {
    ...input,
    maxOffer: isEstimateGuess(input) ? null : input.maxOffer,
    ...(valuation ? currentValuationColumns(valuation, now) : {}),
    // The max offer of the user's rule is written by `maxOfferRecompute` after the insert, in the same batch.
    ruleMaxOffer: null,
    id,
    propertyType: input.propertyType ?? "single_family",
    status: input.status ?? "new",
    userId,
    assignedTo: memberId,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof properties.$inferInsert;
  const ownerName = input.ownerName?.trim();
  const contact = ownerName
    ? ({
        userId,
        propertyId: id,
        name: ownerName,
        phone: input.ownerPhone ?? input.ownerMobilePhone ?? null,
        email: input.ownerEmail ?? null,
        createdAt: now,
        updatedAt: now,
      } satisfies typeof contacts.$inferInsert)
    : null;
  return { id, property, contact, valuation };
}

/**
 * Adds a property to the workspace's CRM, assigned to the member adding it; the same address, city and state twice is
 * refused with "Already in CRM". A named owner also becomes the property's first contact; both rows are written in one
 * batch.
 */
export async function createProperty(request: ServiceContext<"db" | "now">, owner: LeadOwner, input: PropertyInput): Promise<Created> {
  const userId = owner.workspaceId;
  const context = atOneInstant(request);
  const { db } = context;
  const now = context.now();
  const existingId = await findDuplicate(context, userId, input);
  if (existingId) return { ok: false, status: 409, message: ALREADY_IN_CRM, existingId };
  const rows = newPropertyRows(owner, input, now);
  const insertProperty = db.insert(properties).values(rows.property).returning();
  const results = await db.batch([
    insertProperty,
    ...(rows.contact ? [db.insert(contacts).values(rows.contact)] : []),
    ...(rows.valuation ? [historyInsert(context, userId, rows.id, rows.valuation), maxOfferRecompute(context, userId, rows.id)] : []),
    db
      .select()
      .from(properties)
      .where(and(eq(properties.id, rows.id), eq(properties.userId, userId))),
  ]);
  const row = (results.at(-1) as PropertyRow[])[0] ?? (results[0] as PropertyRow[])[0]!;
  return { ok: true, property: serializeProperty(row) };
}

type Updated = { ok: true; property: Property } | { ok: false; status: 404 | 409; message: string };

/** PATCH: only the given fields change; an address that collides with another lead is refused. */
export async function updateProperty(
  request: ServiceContext<"db" | "now">,
  userId: string,
  id: string,
  patch: PropertyPatch,
): Promise<Updated> {
  const context = atOneInstant(request);
  const { db } = context;
  const now = context.now();
  const current = await db
    .select({ address: properties.address, city: properties.city, state: properties.state })
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)))
    .get();
  if (!current) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  // TypeScript's lib types Object.fromEntries with string keys; the entries are the patch's own.
  const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as PropertyPatch;
  if (changes.address !== undefined || changes.city !== undefined || changes.state !== undefined) {
    const place = {
      address: changes.address ?? current.address,
      city: changes.city ?? current.city ?? "",
      state: changes.state ?? current.state ?? "",
    };
    if (await findDuplicate(context, userId, place, id)) return { ok: false, status: 409, message: ALREADY_IN_CRM };
  }
  // A letter of intent is for one amount: a new max offer un-records it, so Send Offer mails a letter for the new one.
  const letter = changes.maxOffer !== undefined ? { offerPdfFilename: null } : {};
  // An ARV typed by the user is a re-valuation ("user"): the one it replaces stays in the history.
  const { arv, ...rest } = changes;
  const revalued: NewValuation | null = arv != null ? { arv, confidenceScore: changes.confidenceScore, source: "user" } : null;
  const update = db
    .update(properties)
    .set({
      ...rest,
      ...(arv === null ? { arv: null, ruleMaxOffer: null } : {}),
      ...(revalued ? currentValuationColumns(revalued, now) : {}),
      ...letter,
      propertyType: changes.propertyType ?? undefined,
      updatedAt: now,
    })
    .where(and(eq(properties.id, id), eq(properties.userId, userId)));
  const costsChanged = revalued !== null || changes.repairEstimate !== undefined || changes.assignmentFee !== undefined;
  // Under contract, closed or dead pauses the lead's follow-up sequence, in the same batch.
  const pause = pauseOnStatus(context, id, changes.status);
  const read = db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)));
  const results = await db.batch([
    update,
    ...(revalued ? [historyInsert(context, userId, id, revalued)] : []),
    ...(costsChanged ? [maxOfferRecompute(context, userId, id)] : []),
    ...(pause ? [pause] : []),
    read,
  ]);
  const [row] = results.at(-1) as PropertyRow[];
  if (!row) return { ok: false, status: 404, message: PROPERTY_NOT_FOUND };
  // A phone just put on the do-not-call list (or any contact changed) re-plans the lead's running sequence at once.
  if (CONTACT_FIELDS.some((field) => field in changes)) await replanAfterContactChange(context, { userId, propertyId: id });
  return { ok: true, property: serializeProperty(row) };
}
