/**
 * A lead whose offer is mailed is being negotiated: it gets its deal, in Negotiation, when it has none, so the
 * Pipeline shows the deals being worked. One statement, sent in the batch that records the mailing, so a mailing
 * recorded always has its deal and a failed one leaves none. A property has at most one deal: an existing deal, in
 * whatever stage the user moved it to, is left alone.
 */
import { sql } from "drizzle-orm";

import { deals, properties } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * The deal of a mailed lead, written only while the property is the user's and has no deal. Its value is the
 * property's max offer (the price the wholesaler means to contract at, as a deal made by hand gets), never recomputed.
 */
export function dealOnMailStatement(context: ServiceContext<"db" | "now">, mailed: { userId: string; propertyId: string }) {
  const { db } = context;
  const now = context.now().getTime();
  const { userId, propertyId } = mailed;
  return db.run(sql`insert into ${deals} (id, user_id, property_id, stage, deal_value, created_at, updated_at)
    select ${crypto.randomUUID()}, ${userId}, ${properties.id}, 'negotiation', ${properties.maxOffer}, ${now}, ${now}
    from ${properties}
    where ${properties.id} = ${propertyId} and ${properties.userId} = ${userId}
      and not exists (select 1 from ${deals} where ${deals.userId} = ${userId} and ${deals.propertyId} = ${propertyId})`);
}
