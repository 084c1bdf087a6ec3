/** The read a deal's blast and its buyer matching share: the deal's terms and its property's facts, in one row. */
import { and, eq } from "drizzle-orm";

import { deals, properties } from "#db/schema.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * One of the user's deals with its property's place and facts (null when it has none), as a statement for a batch:
 * no row when the deal is not the user's. `userId` may be the session's owner as SQL (read in the session's batch).
 */
export function dealFactsQuery(context: ServiceContext<"db">, { userId, dealId }: { userId: UserRef; dealId: string }) {
  return context.db
    .select({
      id: deals.id,
      contractPrice: deals.contractPrice,
      assignmentFeeAsked: deals.assignmentFeeAsked,
      dealValue: deals.dealValue,
      closeDate: deals.closeDate,
      maxOffer: properties.maxOffer,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zip: properties.zipCode,
      latitude: properties.latitude,
      longitude: properties.longitude,
      propertyType: properties.propertyType,
      bedrooms: properties.bedrooms,
      bathrooms: properties.bathrooms,
      squareFeet: properties.squareFeet,
      yearBuilt: properties.yearBuilt,
    })
    .from(deals)
    .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)))
    .where(and(eq(deals.id, dealId), eq(deals.userId, userId)))
    .limit(1);
}

export type DealFacts = Awaited<ReturnType<typeof dealFactsQuery>>[number];
