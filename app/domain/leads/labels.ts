/** Lead statuses and lead types as the CRM shows them (the spec's "CRM and Lead Management section"), and the status filter. */

import { PROPERTY_STATUS_LABELS, PROPERTY_STATUSES, type PropertyStatus } from "#db/enums.ts";

/** A lead the user already has: the 409 of adding it again, and its mark in the chat and the workbench. */
export const ALREADY_IN_CRM = "Already in CRM";

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

/** Any unknown status displays as New. */
export function statusLabel(status: string | null | undefined): string {
  return isLeadStatus(status) ? STATUS_LABELS[status] : STATUS_LABELS.new;
}

/** A `?status=` value as a filter: one of the five, else All Leads. */
export function statusFilterOf(value: string | null | undefined): StatusFilter {
  return STATUS_FILTERS.find((option) => option.value === value)?.value ?? "all";
}

/** Compound words a type's name keeps hyphenated once its separators are spaces. */
const COMPOUNDS: readonly [RegExp, string][] = [
  [/\bout of state\b/g, "out-of-state"],
  [/\bcorporate owned\b/g, "corporate-owned"],
];

/** One type's words: "Out-Of-State-Absentee-Owner" → "out-of-state absentee owner", "high_equity" → "high equity". */
function typeWords(value: string): string {
  const words = value.trim().toLowerCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ");
  return COMPOUNDS.reduce((text, [pattern, compound]) => text.replace(pattern, compound), words);
}

/** "a", "a and b", "a, b and c". */
function joinList(items: string[]): string {
  return items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * A lead, seller or property type for display, as a sentence-case phrase: "absentee_owner" → "Absentee
 * owner", "Out-Of-State-Absentee-Owner" → "Out-of-state absentee owner"; a list as the vendors and saved leads write
 * it ("out-of-state-absentee-owner, high equity, tired-landlord") → "Out-of-state absentee owner, high equity and
 * tired landlord". Empty for none.
 */
export function leadTypeLabel(leadType: string | readonly string[] | null | undefined): string {
  const parts = (typeof leadType === "string" ? leadType.split(",") : (leadType ?? [])).map(typeWords).filter(Boolean);
  const text = joinList([...new Set(parts)]);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
