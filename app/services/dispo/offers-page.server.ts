/**
 * The deal's offers page (/deals/{id}/offers): the deal's disposition, its public link, and its offers side by side,
 * read in parallel after the session (two round trips). Null for a foreign or unknown deal.
 */
import { and, eq } from "drizzle-orm";

import { DISPO_STATUS_LABELS } from "#db/enums.ts";
import { deals, properties } from "#db/schema.ts";
import { askingPriceOf, spreadOf } from "#app/domain/dispo/contract.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { readDealLink } from "./deal-links.server.ts";
import { listOffers } from "./deal-offers.server.ts";

export async function loadOffersPage(context: ServiceContext<"db">, { userId, dealId }: { userId: string; dealId: string }) {
  const [row, link, offers] = await Promise.all([
    context.db
      .select({ deal: deals, address: properties.address, maxOffer: properties.maxOffer })
      .from(deals)
      .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)))
      .where(and(eq(deals.id, dealId), eq(deals.userId, userId)))
      .get(),
    readDealLink(context, { userId, dealId }),
    listOffers(context, { userId, dealId }),
  ]);
  if (!row) return null;
  const { deal } = row;
  const assigned = deal.dispoStatus === "assigned" || deal.dispoStatus === "fee_received";
  return {
    deal: {
      id: deal.id,
      address: row.address ?? "The deal",
      badge: deal.dispoStatus ? DISPO_STATUS_LABELS[deal.dispoStatus] : null,
      contractPrice: deal.contractPrice,
      asking: askingPriceOf({ ...deal, maxOffer: row.maxOffer }),
      fee: assigned ? spreadOf(deal) : null,
      profit: deal.profit,
      assignmentDocumentId: deal.assignmentDocumentId,
      assigned,
      feeReceived: deal.dispoStatus === "fee_received",
    },
    /** The public page opens only while the deal is under contract and not yet assigned. */
    open: deal.stage === "closing" && !assigned,
    canAccept: deal.contractPrice !== null && !assigned,
    link,
    offers,
  };
}
