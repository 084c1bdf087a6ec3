import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { closeDateIssue, OfferInputSchema } from "#app/domain/dispo/offer-schema.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { DEAL_NOT_FOUND, getDeal } from "#app/services/deals/deals.server.ts";
import { listOffers, recordOffer } from "#app/services/dispo/deal-offers.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

const dealIdOf = (params: { id?: string }) => (params.id ?? "").slice(0, 64);

/** GET /api/deals/{id}/offers → `{ success, offers }`: the deal's inquiries and offers, highest first, each with its buyer's history. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const userId = session.workspaceId;
  const dealId = dealIdOf(params);
  if (!(await getDeal(context, userId, dealId))) return apiError(404, DEAL_NOT_FOUND);
  return apiJson({ success: true, offers: await listOffers(context, { userId, dealId }) });
}

/**
 * POST /api/deals/{id}/offers `{ name, email, phone?, amount?, earnestMoney?, closeDate?, proofOfFunds?, message? }` →
 * 201 `{ success, offerId }`: an offer the user took down (a call, an email); 400 with `errors`; 404 for a foreign deal.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const userId = session.workspaceId;
  const dealId = dealIdOf(params);
  if (!(await getDeal(context, userId, dealId))) return apiError(404, DEAL_NOT_FOUND);
  const input = await readBody(request, OfferInputSchema);
  const issue = closeDateIssue(input, context.now());
  if (issue) return apiError(400, `Validation error: ${issue}`, { closeDate: [issue] });
  const offerId = await recordOffer(context, { userId, dealId, input });
  return apiJson({ success: true, offerId }, { status: 201 });
}
