/**
 * A buyer's offer or inquiry the user has not answered, as a Today task: it stays while the deal is still being
 * marketed (under contract, marketed or offers in) and goes once an offer on the deal is accepted.
 */
import type { DispoStatus } from "#db/enums.ts";
import { formatMoney } from "#app/domain/shared/format.ts";

/** The statuses of a deal whose offers still wait for an answer: once assigned (or paid) none does. */
export const OPEN_DISPO_STATUSES = ["under_contract", "marketed", "offers_in"] as const satisfies readonly DispoStatus[];

export type NewOfferRow = {
  offerId: string;
  dealId: string;
  address: string | null;
  name: string;
  amount: number | null;
  createdAt: Date;
};

export type OfferTask = { offerId: string; dealId: string; address: string; label: string; receivedOn: string; href: string };

/** The unanswered offers read, newest first, each a task linking to the deal's offers. */
export function offerTasks(rows: readonly NewOfferRow[]): OfferTask[] {
  return [...rows]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.offerId.localeCompare(b.offerId))
    .map((row) => ({
      offerId: row.offerId,
      dealId: row.dealId,
      address: row.address ?? "A deal",
      label: row.amount === null ? `New inquiry from ${row.name}` : `New offer of ${formatMoney(row.amount)} from ${row.name}`,
      receivedOn: row.createdAt.toISOString().slice(0, 10),
      href: `/deals/${row.dealId}/offers`,
    }));
}
