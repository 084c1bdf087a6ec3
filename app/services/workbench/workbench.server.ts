/**
 * The Lead Workbench on the server: a seller queue of the user (the latest, or the search a card opened) with which of its leads are
 * already in their CRM (saved = worked), and the saves of Save for Later, Let's Work It and Confirm Add to CRM.
 *
 * Budget (docs/decisions/045-two-round-trip-budget.md): the page is the session lookup and one batch; a save is the session lookup (with the lead's
 * snapshot read beside it) and one batch that checks the lead was delivered to the user, checks the CRM for the
 * same address and writes only when both allow it.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";

import { contacts, leadDeliveries, leads, properties, type OwnerPhone } from "#db/schema.ts";
import { backToWizardHref } from "#app/domain/chat/search-answers.ts";
import type { LeadOwner } from "#app/domain/leads/assignee.ts";
import { ALREADY_IN_CRM } from "#app/domain/leads/labels.ts";
import { PropertyInputSchema } from "#app/domain/leads/lead-forms.ts";
import { leadToProperty, type LeadSave } from "#app/domain/leads/property.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import type { PinnedCompView, StoredCompDetail } from "#app/domain/valuation/comparables.ts";
import type { SavedLead } from "#app/domain/workbench/saved-lead.ts";
import { LEAD_NOT_IN_QUEUE } from "#app/domain/workbench/workbench-rules.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { newPropertyRows } from "#app/services/leads/property-writes.server.ts";
import { sellerQueueId, sellerQueueOf, sellerQueueReads } from "#app/services/leads/seller-queue.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";
import { historyInsert, maxOfferRecompute } from "#app/services/valuation/property-valuations.server.ts";
import { storedChoices, storedComps } from "#app/services/valuation/stored-comps.server.ts";

export type Workbench = {
  requestId: string;
  location: string | null;
  leads: LeadQueueItem[];
  /** Whether a saved search's run delivered the queue: its leads not yet worked (saved) show "New" (ADR 085). */
  fromSavedSearch: boolean;
  /** The queue's leads already in the user's CRM (same address, city and state), by lead id. */
  saved: Record<string, SavedLead>;
  /** Each lead's street-view picture from the maps provider (null: the keyless placeholder), by lead id. */
  streetViews: Record<string, string | null>;
  /** The comps stored for the saved leads' properties (Get Property Value), by property id, most alike first. */
  comps: Record<string, StoredCompDetail[]>;
  pinnedComps: Record<string, PinnedCompView[]>;
  /** Back to Wizard: the Seller Lead Wizard with this queue's search filled in. */
  wizardHref: string;
};

/** The same place as a property's address, city and state, compared the way "Already in CRM" compares (case and spaces aside). */
function samePlace(place: { address: SQL | string; city: SQL | string; state: SQL | string }): SQL {
  return sql`lower(trim(${properties.address})) = lower(trim(${place.address}))
    and lower(trim(${properties.city})) = lower(trim(${place.city}))
    and upper(trim(${properties.state})) = upper(trim(${place.state}))`;
}

const leadField = (path: string) => sql`json_extract(${leads.metaJson}, ${path})`;

/** A delivery of the queue and the user's property at the lead's place: the join and the filter both reads share. */
function queueProperty(userId: string) {
  return and(
    eq(properties.userId, userId),
    samePlace({ address: leadField("$.addressLine"), city: leadField("$.city"), state: leadField("$.state") }),
  );
}

function queueDeliveries(context: ServiceContext<"db">, userId: string, requestId?: string | null) {
  return and(eq(leadDeliveries.userId, userId), eq(leadDeliveries.leadRequestId, sellerQueueId(context, userId, requestId)));
}

/** The queue's leads that are in the user's CRM, with the saved property (oldest first when there are two). */
function savedQueueLeads(context: ServiceContext<"db">, userId: string, requestId?: string | null) {
  const { db } = context;
  return db
    .select({
      leadId: sql<string>`${leadField("$.id")}`,
      propertyId: properties.id,
      status: properties.status,
      arv: properties.arv,
      arvLow: properties.arvLow,
      arvHigh: properties.arvHigh,
      confidenceScore: properties.confidenceScore,
      modelValue: properties.modelValue,
      modelShare: properties.modelShare,
      analysisArv: properties.analysisArv,
      repairEstimate: properties.repairEstimate,
      assignmentFee: properties.assignmentFee,
      ruleMaxOffer: properties.ruleMaxOffer,
      maxOffer: properties.maxOffer,
      offerPdfFilename: properties.offerPdfFilename,
    })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .innerJoin(properties, queueProperty(userId))
    .where(queueDeliveries(context, userId, requestId))
    .orderBy(asc(properties.createdAt));
}

/** The ids of the user's properties saved from the queue (a subquery). */
function savedQueuePropertyIds(context: ServiceContext<"db">, userId: string, requestId?: string | null) {
  const { db } = context;
  return db
    .select({ id: properties.id })
    .from(leadDeliveries)
    .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
    .innerJoin(properties, queueProperty(userId))
    .where(queueDeliveries(context, userId, requestId));
}

/**
 * The workbench's data in one batch: the queue of the user's search `requestId` (a seller card of an earlier search),
 * else their latest, and which of its leads are saved. Null: no such seller search with leads.
 */
export async function loadWorkbench(
  context: ServiceContext<"db" | "now" | "providers">,
  userId: string,
  requestId?: string | null,
): Promise<Workbench | null> {
  const { db } = context;
  const [requests, delivered, savedRows, compRows, choiceRows] = await db.batch([
    ...sellerQueueReads({ db }, userId, requestId),
    savedQueueLeads({ db }, userId, requestId),
    // The saved leads' stored comps and the user's choices of them (ADR 091), in the same batch (the queue holds 5 leads).
    storedComps({ db }, userId, savedQueuePropertyIds({ db }, userId, requestId)),
    storedChoices({ db }, userId, savedQueuePropertyIds({ db }, userId, requestId)),
  ]);
  const queue = sellerQueueOf([requests, delivered]);
  if (!queue) return null;
  const saved: Record<string, SavedLead> = {};
  for (const { leadId, ...row } of savedRows) saved[leadId] ??= row;
  const maps = context.providers.maps;
  const streetViews = Object.fromEntries(
    queue.leads.map((lead) => [lead.id, maps.streetViewUrl({ latitude: lead.lat, longitude: lead.lon, address: leadPlace(lead) })]),
  );
  const comps: Record<string, StoredCompDetail[]> = {};
  for (const comp of compRows) (comps[comp.propertyId] ??= []).push(comp);
  const pinnedComps: Record<string, PinnedCompView[]> = {};
  for (const choice of choiceRows) (pinnedComps[choice.propertyId] ??= []).push(choice);
  const wizardHref = backToWizardHref("seller", queue.request.criteria);
  const { request, leads } = queue;
  const fromSavedSearch = request.savedSearchId !== null;
  return { requestId: request.id, location: request.location, leads, fromSavedSearch, saved, streetViews, comps, pinnedComps, wizardHref };
}

function leadPlace(lead: LeadQueueItem): string {
  return [lead.addressLine, lead.city, [lead.state, lead.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** How many leads the queue (the search `requestId`, else the latest) holds (Next Lead and Pass without JavaScript): one read. */
export async function queueLength(context: ServiceContext<"db">, userId: string, requestId?: string | null): Promise<number> {
  const { db } = context;
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(leadDeliveries)
    .where(and(eq(leadDeliveries.userId, userId), eq(leadDeliveries.leadRequestId, sellerQueueId(context, userId, requestId))))
    .get();
  return Number(row?.n ?? 0);
}

// --- saving a lead ----------------------------------------------------------------------------------------------

/** A lead as stored when a search found it (leads.meta_json): the market's record, shared by every user it went to. */
export type LeadSnapshot = { rowId: string; item: LeadQueueItem };

/**
 * The lead's stored snapshot by the provider that found it and its id. Market data, not the user's: it is read beside
 * the session lookup (before the user is known) and used only after the save's batch has checked that the lead is in
 * one of this user's queues; nothing of it reaches the user otherwise.
 */
export async function readLeadSnapshot(context: ServiceContext<"db">, vendor: string, leadId: string): Promise<LeadSnapshot | null> {
  const { db } = context;
  const row = await db
    .select({ rowId: leads.id, item: leads.metaJson })
    .from(leads)
    .where(and(eq(leads.vendor, vendor), eq(leads.vendorLeadId, leadId)))
    .get();
  // drizzle reads the json column as its declared Record<string, unknown> (db/ cannot name app types); it holds a LeadQueueItem written by toLeadQueueItem.
  return row?.item ? { rowId: row.rowId, item: row.item as unknown as LeadQueueItem } : null;
}

export type SaveOutcome =
  | { ok: true; propertyId: string; address: string }
  | { ok: false; status: 400 | 404; message: string }
  | { ok: false; status: 409; message: string; propertyId: string };

const PHONE_TYPES: readonly OwnerPhone["type"][] = ["mobile", "landline", "voip", "unknown"];

/**
 * Saves a lead of one of the user's queues to their CRM: `leadToProperty` (what the spec's client sends), validated by
 * the CRM's own schema, plus what the snapshot knows that the form does not carry (position, APN, the source id, every
 * phone with its DNC flag, every email). One batch: is the lead in the queue, is the place already in the CRM, and
 * the insert of the property and its owner contact, which happen only when the lead is queued and the place is new.
 */
export async function saveQueueLead(
  context: ServiceContext<"db" | "now" | "providers">,
  owner: LeadOwner,
  lead: LeadSnapshot,
  save: LeadSave,
): Promise<SaveOutcome> {
  const { db } = context;
  const userId = owner.workspaceId;
  const parsed = PropertyInputSchema.safeParse(leadToProperty(lead.item, save));
  if (!parsed.success) {
    return {
      ok: false,
      status: 400,
      message: `Validation error: ${[...new Set(parsed.error.issues.map((issue) => issue.message))].join(", ")}`,
    };
  }
  // The lead's value on save is the property-data provider's estimate: its first valuation (Get Property Value replaces it).
  const rows = newPropertyRows(owner, parsed.data, context.now(), "provider");
  const raw = lead.item.raw;
  const property = {
    ...rows.property,
    latitude: lead.item.lat,
    longitude: lead.item.lon,
    apn: lead.item.apn,
    sourcePropertyId: lead.item.id,
    ownerEmails: raw.ownerEmails.length > 0 ? raw.ownerEmails : null,
    ownerPhoneNumbers:
      raw.ownerPhoneNumbers.length > 0
        ? raw.ownerPhoneNumbers.map((phone) => ({
            number: phone.number,
            type: isOneOf(PHONE_TYPES, phone.type) ? phone.type : "unknown",
            dnc: phone.dnc,
          }))
        : null,
  };

  // A lead is delivered to a user once (unique per user and lead), so "delivered to this user" is "in one of their queues".
  const queued = db
    .select({ leadId: leadDeliveries.leadId })
    .from(leadDeliveries)
    .where(and(eq(leadDeliveries.userId, userId), eq(leadDeliveries.leadId, lead.rowId)));
  const existing = db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.userId, userId), samePlace(property)))
    .orderBy(asc(properties.createdAt))
    .limit(1);
  const insertProperty = insertWhen({ db }, properties, property, sql`exists ${queued} and not exists ${existing}`).returning({
    id: properties.id,
  });
  const insertContact = rows.contact
    ? insertWhen(
        { db },
        contacts,
        rows.contact,
        sql`exists (select 1 from ${properties} where ${properties.id} = ${rows.id} and ${properties.userId} = ${userId})`,
      )
    : null;
  // The first valuation's history row, written only once the property is (historyInsert checks it is the user's).
  const history = rows.valuation ? historyInsert({ db, now: context.now }, userId, rows.id, rows.valuation) : null;
  const [inQueue, found, created] = await db.batch([
    queued,
    existing,
    insertProperty,
    ...(insertContact ? [insertContact] : []),
    ...(history ? [history, maxOfferRecompute(context, userId, rows.id)] : []),
  ]);

  if (inQueue.length === 0) return { ok: false, status: 404, message: LEAD_NOT_IN_QUEUE };
  if (found[0]) return { ok: false, status: 409, message: ALREADY_IN_CRM, propertyId: found[0].id };
  if (!created[0]) throw new Error("The workbench's save wrote nothing although the lead was queued and new to the CRM");
  return { ok: true, propertyId: created[0].id, address: property.address };
}
