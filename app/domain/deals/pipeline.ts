/**
 * The deal pipeline's pure parts (the spec's "Deal Pipeline section", pipeline figures): stages and their labels,
 * the header figures, and the period filter (by deal creation date, in UTC so server and browser agree).
 */
import { DEAL_STAGES, type DealStage } from "#db/enums.ts";
import { formatNumber } from "#app/domain/shared/format.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";

/** Card badges: the Closing stage reads "Under Contract" (spec). */
export const STAGE_BADGES: Record<DealStage, string> = {
  lead_generation: "Lead Generation",
  analysis: "Analysis",
  negotiation: "Negotiation",
  closing: "Under Contract",
};

export function isStage(value: unknown): value is DealStage {
  return isOneOf(DEAL_STAGES, value);
}

export type PipelineDeal = { stage: DealStage; dealValue: number | null; closeDate: string | Date | null };

export type PipelineFigures = { totalPipeline: number; closedThisMonth: number; activeDeals: number; closeRate: number };

/**
 * the spec, exactly: Total Pipeline is the sum of deal values; Closed This Month is the sum of values of deals in
 * closing that have a close date (whatever month it is in — the spec's formula); Active Deals counts deals not in
 * closing; Close Rate is the share of deals in closing as a rounded percentage (0 without deals).
 */
export function pipelineFigures(deals: readonly PipelineDeal[]): PipelineFigures {
  let totalPipeline = 0;
  let closedThisMonth = 0;
  let closing = 0;
  for (const deal of deals) {
    totalPipeline += deal.dealValue ?? 0;
    if (deal.stage === "closing") {
      closing += 1;
      if (deal.closeDate) closedThisMonth += deal.dealValue ?? 0;
    }
  }
  return {
    totalPipeline: roundCents(totalPipeline),
    closedThisMonth: roundCents(closedThisMonth),
    activeDeals: deals.length - closing,
    closeRate: deals.length === 0 ? 0 : Math.round((closing / deals.length) * 100),
  };
}

function roundCents(value: number) {
  return Math.round(value * 100) / 100;
}

// ---------------------------------------------------------------------------------------------------------------
// Period filter

export const PIPELINE_PERIODS = [
  { value: "all", label: "All Deals" },
  { value: "this-month", label: "This Month" },
  { value: "last-30-days", label: "Last 30 Days" },
  { value: "this-quarter", label: "This Quarter" },
] as const;
export type PipelinePeriod = (typeof PIPELINE_PERIODS)[number]["value"];

export function pipelinePeriodOf(value: string | null | undefined): PipelinePeriod {
  return PIPELINE_PERIODS.find((period) => period.value === value)?.value ?? "all";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest creation instant a period keeps (null: everything). UTC calendar months and quarters. */
export function pipelinePeriodStart(period: PipelinePeriod, now: Date): Date | null {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  switch (period) {
    case "all":
      return null;
    case "this-month":
      return new Date(Date.UTC(year, month, 1));
    case "last-30-days":
      return new Date(now.getTime() - 30 * DAY_MS);
    case "this-quarter":
      return new Date(Date.UTC(year, month - (month % 3), 1));
  }
}

/** The deals created within the period (and not after now). */
export function filterByPeriod<T extends { createdAt: string | Date }>(deals: readonly T[], period: PipelinePeriod, now: Date): T[] {
  const start = pipelinePeriodStart(period, now);
  if (!start) return [...deals];
  return deals.filter((deal) => {
    const created = new Date(deal.createdAt).getTime();
    return created >= start.getTime() && created <= now.getTime();
  });
}

/** Groups deals into the four columns, keeping their order. */
export function groupByStage<T extends { stage: DealStage }>(deals: readonly T[]): Record<DealStage, T[]> {
  const columns: Record<DealStage, T[]> = { lead_generation: [], analysis: [], negotiation: [], closing: [] };
  for (const deal of deals) columns[deal.stage].push(deal);
  return columns;
}

/** The card's second line: "City, ST · 3 bd · 2 ba · 1,450 sqft", or "No property details". */
export function propertyDetails(
  property: {
    city: string | null;
    state: string | null;
    bedrooms: number | null;
    bathrooms: number | null;
    squareFeet: number | null;
  } | null,
): string {
  if (!property) return "No property details";
  const parts: string[] = [];
  const place = [property.city, property.state].filter(Boolean).join(", ");
  if (place) parts.push(place);
  if (property.bedrooms !== null) parts.push(`${property.bedrooms} bd`);
  if (property.bathrooms !== null) parts.push(`${property.bathrooms} ba`);
  if (property.squareFeet !== null) parts.push(`${formatNumber(property.squareFeet)} sqft`);
  return parts.length ? parts.join(" · ") : "No property details";
}
