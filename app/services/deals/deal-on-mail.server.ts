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

/**
 * The deal of a mailed lead, written only while the property is the user's and has no deal. Its value is the
 * property's max offer (the price the wholesaler means to contract at, as a deal made by hand gets), never recomputed.
 */
export function dealOnMailStatement(
  context: ServiceContext<"db" | "now">,
  /** `condition`: what else must hold for it to be written (the batch's claim, say). */
  mailed: { userId: string; propertyId: string; condition?: SQL },
) {
  const { db } = context;
  const now = context.now().getTime();
  const { userId, propertyId, condition } = mailed;
  return db.insert(deals).select(newDealSelect({ userId, propertyId, stage: "negotiation", now, condition }));
}

/**
 * The row of a new deal of the user's property in `stage`, valued at its max offer, as `insert … select` takes it
 * (every column in the table's order): selected only while the property is the user's and has no deal.
 */
export function newDealSelect(deal: { userId: string; propertyId: string; stage: DealStage; now: number; condition?: SQL }) {
  const { userId, propertyId, stage, now, condition } = deal;
  // profit, close_date, notes, dispo_status, contract_price, inspection_deadline, earnest_money, assignment_fee_asked, buyer_price
  const unset = sql.raw(Array(9).fill("null").join(", "));
  return sql`select ${crypto.randomUUID()}, ${userId}, ${properties.id}, ${stage}, ${properties.maxOffer}, ${unset}, ${now}, ${now}
    from ${properties}
    where ${properties.id} = ${propertyId} and ${properties.userId} = ${userId}
      and not exists (select 1 from ${deals} where ${deals.userId} = ${userId} and ${deals.propertyId} = ${propertyId})
      and ${condition ?? sql`1`}`;
}
