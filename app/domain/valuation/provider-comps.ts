/**
 * Comparables bought from a property-data vendor (docs/decisions/091-comps-the-user-can-defend.md), pure: the key a
 * subject's kept answer is filed under, which kept sales lie in a valuation's window, and what a re-search would cost.
 */
import { formatCostCents } from "#app/domain/usage/usage-money.ts";

import type { CandidateWindow, Sale } from "./types.ts";

/** A subject as a vendor's comparables search names it. */
export type SubjectAddress = { street: string; city: string; state: string; zip: string };

const words = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** One key for the same address however it is typed: case, punctuation and spacing aside, the ZIP's first five digits. */
export function providerCompsKey(address: SubjectAddress): string {
  return [words(address.street), words(address.city), words(address.state), address.zip.trim().slice(0, 5)].join("|");
}

/** The kept sales inside a valuation's candidate window (its box and its dates), as a sales query would read them. */
export function inWindow(sales: readonly Sale[], window: CandidateWindow): Sale[] {
  return sales.filter(
    (sale) =>
      sale.latitude >= window.minLatitude &&
      sale.latitude <= window.maxLatitude &&
      sale.longitude >= window.minLongitude &&
      sale.longitude <= window.maxLongitude &&
      sale.saleDate >= window.fromDate &&
      sale.saleDate < window.beforeDate,
  );
}

/** "Refresh comps — about 41 records, $0.82": the records the last search bought (or the most it may buy), priced. */
export function refreshCompsLabel(records: number, unitCostCents: number): string {
  return `Refresh comps — about ${records} ${records === 1 ? "record" : "records"}, ${formatCostCents(records * unitCostCents)}`;
}
