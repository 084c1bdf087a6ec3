import { crmFiguresFromCounts } from "#app/domain/leads/crm-figures.ts";
import { crmFilterOf, PAGE_SIZE } from "#app/domain/leads/crm-view.ts";
import { compsShown } from "#app/domain/valuation/view.ts";
import { runningAnalysis } from "#app/services/deals/analysis.server.ts";
import { readCrmPage } from "#app/services/leads/properties.server.ts";
import type { EarlySectionLoader } from "#app/services/shell/section-loaders.ts";
import { refreshCompsPreview } from "#app/services/valuation/provider-comps.server.ts";
import { memberOptionsOf, membersWithNames } from "#app/services/workspaces/roster.server.ts";

const MAX_LIMIT = 5000;

const subjectAddressOf = (property: { address: string; city: string | null; state: string | null; zipCode: string }) => ({
  street: property.address,
  city: property.city ?? "",
  state: property.state ?? "",
  zip: property.zipCode,
});

function limitOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : PAGE_SIZE;
}

/**
 * The CRM section: the user's leads filtered by `?status=` and `?q=` (address and city), newest first;
 * the figures over all the user's leads; `?add=1` opens Add Lead; `?lead=<id>` opens Work This Lead, and with
 * `&comps=1` its comps (Show/Hide Comps), read in the same batch — the session lookup's: the whole page is one round trip.
 */
export const load = (async (context, { userId, batch }, url) => {
  const params = url.searchParams;
  // The assignee filter (`?assignee=`): a member's id; empty filters nothing, and a non-member matches no lead.
  const { assignee, ...filter } = crmFilterOf(params);
  const limit = limitOf(params.get("limit"));
  const leadId = params.get("lead");
  // The workspace's members (the assignee column and select) join the same batch.
  const [{ leads, counts, matching, selected }, [rows]] = await Promise.all([
    readCrmPage(context, userId, { filter: { ...filter, assignee }, limit, leadId, withComps: compsShown(params) }, batch),
    batch([membersWithNames(context, userId)]),
  ]);
  const members = memberOptionsOf(rows);
  // The open lead's analysis run, from its Durable Object once the lead is known to be the user's (a DO call, no D1
  // round trip): a reload during a run rejoins it instead of showing "No analysis yet".
  const [running, compsRefresh] = selected
    ? await Promise.all([
        runningAnalysis(context, selected.ownerId, selected.property.id),
        // A vendor's paid re-search, priced before it is asked for (a kept-answer read, only where comps are bought).
        selected.comps === null ? null : refreshCompsPreview(context, subjectAddressOf(selected.property)),
      ])
    : [null, null];
  const figures = crmFiguresFromCounts(counts);
  return {
    filter,
    figures,
    leads,
    matching,
    limit,
    /** Who may be assigned a lead; one member alone (a single-person account) shows no assignee at all. */
    members,
    assignee,
    adding: params.get("add") === "1",
    /** With the open lead's analysis while it runs (`analysisRunning`, else null). */
    selected: selected
      ? {
          property: selected.property,
          contacts: selected.contacts,
          comps: selected.comps,
          pinnedComps: selected.pinnedComps,
          valuations: selected.valuations,
          dealRule: selected.dealRule,
          sequence: selected.sequence,
          notes: selected.notes,
          members,
          analysisRunning: running,
          /** "Refresh comps — about N records, $x.xx" where comps are bought from a vendor; else null. */
          compsRefresh,
        }
      : null,
    selectedMissing: Boolean(leadId) && !selected,
  };
}) satisfies EarlySectionLoader<unknown>;
