/** The user's unanswered buyer offers on deals still being marketed: one statement for Today's batch. */
import { and, desc, eq, inArray } from "drizzle-orm";

import { dealOffers, deals, properties } from "#db/schema.ts";
import { OPEN_DISPO_STATUSES } from "#app/domain/dispo/offer-tasks.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** The most unanswered offers Today lists. */
const NEW_OFFERS_LISTED = 20;

export function newOfferRows(context: ServiceContext<"db">, userId: UserRef) {
  return context.db
    .select({
      offerId: dealOffers.id,
      dealId: dealOffers.dealId,
      address: properties.address,
      name: dealOffers.name,
      amount: dealOffers.amount,
      createdAt: dealOffers.createdAt,
    })
    .from(dealOffers)
    .innerJoin(deals, and(eq(deals.id, dealOffers.dealId), eq(deals.userId, dealOffers.userId)))
    .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)))
    .where(and(eq(dealOffers.userId, userId), eq(dealOffers.status, "new"), inArray(deals.dispoStatus, [...OPEN_DISPO_STATUSES])))
    .orderBy(desc(dealOffers.createdAt))
    .limit(NEW_OFFERS_LISTED);
}
