/**
 * Costs are kept in micro-cents (a millionth of a cent) as integers, so a token's fraction of a cent adds up exactly
 * and a SQL sum is exact; they are shown in dollars and cents.
 */
import { formatNumber } from "#app/domain/shared/format.ts";

export const MICROCENTS_PER_CENT = 1_000_000;

export function toMicrocents(cents: number): number {
  return Math.round(cents * MICROCENTS_PER_CENT);
}

export function microcentsToCents(microcents: number): number {
  return microcents / MICROCENTS_PER_CENT;
}

/** "$1.05", "$0.00", "$0.01" for anything above 0 and under a cent (a cost is never shown as free when it is not). */
export function formatCostCents(cents: number): string {
  const shown = cents > 0 && cents < 1 ? 1 : Math.round(cents);
  return `$${formatNumber(Math.floor(shown / 100))}.${String(shown % 100).padStart(2, "0")}`;
}
