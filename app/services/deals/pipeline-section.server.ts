import { filterByPeriod, pipelineFigures, pipelinePeriodOf } from "#app/domain/deals/pipeline.ts";
import { listDeals, listLeadsWithoutDeal } from "#app/services/deals/deals.server.ts";
import type { SectionLoader } from "#app/services/shell/section-loaders.ts";

/** The pipeline board: the user's deals created within `?period=`, the header figures over them, and the leads a deal can be made from. */
export const load = (async (context, session, url) => {
  const period = pipelinePeriodOf(url.searchParams.get("period"));
  const [all, leads] = await Promise.all([listDeals(context, session.user.id), listLeadsWithoutDeal(context, session.user.id)]);
  const deals = filterByPeriod(all, period, context.now());
  return { period, deals, figures: pipelineFigures(deals), totalDeals: all.length, leads };
}) satisfies SectionLoader<unknown>;
