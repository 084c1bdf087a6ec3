import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { FeeReceivedSchema } from "#app/domain/dispo/offer-schema.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { DEAL_NOT_FOUND, getDeal } from "#app/services/deals/deals.server.ts";
import { recordFeeReceived } from "#app/services/dispo/assignment.server.ts";
import { apiError, apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** Only POST is served. */
export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/deals/{id}/fee-received `{ amount }` → `{ success, profit }`: the assignment fee actually received,
 * recorded as the deal's profit (strict money); 409 before the deal is assigned; 404 for a foreign deal.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const userId = session.workspaceId;
  const dealId = (params.id ?? "").slice(0, 64);
  // A foreign deal is a 404 before the body is judged: nothing about it leaks through validation.
  if (!(await getDeal(context, userId, dealId))) return apiError(404, DEAL_NOT_FOUND);
  const { amount } = await readBody(request, FeeReceivedSchema);
  const outcome = await recordFeeReceived(context, { userId, dealId, amount, actorId: session.user.id });
  if (!outcome.ok) return apiRefusal(outcome);
  return apiJson({ success: true, profit: outcome.profit });
}
