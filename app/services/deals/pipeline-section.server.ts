import { filterByPeriod, pipelineFigures, pipelinePeriodOf } from "#app/domain/deals/pipeline.ts";
import { dispoCard, dispoFilterOf } from "#app/domain/dispo/contract.ts";
import { listDeals, listLeadsWithoutDeal } from "#app/services/deals/deals.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";

/**
 * The pipeline board: the user's deals created within `?period=`, the header figures over them, and the leads a deal
 * can be made from. `?dispo=` shows only the deals under contract with that disposition status; each card of a deal
 * under contract carries its status, deadlines counting down and spread.
 */
export const load = (async (context, session, url) => {
  const period = pipelinePeriodOf(url.searchParams.get("period"));
  const dispo = dispoFilterOf(url.searchParams.get("dispo"));
  const now = context.now();
  const [all, leads] = await Promise.all([listDeals(context, session.workspaceId), listLeadsWithoutDeal(context, session.workspaceId)]);
  const inPeriod = filterByPeriod(all, period, now);
  const shown = dispo === null ? inPeriod : inPeriod.filter((deal) => deal.dispoStatus === dispo);
  const deals = shown.map((deal) => ({ ...deal, dispo: dispoCard(deal, now) }));
  return { period, dispo, deals, figures: pipelineFigures(inPeriod), totalDeals: all.length, leads };
}) satisfies SectionLoader<unknown>;
