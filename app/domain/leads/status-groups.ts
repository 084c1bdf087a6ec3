/**
 * One status vocabulary: every status a lead can reach belongs to exactly one of the CRM's five filters (New,
 * Contacted, Qualified, Under Contract, Closed), so no lead is findable only under All Leads. The grouping is by where
 * the seller is: valued or with a letter drafted but not yet heard from us is still New; a mailed offer is contact.
 * The CRM filter, the Pipeline's cards, the Dashboard, the property card and Documents all read it from here.
 */
import { PROPERTY_STATUS_LABELS, PROPERTY_STATUSES, type PropertyStatus } from "#db/enums.ts";

/** The CRM's status filters other than All Leads, in the spec's order. */
export const STATUS_GROUPS = ["new", "contacted", "qualified", "under_contract", "closed"] as const;
export type StatusGroup = (typeof STATUS_GROUPS)[number];

/** Which filter each stored status belongs to. */
const GROUP_OF: Record<PropertyStatus, StatusGroup> = {
  new: "new",
  analyzed: "new",
  offer_produced: "new",
  contacted: "contacted",
  offer_sent: "contacted",
  qualified: "qualified",
  under_contract: "under_contract",
  closed: "closed",
};

const isPropertyStatus = (status: unknown): status is PropertyStatus => typeof status === "string" && Object.hasOwn(GROUP_OF, status);

/** The filter a lead with `status` is found under; an unknown status, like its badge, counts as New. */
export function statusGroupOf(status: string | null | undefined): StatusGroup {
  return isPropertyStatus(status) ? GROUP_OF[status] : "new";
}

/** The stored statuses a filter matches (for the query's `in (…)`). */
export function statusesInGroup(group: StatusGroup): PropertyStatus[] {
  return PROPERTY_STATUSES.filter((status) => GROUP_OF[status] === group);
}

/** A group's label: the filter's own ("Under Contract"). */
export const STATUS_GROUP_LABELS: Record<StatusGroup, string> = {
  new: PROPERTY_STATUS_LABELS.new,
  contacted: PROPERTY_STATUS_LABELS.contacted,
  qualified: PROPERTY_STATUS_LABELS.qualified,
  under_contract: PROPERTY_STATUS_LABELS.under_contract,
  closed: PROPERTY_STATUS_LABELS.closed,
};

/** "Offer Sent · Contacted": a status with the filter it is found under, when they differ. */
export function statusWithGroup(status: string | null | undefined): string {
  const group = statusGroupOf(status);
  const label = isPropertyStatus(status) ? PROPERTY_STATUS_LABELS[status] : STATUS_GROUP_LABELS.new;
  return label === STATUS_GROUP_LABELS[group] ? label : `${label} · ${STATUS_GROUP_LABELS[group]}`;
}

/** The line the CRM shows under its filters: which stored statuses each filter also holds. */
export const STATUS_GROUPING_TEXT = (() => {
  const parts = STATUS_GROUPS.flatMap((group) => {
    const extra = statusesInGroup(group).filter((status) => status !== group);
    if (extra.length === 0) return [];
    const names = extra.map((status) => PROPERTY_STATUS_LABELS[status]);
    return [`${STATUS_GROUP_LABELS[group]} includes ${names.join(" and ")}`];
  });
  return `${parts.join("; ")}.`;
})();

/** True while the lead is not closed: the Dashboard's Active Leads. */
export const isActiveLead = (status: string | null | undefined) => statusGroupOf(status) !== "closed";
