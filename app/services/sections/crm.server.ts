import { crmFiguresFromCounts } from "~/domain/crm-figures";
import { statusFilterOf } from "~/domain/lead-labels";
import { countLeads, getLeadDetails, getStatusCounts, listLeadRows } from "~/services/properties.server";

import type { SectionLoader } from "./types";

/** Rows on the first screen; "Show more" raises it (keeps a 2,000-lead CRM fast to render). */
export const PAGE_SIZE = 100;
const MAX_LIMIT = 5000;

function limitOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : PAGE_SIZE;
}

/**
 * The CRM section (spec 01 §2): the user's leads filtered by `?status=` and `?q=` (address and city), newest first;
 * the figures over all the user's leads; `?add=1` opens Add Lead; `?lead=<id>` opens Work This Lead.
 */
export const load = (async (context, session, url) => {
  const userId = session.user.id;
  const params = url.searchParams;
  const filter = { status: statusFilterOf(params.get("status")), q: (params.get("q") ?? "").trim().slice(0, 200) };
  const limit = limitOf(params.get("limit"));
  const leadId = params.get("lead");
  // One wave of reads. "Showing N of M" needs M: the per-status counts give it, except under a search.
  const [leads, counts, searched, selected] = await Promise.all([
    listLeadRows(context.db, userId, filter, limit),
    getStatusCounts(context.db, userId),
    filter.q ? countLeads(context.db, userId, filter) : Promise.resolve(null),
    leadId ? getLeadDetails(context.db, userId, leadId) : Promise.resolve(null),
  ]);
  const figures = crmFiguresFromCounts(counts);
  const matching =
    searched ?? (filter.status === "all" ? figures.totalLeads : (counts.find((row) => row.status === filter.status)?.count ?? 0));
  return {
    filter,
    figures,
    leads,
    matching,
    limit,
    adding: params.get("add") === "1",
    selected,
    selectedMissing: Boolean(leadId) && !selected,
  };
}) satisfies SectionLoader<unknown>;
