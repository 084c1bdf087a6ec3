import { listBuyerLeads } from "#app/services/leads/buyer-leads.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";

/** Saved buyer leads; `remove=<id>` asks for the confirmation step when there is no JavaScript. */
export const load = (async (context, session, url) => {
  const leads = await listBuyerLeads(context, session.workspaceId);
  const removing = url.searchParams.get("remove");
  return { leads, confirmRemoveId: leads.some((lead) => lead.id === removing) ? removing : null };
}) satisfies SectionLoader<unknown>;
