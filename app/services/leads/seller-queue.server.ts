/** The workbench's queue: the leads the user's latest seller search handed out. */
import { and, asc, desc, eq, gt, sql, type SQL } from "drizzle-orm";

import { leadDeliveries, leadRequests, leads } from "#db/schema.ts";
import { type LeadQueueItem } from "#app/domain/leads/search.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

export type SellerQueue = {
  request: {
    id: string;
    location: string | null;
    criteria: Record<string, unknown>;
    requestedCount: number;
    respondedCount: number;
    status: string;
    createdAt: string;
    /** The saved search whose run delivered these leads (its daily run or Run now), or null: its leads show "New". */
    savedSearchId: string | null;
  };
  leads: LeadQueueItem[];
};

/** The id of the user's latest seller search that handed out leads, as a subquery (every queue read selects the same one). */
export function latestSellerRequestId(context: ServiceContext<"db">, userId: string) {
  const { db } = context;
  return db
    .select({ id: leadRequests.id })
    .from(leadRequests)
    .where(and(eq(leadRequests.userId, userId), eq(leadRequests.kind, "seller"), gt(leadRequests.respondedCount, 0)))
    .orderBy(desc(leadRequests.createdAt))
    .limit(1);
}

/**
 * Which seller queue a read is for: the user's search `requestId` when given (a seller card of an earlier search
 * opens its own queue), else the latest. As SQL: the id, or the latest-id subquery.
 */
export function sellerQueueId(context: ServiceContext<"db">, userId: string, requestId?: string | null): SQL {
  return requestId ? sql`${requestId}` : sql`(${latestSellerRequestId(context, userId)})`;
}

/**
 * The two reads of a seller queue (its request, its leads in order), to run in one batch with others: the user's
 * search `requestId` when given, else their latest. Another user's or a buyer search's id reads as no queue.
 */
export function sellerQueueReads(context: ServiceContext<"db">, userId: string, requestId?: string | null) {
  const { db } = context;
  const queueId = sellerQueueId(context, userId, requestId);
  return [
    db
      .select()
      .from(leadRequests)
      .where(and(eq(leadRequests.userId, userId), eq(leadRequests.kind, "seller"), eq(leadRequests.id, queueId))),
    db
      .select({ item: leads.metaJson })
      .from(leadDeliveries)
      .innerJoin(leads, eq(leads.id, leadDeliveries.leadId))
      .where(and(eq(leadDeliveries.userId, userId), eq(leadDeliveries.leadRequestId, queueId)))
      .orderBy(asc(leadDeliveries.position)),
  ] as const;
}

type SellerQueueRows = readonly [requests: (typeof leadRequests.$inferSelect)[], delivered: { item: Record<string, unknown> | null }[]];

/** What `sellerQueueReads` answered, as the queue (null when the user has no seller search with leads). */
export function sellerQueueOf([requests, delivered]: SellerQueueRows): SellerQueue | null {
  const request = requests[0];
  if (!request) return null;
  const params = request.requestParams;
  return {
    request: {
      id: request.id,
      location: typeof params.location === "string" ? params.location : null,
      criteria: params,
      requestedCount: request.requestedCount,
      respondedCount: request.respondedCount ?? 0,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      savedSearchId: request.savedSearchId,
    },
    // drizzle reads the json column as its declared Record<string, unknown> (db/ cannot name app types); it holds a LeadQueueItem written by toLeadQueueItem.
    leads: delivered.map((row) => row.item as unknown as LeadQueueItem),
  };
}

/**
 * The user's latest seller search that handed out leads, with those leads in the order it found them: what the
 * workbench renders on the server (a reload, another device, no JavaScript). Null when there is none. One round
 * trip: both reads select the same latest request.
 */
export async function getLatestSellerQueue(context: ServiceContext<"db">, userId: string): Promise<SellerQueue | null> {
  const { db } = context;
  return sellerQueueOf(await db.batch(sellerQueueReads(context, userId)));
}
