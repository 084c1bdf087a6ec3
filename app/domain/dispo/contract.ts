/**
 * A deal under contract: the signed purchase contract's terms as the "Under Contract" form and the API take them
 * (strict money, real dates), the disposition status, and what the deal card says of them — the deadlines counting
 * down and the spread (what the end buyer pays less the contract price).
 */
import { z } from "zod";

import { DISPO_STATUS_LABELS, DISPO_STATUSES, type DispoStatus } from "#db/enums.ts";
import { moneySchema, nullableMoneySchema } from "#app/domain/shared/money-schema.ts";

const DAY_MS = 86_400_000;

/** YYYY-MM-DD that is a real calendar day. */
export function isRealDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealDay, `${label} is not a real date`);

export const ContractSchema = z
  .object({
    contractPrice: moneySchema("Contract price"),
    closeDate: day("Closing date"),
    inspectionDeadline: day("Inspection deadline"),
    earnestMoney: moneySchema("Earnest money", { min: 0 }),
    assignmentFeeAsked: moneySchema("Assignment fee asked", { min: 0 }),
    /** What the end buyer pays; blank until there is one. */
    buyerPrice: nullableMoneySchema("Buyer price"),
    dispoStatus: z.enum(DISPO_STATUSES, { error: `Status must be one of ${DISPO_STATUSES.join(", ")}` }).default("under_contract"),
  })
  .superRefine((contract, ctx) => {
    // Compared only when both are real days: an unreal one already has its own message.
    if (isRealDay(contract.inspectionDeadline) && isRealDay(contract.closeDate) && contract.inspectionDeadline > contract.closeDate)
      ctx.addIssue({ code: "custom", path: ["inspectionDeadline"], message: "Inspection deadline must be on or before the closing date" });
    if (
      typeof contract.earnestMoney === "number" &&
      typeof contract.contractPrice === "number" &&
      contract.earnestMoney > contract.contractPrice
    )
      ctx.addIssue({ code: "custom", path: ["earnestMoney"], message: "Earnest money cannot be more than the contract price" });
  });
export type ContractInput = z.infer<typeof ContractSchema>;

/** A stored day (an instant at noon UTC, as close dates are kept) from YYYY-MM-DD, and back. */
export const dayInstant = (text: string) => new Date(`${text}T12:00:00Z`);
export const dayText = (instant: Date | string | null) => (instant === null ? null : new Date(instant).toISOString().slice(0, 10));

/** Whole days from `now`'s day to `date`'s day (UTC calendar days): 0 today, negative past. */
export function daysUntil(date: Date | string, now: Date): number {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const target = new Date(date);
  return Math.round((Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), target.getUTCDate()) - start) / DAY_MS);
}

function countdown(what: string, date: Date | string, now: Date): string {
  const days = daysUntil(date, now);
  if (days === 0) return `${what} today`;
  if (days > 0) return `${what} in ${days} ${days === 1 ? "day" : "days"}`;
  return `${what} ${-days} ${days === -1 ? "day" : "days"} ago`;
}

export type ContractTerms = {
  contractPrice: number | null;
  closeDate: Date | string | null;
  inspectionDeadline: Date | string | null;
  buyerPrice: number | null;
};

/** The card's deadlines, soonest first: "Inspection ends in 3 days", "Closes in 21 days" (or "… 2 days ago"). */
export function contractCountdowns(terms: ContractTerms, now: Date): { label: string; days: number }[] {
  const lines: { label: string; days: number }[] = [];
  if (terms.inspectionDeadline !== null) {
    const days = daysUntil(terms.inspectionDeadline, now);
    lines.push({ label: countdown(days < 0 ? "Inspection ended" : "Inspection ends", terms.inspectionDeadline, now), days });
  }
  if (terms.closeDate !== null) {
    const days = daysUntil(terms.closeDate, now);
    lines.push({ label: countdown(days < 0 ? "Closed" : "Closes", terms.closeDate, now), days });
  }
  return lines.sort((a, b) => a.days - b.days);
}

/**
 * What a buyer is asked to pay for the contract: the contract price plus the assignment fee asked, else the deal's
 * value, else the lead's chosen offer (a deal with no contract terms yet).
 */
export function askingPriceOf(deal: {
  contractPrice: number | null;
  assignmentFeeAsked: number | null;
  dealValue: number | null;
  maxOffer: number | null;
}): number | null {
  if (deal.contractPrice !== null) return Math.round((deal.contractPrice + (deal.assignmentFeeAsked ?? 0)) * 100) / 100;
  return deal.dealValue ?? deal.maxOffer;
}

/** Buyer price − contract price, in cents-exact dollars; null until both are known. */
export function spreadOf(terms: Pick<ContractTerms, "contractPrice" | "buyerPrice">): number | null {
  if (terms.contractPrice === null || terms.buyerPrice === null) return null;
  return Math.round((terms.buyerPrice - terms.contractPrice) * 100) / 100;
}

/** What a deal card shows of a deal under contract: its status badge, the deadlines counting down, the spread. */
export type DispoCard = { status: DispoStatus; badge: string; countdowns: string[]; spread: number | null };

export function dispoCard(deal: ContractTerms & { dispoStatus: DispoStatus | null }, now: Date): DispoCard | null {
  if (deal.dispoStatus === null) return null;
  const done = deal.dispoStatus === "assigned" || deal.dispoStatus === "fee_received";
  return {
    status: deal.dispoStatus,
    badge: DISPO_STATUS_LABELS[deal.dispoStatus],
    // Once assigned, the inspection period no longer binds the wholesaler; the closing still counts down.
    countdowns: contractCountdowns(done ? { ...deal, inspectionDeadline: null } : deal, now).map((line) => line.label),
    spread: spreadOf(deal),
  };
}

/** The pipeline's disposition filter from `?dispo=`: a status, or null for every deal. */
export function dispoFilterOf(value: string | null | undefined): DispoStatus | null {
  return (DISPO_STATUSES as readonly string[]).includes(value ?? "") ? (value as DispoStatus) : null;
}
