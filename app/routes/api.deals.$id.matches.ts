import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { readAsApiUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, withSessionReads } from "#app/services/accounts/session.server.ts";
import { DEAL_NOT_FOUND } from "#app/services/deals/deals.server.ts";
import { matchDeal, readMatchDeal } from "#app/services/dispo/matches.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";

/** The deal and its property, read in the session lookup's batch. */
const readDeal = declareSessionReads(({ context, params }, { userId, batch }) =>
  readMatchDeal(context, { userId, dealId: (params.id ?? "").slice(0, 64), batch }),
);

/**
 * GET /api/deals/{id}/matches → `{ success, deal: { id, address, asking }, matches: [{ buyerId, purchaserId, name,
 * company, score, mayEmail, reasons }] }`: the user's buyers and the market's cash buyers near the property, best
 * first (at most 50), each reason in words; 404 for a foreign or unknown deal.
 */
export const loader = withSessionReads(readDeal, async (args: LoaderFunctionArgs) => {
  allowMethods(args.request, ["GET"]);
  const { session, value: deal } = await readAsApiUser(args, readDeal);
  if (!deal) return apiError(404, DEAL_NOT_FOUND);
  return apiJson({ success: true, ...(await matchDeal(args.context, { userId: session.workspaceId, deal })) });
});

/** Only GET is served. */
export const action = () => methodNotAllowed(["GET"]);
