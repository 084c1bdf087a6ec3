/**
 * A seller search's writes: what a run is of, the round's one batch (request, leads, deliveries, charges, the page's
 * unread part given back), a failure recorded, the round's reservations, and the search's place claimed and given back.
 */
import { and, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { leadDeliveries, leadRequests, leads, skipMapping } from "#db/schema.ts";
import type { LeadQueueItem, sellerRequestParams, SellerSearchInput } from "#app/domain/leads/search.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import type { Spender } from "#app/services/usage/acting-member.server.ts";
import { reserveUsages, reserveUsagesBy, type CapRefusal, type Reservation } from "#app/services/usage/caps.server.ts";
import { usageEntry } from "#app/services/usage/ledger.server.ts";

import { logged, type sellerSearchOf } from "./search.server.ts";

export type SearchContext = ServiceContext<"db" | "now" | "providers" | "config">;

/** What a search run is of: fixed for all its rounds. */
export type SearchRun = {
  userId: string;
  count: number;
  criteria: SellerSearchInput["criteria"];
  key: string;
  requestId: string;
  search: ReturnType<typeof sellerSearchOf>;
  params: ReturnType<typeof sellerRequestParams>;
  savedSearchId: string | null;
  spender: Spender | null;
};

/**
 * A round's one batch: the request (first round), the leads, the deliveries claimed (a lead this user has is not),
 * the charges for what was read and traced, the page's unread part given back, and the request's count and status.
 */
export function roundStatements(
  context: SearchContext,
  run: SearchRun,
  page: {
    round: number;
    reserved: { leads: Reservation; traces: Reservation };
    offset: number;
    need: number;
    read: number;
    traced: number;
    items: LeadQueueItem[];
    base: number;
    final: boolean;
    exhausted: boolean;
  },
) {
  const { db } = context;
  const { userId, key, requestId, count } = run;
  const { round, reserved, offset, need, read, traced, items, base, final, exhausted } = page;
  const provider = context.providers.propertyData;
  const now = context.now();
  const deliveredCount = sql`(select count(*) from ${leadDeliveries} where ${leadDeliveries.leadRequestId} = ${requestId})`;
  const statements: BatchItem<"sqlite">[] = [];
  if (round === 1) {
    statements.push(
      db.insert(leadRequests).values({
        id: requestId,
        userId,
        kind: "seller",
        savedSearchId: run.savedSearchId,
        vendor: provider.name,
        requestParams: run.params,
        requestedCount: count,
        respondedCount: 0,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      }),
    );
  }
  const writes = items.length > 0 ? leadWrites(context, run, items, base) : [];
  // The deliveries' claim is the last of the lead writes; its RETURNING says which leads are this search's.
  const claimAt = statements.length + writes.length - 1;
  statements.push(...writes);
  if (read > 0) statements.push(usageEntry(context, reserved.leads, read, requestId));
  if (traced > 0) statements.push(usageEntry(context, reserved.traces, traced, requestId));
  // What the vendor did not have is given back, unless a later search already claimed past it.
  if (read < need) statements.push(givePageBackStatement(context, { userId, key, from: offset, to: offset + need, keep: read }));
  statements.push(
    db
      .update(leadRequests)
      .set({
        respondedCount: sql`${deliveredCount}`,
        status: sql`case when ${deliveredCount} >= ${count} then 'completed' else ${final ? (exhausted ? "exhausted" : "partial") : "pending"} end`,
        updatedAt: now,
      })
      .where(and(eq(leadRequests.id, requestId), eq(leadRequests.userId, userId))),
  );
  return { statements, claimAt };
}

/** Rows of `leads` a statement writes (each binds its own id, vendor, record, times: well under D1's 100 values). */
const LEADS_PER_INSERT = 5;

/** The round's leads stored and their deliveries claimed: a lead this user already has is not (its RETURNING says which). */
function leadWrites(context: SearchContext, run: SearchRun, items: LeadQueueItem[], base: number) {
  const { db } = context;
  const { userId, requestId } = run;
  const provider = context.providers.propertyData;
  const now = context.now();
  // D1 binds at most 100 values a statement: a search of up to 50 leads stores them a few rows a statement.
  const chunks: LeadQueueItem[][] = [];
  for (let i = 0; i < items.length; i += LEADS_PER_INSERT) chunks.push(items.slice(i, i + LEADS_PER_INSERT));
  const stores = chunks.map((chunk) =>
    db
      .insert(leads)
      .values(
        chunk.map((item) => ({
          vendor: provider.name,
          vendorLeadId: item.id,
          type: "seller",
          metaJson: item,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({ target: [leads.vendor, leads.vendorLeadId], set: { metaJson: sql`excluded.meta_json`, updatedAt: now } }),
  );
  return [
    ...stores,
    db
      .insert(leadDeliveries)
      .select(
        // CROSS JOIN keeps this round's few leads (json_each) the outer loop, each found by leads_vendor_lead_idx;
        // with a plain JOIN SQLite read every lead of the vendor (all ever handed out) and matched each against them.
        sql`select json_extract(j.value, '$[1]'), ${userId}, l.id, ${requestId}, json_extract(j.value, '$[2]'), ${now.getTime()}
            from json_each(${JSON.stringify(items.map((item, i) => [item.id, crypto.randomUUID(), base + i]))}) as j
            cross join ${leads} as l on l.vendor = ${provider.name} and l.vendor_lead_id = json_extract(j.value, '$[0]')
            where 1 order by j.key`,
      )
      .onConflictDoNothing({ target: [leadDeliveries.userId, leadDeliveries.leadId] })
      .returning({ position: leadDeliveries.position }),
  ];
}

/** A provider failure: the request is failed, or partial (with the error) when an earlier round already found leads. */
export async function recordFailure(
  context: ServiceContext<"db" | "now">,
  failure: {
    round: number;
    requestId: string;
    userId: string;
    vendor: string;
    params: Record<string, unknown>;
    count: number;
    error: unknown;
    found: number;
  },
) {
  const { db } = context;
  const { round, requestId, userId, vendor, params, count, error, found } = failure;
  const now = context.now();
  const status = found > 0 ? "partial" : "failed";
  if (round === 1) {
    await db.insert(leadRequests).values({
      id: requestId,
      userId,
      kind: "seller",
      vendor,
      requestParams: params,
      requestedCount: count,
      respondedCount: 0,
      status,
      errorMessage: logged(error),
      createdAt: now,
      updatedAt: now,
    });
  } else {
    await db
      .update(leadRequests)
      .set({ status, errorMessage: logged(error), updatedAt: now })
      .where(and(eq(leadRequests.id, requestId), eq(leadRequests.userId, userId)));
  }
}

/** A round's leads and skip traces, reserved together in one batch: a refusal of either counts neither. */
export async function reserveLeadRound(
  context: ServiceContext<"db" | "providers" | "config" | "now">,
  round: { userId: string; spender: Spender | null; need: number },
): Promise<{ ok: true; leads: Reservation; traces: Reservation } | CapRefusal> {
  const { userId, spender, need } = round;
  const items = [
    { kind: "lead", quantity: need },
    { kind: "skip_trace", quantity: need },
  ] as const;
  const reserved = spender ? await reserveUsagesBy(context, { spender, items }) : await reserveUsages(context, userId, items);
  if (!reserved.ok) return reserved;
  const [leads, traces] = reserved.reservations;
  return { ok: true, leads: leads!, traces: traces! };
}

type Page = { userId: string; key: string };

/** Moves the search's place on by `need` in one statement and answers where this page starts. */
export async function claimPage(context: ServiceContext<"db" | "now">, page: Page & { need: number }): Promise<number> {
  const { db } = context;
  const { userId, key, need } = page;
  const now = context.now();
  const [row] = await db
    .insert(skipMapping)
    .values({ userId, userSearch: key, skip: need, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [skipMapping.userId, skipMapping.userSearch],
      set: { skip: sql`${skipMapping.skip} + excluded.skip`, updatedAt: now },
    })
    .returning({ skip: skipMapping.skip });
  return Number(row!.skip) - need;
}

/** Puts the place back to `from + keep` when it is still where this page's claim left it (`to`). */
export function givePageBackStatement({ db }: ServiceContext<"db">, page: Page & { from: number; to: number; keep: number }) {
  const { userId, key, from, to, keep } = page;
  const mine = and(eq(skipMapping.userId, userId), eq(skipMapping.userSearch, key), eq(skipMapping.skip, to));
  return from + keep === 0
    ? db.delete(skipMapping).where(mine)
    : db
        .update(skipMapping)
        .set({ skip: from + keep })
        .where(mine);
}
