/**
 * The CRM screen's pure helpers: its URLs (filters kept, so reload, back and links without JavaScript all work) and
 * the one-line facts of a property.
 */
import { formatNumber } from "#app/domain/shared/format.ts";

import { statusFilterOf, type StatusFilter } from "./labels.ts";

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

/** The list's filter as the CRM's URL carries it: a status, a search and an assignee (a member's id; "" is everyone). */
export type CrmFilter = { status: StatusFilter; q: string; assignee: string };

/**
 * The filter of a CRM URL: the section's and its export's, read alike so the CSV holds exactly the rows the list
 * shows. An unknown status is All Leads; an assignee who is not a member matches no lead.
 */
export function crmFilterOf(params: URLSearchParams): CrmFilter {
  return {
    status: statusFilterOf(params.get("status")),
    q: (params.get("q") ?? "").trim().slice(0, 200),
    assignee: (params.get("assignee") ?? "").trim().slice(0, 64),
  };
}

/** The CSV export of what the list shows (same status, search and assignee). */
export function exportHref({ status, q, assignee }: { status: StatusFilter; q: string; assignee?: string }) {
  const params = new URLSearchParams();
  if (status !== "all") params.set("status", status);
  if (q) params.set("q", q);
  if (assignee) params.set("assignee", assignee);
  const query = params.toString();
  return `/crm/export.csv${query ? `?${query}` : ""}`;
}

/** "3 beds · 2 baths · 1,540 sqft" as one text node (the CRM renders a hundred of these per page). */
export function propertyFacts(lead: { bedrooms: number | null; bathrooms: number | null; squareFeet: number | null }): string {
  return `${lead.bedrooms ?? "N/A"} beds · ${lead.bathrooms ?? "N/A"} baths · ${formatNumber(lead.squareFeet)} sqft`;
}
