/**
 * A deal under contract's deadlines as Today's tasks: the inspection / option deadline (while the wholesaler can still
 * walk away) and the closing date, from a week overdue to two weeks ahead, soonest first.
 */
import type { DispoStatus } from "#db/enums.ts";

import { daysUntil } from "./contract.ts";

/** How far ahead a deadline shows in Today, and how long an overdue one stays. */
export const DEADLINE_AHEAD_DAYS = 14;
export const DEADLINE_OVERDUE_DAYS = 7;

export type DeadlineDeal = {
  dealId: string;
  address: string | null;
  dispoStatus: DispoStatus | null;
  inspectionDeadline: Date | null;
  closeDate: Date | null;
};

export type DealDeadline = { dealId: string; address: string; kind: "inspection" | "closing"; label: string; date: string; days: number };

const when = (days: number) =>
  days === 0 ? "today" : days > 0 ? `in ${days} ${days === 1 ? "day" : "days"}` : `${-days} ${days === -1 ? "day" : "days"} overdue`;

/** The deadlines of the deals read, within the window, soonest (most overdue) first. */
export function dealDeadlines(deals: readonly DeadlineDeal[], now: Date): DealDeadline[] {
  const tasks: DealDeadline[] = [];
  for (const deal of deals) {
    const address = deal.address ?? "A deal";
    const assigned = deal.dispoStatus === "assigned" || deal.dispoStatus === "fee_received";
    const add = (kind: DealDeadline["kind"], date: Date | null, what: string) => {
      if (date === null) return;
      const days = daysUntil(date, now);
      if (days < -DEADLINE_OVERDUE_DAYS || days > DEADLINE_AHEAD_DAYS) return;
      tasks.push({ dealId: deal.dealId, address, kind, label: `${what} ${when(days)}`, date: date.toISOString().slice(0, 10), days });
    };
    // Once the contract is assigned the inspection period no longer binds; a paid fee leaves nothing to do.
    if (!assigned) add("inspection", deal.inspectionDeadline, "Inspection / option deadline");
    if (deal.dispoStatus !== "fee_received") add("closing", deal.closeDate, "Closing");
  }
  return tasks.sort((a, b) => a.days - b.days || a.address.localeCompare(b.address));
}
