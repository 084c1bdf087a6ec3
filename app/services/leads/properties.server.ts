/**
 * Properties (CRM leads) and their contacts: the spec's "Property as sent on save" and the spec
 * POST/PATCH /api/properties. Shared by the /api routes, the CRM section's loader and its form actions. Every query
 * filters by the user id; a foreign or unknown id reads as null, which the routes answer with 404.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, count, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { contacts, properties, users } from "#db/schema.ts";
import { type StatusFilter } from "#app/domain/leads/labels.ts";
import { statusesInGroup, statusGroupOf } from "#app/domain/leads/status-groups.ts";
import { dealRuleOf } from "#app/domain/offers/deal-rule.ts";
import type { SendBatch, UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { leadNotesRead, leadSequenceRead, sequenceOf } from "#app/services/sequences/lead-sequence.server.ts";
import { valuationHistoryQuery } from "#app/services/valuation/property-valuations.server.ts";
import { storedChoices, storedComps } from "#app/services/valuation/stored-comps.server.ts";

export { PropertyInputSchema, PropertyPatchSchema } from "#app/domain/leads/lead-forms.ts";
export const PROPERTY_NOT_FOUND = "Property not found";

// --- reading ----------------------------------------------------------------------------------------------------

type PropertyRow = typeof properties.$inferSelect;

/** A stored property as the API and the screens read it: dates as ISO strings, never the owning user id. */
export function serializeProperty(row: PropertyRow) {
  const { userId: _userId, createdAt, updatedAt, analysisRunAt, ...rest } = row;
  return {
    ...rest,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    analysisRunAt: analysisRunAt ? analysisRunAt.toISOString() : null,
  };
}
export type Property = ReturnType<typeof serializeProperty>;

/** A lead as the CRM table lists it (the spec's "Property/lead (as listed in CRM)"). */
const ROW_COLUMNS = {
  id: properties.id,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  bedrooms: properties.bedrooms,
  bathrooms: properties.bathrooms,
  squareFeet: properties.squareFeet,
  status: properties.status,
  ownerName: properties.ownerName,
  ownerPhone: properties.ownerPhone,
  ownerEmail: properties.ownerEmail,
  arv: properties.arv,
  /** The chosen offer (the CRM's "Offer" column; spec 02 names it maxOffer). */
  maxOffer: properties.maxOffer,
  leadType: properties.leadType,
  createdAt: properties.createdAt,
};

/** The lead with what the CSV export and GET /api/properties add: location, facts, equity, every owner field. */
const LEAD_COLUMNS = {
  ...ROW_COLUMNS,
  zipCode: properties.zipCode,
  propertyType: properties.propertyType,
  yearBuilt: properties.yearBuilt,
  equityPercentage: properties.equityPercentage,
  equityBalance: properties.equityBalance,
  lastSalePrice: properties.lastSalePrice,
  lastSaleDate: properties.lastSaleDate,
  ownerMailingAddress: properties.ownerMailingAddress,
  ownerMobilePhone: properties.ownerMobilePhone,
  ownerLandLine: properties.ownerLandLine,
  ownerDncPhone: properties.ownerDncPhone,
  updatedAt: properties.updatedAt,
};

/**
 * A Property (CRM) item as GET /api/properties lists it: every field of the spec's "Property (CRM)" — the lead's,
 * the owner's phones (with DNC flags) and emails, the agent, and the analysis fields — and nothing stored only for
 * the server (price, condition, notes, repairTier, offerPdfFilename, userId).
 */
const ITEM_COLUMNS = {
  ...LEAD_COLUMNS,
  confidenceScore: properties.confidenceScore,
  ownerEmails: properties.ownerEmails,
  ownerPhoneNumbers: properties.ownerPhoneNumbers,
  currentAgent: properties.currentAgent,
  distressedIndicator: properties.distressedIndicator,
  strategy: properties.strategy,
  isDeal: properties.isDeal,
  analysisArv: properties.analysisArv,
  rehabCost: properties.rehabCost,
  analysisMaxOfferPrice: properties.analysisMaxOfferPrice,
  analysisConfidence: properties.analysisConfidence,
  profitMarginPct: properties.profitMarginPct,
  riskLevel: properties.riskLevel,
  keyAssumptions: properties.keyAssumptions,
  compSummary: properties.compSummary,
  nextActions: properties.nextActions,
};

/** `assignee`: only the leads assigned to that member (the CRM's filter of a workspace of several). */
export type LeadFilter = { status: StatusFilter; q: string; assignee?: string };

/** LIKE with the user's text taken literally (% and _ escaped). SQLite's LIKE ignores ASCII case. */
function containsText(column: typeof properties.address | typeof properties.city, text: string): SQL {
  const escaped = text.replaceAll("\\", "\\\\").replaceAll("%", "\\%").replaceAll("_", "\\_");
  return sql`${column} LIKE ${`%${escaped}%`} ESCAPE '\\'`;
}

function leadConditions(userId: UserRef, filter?: Partial<LeadFilter>): SQL | undefined {
  const q = filter?.q?.trim() ?? "";
  return and(
    eq(properties.userId, userId),
    filter?.status && filter.status !== "all" ? inArray(properties.status, statusesInGroup(filter.status)) : undefined,
    q ? or(containsText(properties.address, q), containsText(properties.city, q)) : undefined,
    filter?.assignee ? eq(properties.assignedTo, filter.assignee) : undefined,
  );
}

/** Newest first, ties broken by id so pages are stable. */
const NEWEST_FIRST = [desc(properties.createdAt), desc(properties.id)];

function serializeLead<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Every lead the filter matches with the export's columns, newest first (the CSV export). */
export async function listLeads(
  context: ServiceContext<"db">,
  userId: string,
  filter?: Partial<LeadFilter>,
  /** A write that lands with this read, in its batch (an export's activity entry). */
  also?: BatchItem<"sqlite">,
) {
  const { db } = context;
  const query = db
    .select({
      ...LEAD_COLUMNS,
      ruleMaxOffer: properties.ruleMaxOffer,
      repairEstimate: properties.repairEstimate,
      assignmentFee: properties.assignmentFee,
    })
    .from(properties)
    .where(leadConditions(userId, filter))
    .orderBy(...NEWEST_FIRST);
  const rows = also ? (await db.batch([also, query]))[1] : await query;
  return rows.map(serializeLead);
}

/**
 * What the CRM section shows, in one batch (one round trip): the first `limit` rows the filter matches, the per-status
 * counts (the figures, and how many match when there is no search), the number a search matches, and, when the URL
 * opens one, the lead in Work This Lead with its contacts. (Those two statements are left out otherwise: building and
 * running them cost about as much as the list's three.) A statement the URL does not ask for matches nothing.
 */
export async function readCrmPage(
  context: ServiceContext<"db">,
  userId: UserRef,
  /** `withComps`: the open property card shows its comps (`?comps=1`), read in the same batch. */
  options: { filter: LeadFilter; limit: number; leadId: string | null; withComps?: boolean },
  /** Sends the batch: by default on its own; a page that reads before its session answered joins the lookup's batch. */
  batch: SendBatch = (queries) => context.db.batch(queries),
) {
  const { db } = context;
  const { filter, limit, leadId } = options;
  const list = [
    db
      // The table's "Max offer" column: the 70 % rule's of the stored ARV, repairs and fee.
      .select({ ...ROW_COLUMNS, ruleMaxOffer: properties.ruleMaxOffer, assignedTo: properties.assignedTo })
      .from(properties)
      .where(leadConditions(userId, filter))
      .orderBy(...NEWEST_FIRST)
      .limit(limit),
    db
      .select({ status: properties.status, count: count() })
      .from(properties)
      .where(eq(properties.userId, userId))
      .groupBy(properties.status),
    db
      .select({ n: count() })
      .from(properties)
      .where(filter.q || filter.assignee ? leadConditions(userId, filter) : sql`0`),
  ] as const;
  const [[rows, counts, searched], selected] = leadId
    ? await batch([
        ...list,
        db
          .select()
          .from(properties)
          .where(and(eq(properties.id, leadId), eq(properties.userId, userId))),
        db
          .select()
          .from(contacts)
          .where(and(eq(contacts.userId, userId), eq(contacts.propertyId, leadId)))
          .orderBy(desc(contacts.createdAt)),
        // The comps only when the card shows them; `where 0` keeps the batch's shape otherwise.
        options.withComps ? storedComps(context, userId, [leadId]) : storedComps(context, userId, []),
        storedChoices(context, userId, options.withComps ? [leadId] : []),
        valuationHistoryQuery(context, userId, [leadId]),
        // The user's deal rule: the card's tiers and rule line are of it.
        db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).limit(1),
        // Its follow-up sequence (next step, Pause, Stop) and the notes written on it while working it.
        leadSequenceRead(context, userId, leadId),
        leadNotesRead(context, userId, leadId),
      ]).then(
        ([rows, counts, searched, property, leadContacts, leadComps, leadChoices, history, preferences, sequence, notes]) =>
          [
            [rows, counts, searched] as const,
            property[0]
              ? {
                  /** The owner's id (the page may read before its session answered): the caller's to use, not to show. */
                  ownerId: property[0].userId,
                  property: serializeProperty(property[0]),
                  contacts: leadContacts.map(serializeContact),
                  comps: options.withComps ? leadComps : null,
                  pinnedComps: leadChoices,
                  /** Its valuations, newest first (the property card's history). */
                  valuations: history.map((entry) => ({ ...entry, valuedAt: entry.valuedAt.toISOString() })),
                  dealRule: dealRuleOf(preferences[0]?.preferences),
                  sequence: sequenceOf(sequence[0]),
                  notes: notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
                }
              : null,
          ] as const,
      )
    : ([await batch(list), null] as const);
  const matching =
    filter.q || filter.assignee
      ? (searched[0]?.n ?? 0)
      : counts
          .filter((row) => filter.status === "all" || statusGroupOf(row.status) === filter.status)
          .reduce((sum, row) => sum + row.count, 0);
  return {
    leads: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    counts,
    matching,
    selected,
  };
}

/** Where a page of GET /api/properties ends: the last lead's creation time and id, opaque to clients. */
export type LeadCursor = { createdAt: Date; id: string };

export function encodeLeadCursor(lead: { createdAt: string; id: string }): string {
  return encodeBase64urlNoPadding(new TextEncoder().encode(`${Date.parse(lead.createdAt)}:${lead.id}`));
}

/** The cursor a client sent back, or null when it is not one of ours. */
export function decodeLeadCursor(cursor: string): LeadCursor | null {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(decodeBase64urlIgnorePadding(cursor));
    const match = /^(\d{1,15}):([\w-]{1,64})$/.exec(text);
    return match ? { createdAt: new Date(Number(match[1])), id: match[2] } : null;
  } catch {
    return null;
  }
}

/**
 * One page of the user's leads for GET /api/properties (keyset paging: stable while leads are added), newest first,
 * with the cursor of the next page when there is one and the number of leads the filter matches.
 */
export async function listLeadPage(
  context: ServiceContext<"db">,
  userId: UserRef,
  options: { filter?: Partial<LeadFilter>; limit: number; after?: LeadCursor | null },
  /** Sends the batch: by default on its own; GET /api/properties joins the session lookup's. */
  batch: SendBatch = (queries) => context.db.batch(queries),
) {
  const { db } = context;
  const after = options.after
    ? or(
        lt(properties.createdAt, options.after.createdAt),
        and(eq(properties.createdAt, options.after.createdAt), lt(properties.id, options.after.id)),
      )
    : undefined;
  const [rows, [counted]] = await batch([
    db
      .select(ITEM_COLUMNS)
      .from(properties)
      .where(and(leadConditions(userId, options.filter), after))
      .orderBy(...NEWEST_FIRST)
      .limit(options.limit + 1),
    db.select({ n: count() }).from(properties).where(leadConditions(userId, options.filter)),
  ]);
  const leads = rows.slice(0, options.limit).map(serializeLead);
  const last = leads.at(-1);
  return { leads, total: counted?.n ?? 0, next: rows.length > options.limit && last ? encodeLeadCursor(last) : null };
}

export async function getProperty(context: ServiceContext<"db">, userId: string, id: string): Promise<Property | null> {
  const { db } = context;
  const row = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.userId, userId)))
    .get();
  return row ? serializeProperty(row) : null;
}

function serializeContact(row: typeof contacts.$inferSelect) {
  return {
    id: row.id,
    propertyId: row.propertyId,
    name: row.name,
    phone: row.phone,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type Contact = ReturnType<typeof serializeContact>;

/** GET /api/contacts: the user's contacts, newest first. */
export async function listContacts(context: ServiceContext<"db">, userId: string): Promise<Contact[]> {
  const { db } = context;
  const rows = await db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(desc(contacts.createdAt), desc(contacts.id));
  return rows.map(serializeContact);
}

// --- writing ----------------------------------------------------------------------------------------------------
