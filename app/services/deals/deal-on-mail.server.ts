/**
 * A lead whose offer is mailed is being negotiated: it gets its deal, in Negotiation, when it has none, so the
 * Pipeline shows the deals being worked. One statement, sent in the batch that records the mailing, so a mailing
 * recorded always has its deal and a failed one leaves none. A property has at most one deal: an existing deal, in
 * whatever stage the user moved it to, is left alone.
 */
import { sql, type SQL } from "drizzle-orm";

import type { DealStage } from "#db/enums.ts";
import { deals, properties } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";

/**
 * The deal of a mailed lead, written only while the property is the user's and has no deal. Its value is the
 * property's max offer (the price the wholesaler means to contract at, as a deal made by hand gets), never recomputed.
 */
export function dealOnMailStatement(
  context: ServiceContext<"db" | "now">,
  /** `condition`: what else must hold for it to be written (the batch's claim, say). */
  mailed: { userId: string; propertyId: string; condition?: SQL },
) {
  return newDealInsert(context, { ...mailed, stage: "negotiation" });
}

/**
 * A new deal of the user's property in `stage`, valued at its max offer, inserted only while the property is the
 * user's and has no deal (and `condition` holds). The columns are named, so a column added to deals changes nothing.
 */
export function newDealInsert(
  context: ServiceContext<"db" | "now">,
  deal: { userId: string; propertyId: string; stage: DealStage; condition?: SQL },
) {
  const { userId, propertyId, stage, condition } = deal;
  const now = context.now();
  const owned = sql`${properties.id} = ${propertyId} and ${properties.userId} = ${userId}`;
  return insertWhen(
    context,
    deals,
    {
      id: crypto.randomUUID(),
      userId,
      propertyId,
      stage,
      dealValue: sql`(select ${properties.maxOffer} from ${properties} where ${owned})`,
      createdAt: now,
      updatedAt: now,
    },
    sql`exists (select 1 from ${properties} where ${owned})
      and not exists (select 1 from ${deals} where ${deals.userId} = ${userId} and ${deals.propertyId} = ${propertyId})
      and ${condition ?? sql`1`}`,
  );
}
