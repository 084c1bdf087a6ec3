import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { CalculateOfferSchema } from "#app/domain/offers/offer-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { calculateOffer } from "#app/services/offers/offers.server.ts";

/**
 * POST /api/properties/calculate-offer {propertyId, arv, address, city, state, repairs?, assignmentFee?} →
 * {success, arv, options: [{type, percentage, offer, rationale, maxOffer, aboveMaxOffer}] (Aggressive, Fair, Likely),
 * maxOfferRule: {arv, percentage, repairs, assignmentFee, maxOffer}, recommended (the highest tier at or below the max
 * offer, or null)}. ARV under $1 → 400 'ARV Required'; money not strictly a dollar amount → 400 naming the field;
 * another user's property → 404.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, CalculateOfferSchema);
  const outcome = await calculateOffer(context, session.workspaceId, input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const { arv, options, maxOfferRule, recommended } = outcome;
  return apiJson({ success: true, arv, options, maxOfferRule, recommended });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
