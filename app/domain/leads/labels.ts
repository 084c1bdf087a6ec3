/** Lead statuses and lead types as the CRM shows them (spec 01 §2 "CRM and Lead Management section"), and the status filter. */

import { PROPERTY_STATUS_LABELS, PROPERTY_STATUSES, type PropertyStatus } from "#db/enums.ts";

/** Every stored status value with its badge label (db/enums.ts); the workbench and dashboard add the last three. */
export const STATUS_LABELS = PROPERTY_STATUS_LABELS;
export type LeadStatus = PropertyStatus;
export const LEAD_STATUSES = PROPERTY_STATUSES;

/** The status filter's options in the spec's order; "all" is All Leads. */
export const STATUS_FILTERS = [
  { value: "all", label: "All Leads" },
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "qualified", label: "Qualified" },
  { value: "under_contract", label: "Under Contract" },
  { value: "closed", label: "Closed" },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && Object.hasOwn(STATUS_LABELS, value);
}

/** Any unknown status displays as New (spec 02 §4). */
export function statusLabel(status: string | null | undefined): string {
  return isLeadStatus(status) ? STATUS_LABELS[status] : STATUS_LABELS.new;
}

/** A `?status=` value as a filter: one of the five, else All Leads. */
export function statusFilterOf(value: string | null | undefined): StatusFilter {
  return STATUS_FILTERS.find((option) => option.value === value)?.value ?? "all";
}

/** Lead types are displayed with underscores replaced by spaces ("absentee_owner" → "absentee owner"). */
export function leadTypeLabel(leadType: string | null | undefined): string {
  return leadType ? leadType.replaceAll("_", " ") : "";
}
