/**
 * Matching a deal under contract to buyers: the user's buyers whose markets name the place (or who are linked to the
 * provider's records) and the market's cash buyers within a mile, ranked with their reasons (app/domain/dispo/matching.ts).
 * The deal is read in the session lookup's batch; the buyers and the purchasers then in parallel: two round trips.
 */
import { and, eq, isNotNull, or, sql } from "drizzle-orm";

import { buyers } from "#db/schema.ts";
import { askingPriceOf } from "#app/domain/dispo/contract.ts";
import { rankMatches, type Match, type MatchSubject } from "#app/domain/dispo/matching.ts";
import { purchaseWindow } from "#app/domain/dispo/purchases.ts";
import type { SendBatch, UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { dealFactsQuery, type DealFacts } from "./deal-rows.server.ts";

/** How far the market's purchases count as "near". */
export const NEAR_MILES = 1;
/** The most buyers of the user one match reads: a list of 10,000 is narrowed to the place by SQL first. */
const BUYERS_READ = 2000;
const PURCHASERS_READ = 50;

/** The deal and its property, as one statement for the session lookup's batch; empty for a foreign or unknown id. */
export async function readMatchDeal(
  context: ServiceContext<"db">,
  { userId, dealId, batch }: { userId: UserRef; dealId: string; batch: SendBatch },
): Promise<DealFacts | null> {
  const [rows] = await batch([dealFactsQuery(context, { userId, dealId })]);
  return rows[0] ?? null;
}

export type MatchesAnswer = { deal: { id: string; address: string | null; asking: number | null }; matches: Match[] };

export async function matchDeal(
  context: ServiceContext<"db" | "providers" | "now">,
  { userId, deal }: { userId: string; deal: DealFacts },
): Promise<MatchesAnswer> {
  const subject: MatchSubject = {
    city: deal.city,
    state: deal.state,
    zip: deal.zip ?? "",
    bedrooms: deal.bedrooms,
    propertyType: deal.propertyType ?? "single_family",
    asking: askingPriceOf(deal),
  };
  const places = [
    subject.zip,
    subject.city,
    subject.city && `${subject.city}, ${subject.state}`,
    subject.city && `${subject.city} ${subject.state}`,
  ]
    .filter((place): place is string => Boolean(place))
    .map((place) => place.toLowerCase());
  const provider = context.providers.propertyData;
  const near =
    provider.cashPurchasersNear && deal.latitude !== null && deal.longitude !== null
      ? provider.cashPurchasersNear({
          latitude: deal.latitude,
          longitude: deal.longitude,
          radiusMiles: NEAR_MILES,
          ...purchaseWindow(context.now(), provider.salesThrough),
          limit: PURCHASERS_READ,
        })
      : Promise.resolve([]);
  const inPlace = sql`exists (select 1 from json_each(${buyers.markets}) where lower(trim(value)) in (${sql.join(
    places.map((place) => sql`${place}`),
    sql`, `,
  )}))`;
  const [purchasers, rows] = await Promise.all([
    near,
    context.db
      .select()
      .from(buyers)
      .where(
        and(eq(buyers.userId, userId), places.length > 0 ? or(isNotNull(buyers.sourceBuyerId), inPlace) : isNotNull(buyers.sourceBuyerId)),
      )
      .limit(BUYERS_READ),
  ]);
  const matches = rankMatches({ subject, buyers: rows, purchasers });
  return { deal: { id: deal.id, address: deal.address, asking: subject.asking }, matches };
}
