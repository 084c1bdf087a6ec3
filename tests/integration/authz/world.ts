import { env } from "cloudflare:test";
import { and, asc, eq, isNull } from "drizzle-orm";

import {
  buyerEmails,
  buyerLeads,
  buyers,
  contacts,
  conversations,
  deals,
  documents,
  followUpActivities,
  leadRequests,
  messages,
  properties,
  userSales,
} from "#db/schema.ts";
import { seedDemoBuyers } from "#db/seed/demo/buyers.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { seedDemoDeals } from "#db/seed/demo/deals.ts";
import { seedDemoRecords } from "#db/seed/demo/records.ts";
import { seedDemoSavedSearch } from "#db/seed/demo/saved-searches.ts";
import { DEFAULT_SEQUENCE_STEPS } from "#app/domain/sequences/steps.ts";
import { unsubscribeToken } from "#app/services/dispo/blast-rows.server.ts";
import { putUnderContract } from "#app/services/dispo/contract.server.ts";
import { makeDealLink } from "#app/services/dispo/deal-links.server.ts";
import { recordOffer } from "#app/services/dispo/deal-offers.server.ts";
import { startSequence } from "#app/services/sequences/sequences.server.ts";
import { saveUserSequence } from "#app/services/sequences/user-sequence.server.ts";
import { registerClient, type ApiClient } from "#tests/integration/api-client.ts";

import { db } from "../db.ts";

/** One id of each kind a route takes, all belonging to one user. */
export type Ids = {
  property: string;
  deal: string;
  document: string;
  conversation: string;
  message: string;
  contact: string;
  buyerLead: string;
  leadRequest: string;
  /** The lead (a property) a follow-up sequence was started on, and a pending step of it (a Today task). */
  sequenceProperty: string;
  task: string;
  savedSearch: string;
  /** The user's own saved "New seller lead" sequence (the Sequences screen's row). */
  sequence: string;
  /** One of the user's dispo buyers. */
  buyer: string;
  /** The token of the public page of the user's deal (under contract), and a buyer's offer on that deal. */
  dealLink: string;
  offer: string;
};

export type Party = { client: ApiClient; userId: string; email: string; ids: Ids };

/** Tables no user owns rows of (market data, throttles): left out of a user's snapshot by having no user_id. */
const USER_COLUMN = "user_id";

async function firstId(rows: Promise<{ id: string }[]>, what: string): Promise<string> {
  const [row] = await rows;
  if (!row) throw new Error(`the demo seed made no ${what}`);
  return row.id;
}

/** Starts the default follow-up sequence on the user's first lead whose status allows one; that lead and a pending step. */
async function startedSequence(userId: string): Promise<Pick<Ids, "sequenceProperty" | "task">> {
  const mine = await db.select({ id: properties.id }).from(properties).where(eq(properties.userId, userId)).orderBy(asc(properties.id));
  const now = new Date();
  for (const { id } of mine) {
    if (!(await startSequence({ db, now: () => now }, { userId, propertyId: id })).ok) continue;
    const task = await firstId(
      db
        .select({ id: followUpActivities.id })
        .from(followUpActivities)
        .where(and(eq(followUpActivities.userId, userId), isNull(followUpActivities.completedAt)))
        .orderBy(asc(followUpActivities.scheduledFor)),
      "pending follow-up step",
    );
    return { sequenceProperty: id, task };
  }
  throw new Error("the demo seed made no lead a sequence can start on");
}

/** Saves the user's "New seller lead" (the default steps) so the Sequences screen has a row of theirs. */
async function savedSequence(userId: string): Promise<string> {
  const saved = await saveUserSequence({ db, now: () => new Date() }, userId, null, DEFAULT_SEQUENCE_STEPS);
  if (!saved.ok) throw new Error("the user's sequence was not saved");
  return saved.id;
}

/** Puts the deal under contract, makes its public page and records a buyer's offer on it. */
async function dealPageAndOffer(userId: string, dealId: string): Promise<Pick<Ids, "dealLink" | "offer">> {
  const context = { db, now: () => new Date() };
  const contract = {
    contractPrice: 200_000,
    closeDate: "2099-12-30",
    inspectionDeadline: "2099-12-10",
    earnestMoney: 1_000,
    assignmentFeeAsked: 10_000,
    buyerPrice: null,
    dispoStatus: "under_contract" as const,
  };
  if (!(await putUnderContract(context, { userId, dealId, contract }))) throw new Error("the deal was not put under contract");
  const dealLink = await makeDealLink(context, { userId, dealId, showStreet: true });
  if (!dealLink) throw new Error("the deal page was not made");
  const offer = await recordOffer(context, {
    userId,
    dealId,
    input: { name: "Ann Buyer", email: "ann@buyers.example", phone: null, amount: 215_000, earnestMoney: 5_000, proofOfFunds: true },
  });
  return { dealLink, offer };
}

/**
 * A registered user with the demo records (CRM leads, deals, conversations, documents in R2, buyers, a lead search)
 * and a follow-up sequence started on one lead (so Today has a task).
 */
export async function partyWithRecords(prefix: string): Promise<Party> {
  const { client, userId, email } = await registerClient(prefix, { address_city: "Phoenix", address_state: "AZ" });
  const propertyIds = await seedDemoCrm(db, userId);
  await seedDemoDeals(db, userId, propertyIds);
  await seedDemoRecords(db, userId, env.FILES);
  await seedDemoBuyers(db, userId);
  await db.insert(leadRequests).values({ userId, vendor: "local", requestParams: { location: "Phoenix, AZ" }, requestedCount: 5 });
  // An uploaded sale with the sale_id the import recipes upload: the other user's upload must leave it alone.
  await db.insert(userSales).values({
    userId,
    externalId: "S-1",
    source: "own-sales.csv",
    parcelId: "P-1",
    saleDate: "2025-05-01",
    price: 400_000,
    latitude: 33.4484,
    longitude: -112.074,
  });
  const mine = <T extends { userId: unknown; id: unknown }>(table: T) => eq(table.userId as typeof properties.userId, userId);
  const deal = await firstId(db.select({ id: deals.id }).from(deals).where(mine(deals)), "deal");
  const ids: Ids = {
    property: await firstId(
      db.select({ id: properties.id }).from(properties).where(mine(properties)).orderBy(asc(properties.id)),
      "property",
    ),
    deal,
    document: await firstId(db.select({ id: documents.id }).from(documents).where(mine(documents)), "document"),
    conversation: await firstId(db.select({ id: conversations.id }).from(conversations).where(mine(conversations)), "conversation"),
    message: await firstId(
      db
        .select({ id: messages.id })
        .from(messages)
        .where(and(mine(messages), eq(messages.role, "assistant"))),
      "message",
    ),
    contact: await firstId(db.select({ id: contacts.id }).from(contacts).where(mine(contacts)), "contact"),
    buyerLead: await firstId(db.select({ id: buyerLeads.id }).from(buyerLeads).where(mine(buyerLeads)), "buyer lead"),
    leadRequest: await firstId(db.select({ id: leadRequests.id }).from(leadRequests).where(mine(leadRequests)), "lead request"),
    ...(await startedSequence(userId)),
    savedSearch: await seedDemoSavedSearch(db, userId),
    sequence: await savedSequence(userId),
    buyer: await firstId(db.select({ id: buyers.id }).from(buyers).where(mine(buyers)).orderBy(asc(buyers.id)), "buyer"),
    ...(await dealPageAndOffer(userId, deal)),
  };
  // An email of the deal to the buyer, so the user's data holds an unsubscribe token a stranger must not be able to reach.
  await db.insert(buyerEmails).values({
    userId,
    dealId: ids.deal,
    buyerId: ids.buyer,
    status: "sent",
    blastKey: "world",
    unsubscribeToken: unsubscribeToken(),
  });
  return { client, userId, email, ids };
}

let userTablesCache: string[] | null = null;

/** Every table with a user_id column (found in the schema, so a new user-owned table is covered without a change). */
export async function userTables(): Promise<string[]> {
  if (userTablesCache) return userTablesCache;
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const owned: string[] = [];
  for (const { name } of results) {
    const columns = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>();
    if (columns.results.some((column) => column.name === USER_COLUMN)) owned.push(name);
  }
  userTablesCache = owned;
  return owned;
}

/** Every table and its row count, in one round trip (rate_limits left out: refused requests are counted first). */
export async function rowCounts(): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT IN ('d1_migrations', 'rate_limits') ORDER BY name",
  ).all<{ name: string }>();
  const answers = await env.DB.batch(results.map(({ name }) => env.DB.prepare(`SELECT COUNT(*) AS n FROM "${name}"`)));
  return Object.fromEntries(results.map(({ name }, i) => [name, Number((answers[i].results[0] as { n: number }).n)]));
}

export type Snapshot = { rows: Record<string, unknown[]>; files: Record<string, number | null> };

/**
 * The user's rows in tables without a user_id column: the lead rows their sequences run on (vendor "crm", one per
 * property, holding the sequence's status) and the contact rows of their follow-up steps.
 */
const OWNED_THROUGH: Record<string, string> = {
  leads: "SELECT * FROM leads WHERE vendor = 'crm' AND vendor_lead_id IN (SELECT id FROM properties WHERE user_id = ?) ORDER BY rowid",
  follow_up_activity_contacts:
    "SELECT * FROM follow_up_activity_contacts WHERE activity_id IN (SELECT id FROM follow_up_activities WHERE user_id = ?) ORDER BY rowid",
};

/** A user's rows in every user-owned table (and the users row), ordered, with the size of each of their files in R2. */
export async function snapshotOf(userId: string): Promise<Snapshot> {
  const tables = await userTables();
  const through = Object.entries(OWNED_THROUGH);
  const answers = await env.DB.batch([
    env.DB.prepare("SELECT * FROM users WHERE id = ?").bind(userId),
    ...tables.map((table) => env.DB.prepare(`SELECT * FROM "${table}" WHERE user_id = ? ORDER BY rowid`).bind(userId)),
    ...through.map(([, query]) => env.DB.prepare(query).bind(userId)),
  ]);
  const rows: Record<string, unknown[]> = { users: answers[0].results };
  tables.forEach((table, i) => (rows[table] = answers[i + 1].results));
  through.forEach(([table], i) => (rows[table] = answers[tables.length + 1 + i].results));
  const files: Record<string, number | null> = {};
  for (const row of rows.documents as { file_path?: string | null }[]) {
    if (row.file_path) files[row.file_path] = (await env.FILES.head(row.file_path))?.size ?? null;
  }
  return { rows, files };
}

/** SHA-256 of a snapshot: what the fuzz compares after every refused request. */
export async function hashOf(snapshot: Snapshot): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(snapshot)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Every id in a user's rows: none of them may reach another user (unless that user's request named it). */
export function idsIn(snapshot: Snapshot): Set<string> {
  const found = new Set<string>();
  for (const rows of Object.values(snapshot.rows)) {
    for (const row of rows as Record<string, unknown>[]) if (typeof row.id === "string") found.add(row.id);
  }
  return found;
}
