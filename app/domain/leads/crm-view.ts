/**
 * The CRM screen's pure helpers: its URLs (filters kept, so reload, back and links without JavaScript all work) and
 * the one-line facts of a property.
 */
import { formatNumber } from "#app/domain/shared/format.ts";

import type { StatusFilter } from "./labels.ts";

/** The CRM list refreshes this often while visible. */
export const CRM_REFRESH_MS = 5000;

/**
 * Rows on the CRM's first screen; "Show more" adds as many again (docs/decisions/053-crm-rows-react-50.md: a phone lays out and
 * hydrates 50 rows in half the time of 100, which was most of the page's main-thread work).
 */
export const PAGE_SIZE = 50;

export type CrmParams = { status: StatusFilter; q: string; assignee?: string; limit?: number; add?: boolean; lead?: string };

/** The section's URL with its filters kept. */
export function crmHref({ status, q, assignee, limit, add, lead }: CrmParams, path = "/"): string {
  const params = new URLSearchParams({ section: "crm" });
  if (status !== "all") params.set("status", status);
  if (q) params.set("q", q);
  if (assignee) params.set("assignee", assignee);
  if (limit) params.set("limit", String(limit));
  if (add) params.set("add", "1");
  if (lead) params.set("lead", lead);
  return `${path}?${params}`;
}

/** The CSV export of what the list shows (same status and search). */
export function exportHref({ status, q }: { status: StatusFilter; q: string }) {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (q) params.set("q", q);
  const query = params.toString();
  return `/crm/export.csv${query ? `?${query}` : ""}`;
}

/** "3 beds · 2 baths · 1,540 sqft" as one text node (the CRM renders a hundred of these per page). */
export function propertyFacts(lead: { bedrooms: number | null; bathrooms: number | null; squareFeet: number | null }): string {
  return `${lead.bedrooms ?? "N/A"} beds · ${lead.bathrooms ?? "N/A"} baths · ${formatNumber(lead.squareFeet)} sqft`;
}
