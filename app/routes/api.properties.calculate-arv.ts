import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { dealRuleOf, offerOptions } from "#app/domain/offers/deal-numbers.ts";
import { CalculateArvSchema } from "#app/domain/valuation/valuation-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { placeArvSubject, valueArv } from "#app/services/valuation/valuation.server.ts";

/**
 * POST /api/properties/calculate-arv {address, city, state, batchDataEstValue?, zipCode?, bedrooms?, bathrooms?,
 * squareFeet?, yearBuilt?, propertyType?} → 200 {arv, range_low, range_high (the 80 % range), confidence,
 * confidenceLabel, typicalErrorPct, method, rationale,
 * assumptions, offers, comps, valuationDate}: the subject valued from comparable sales as of today.
 * 400 with field messages; 422 {success: false, message} when the address cannot be placed or no comps are found.
 * The subject's place is looked up beside the session (market data, no user data), so this is 2 D1 round trips.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  let input;
  try {
    input = await readBody(request, CalculateArvSchema);
  } catch (error) {
    // Signed out answers 401 whatever the body, as every /api route does.
    await requireApiUser(request, context);
    throw error;
  }
  const placing = placeArvSubject(context, input);
  placing.catch(() => undefined);
  const session = await requireApiUser(request, context);
  const outcome = await valueArv(context, input, placing, { userId: session.workspaceId });
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const { ok: _ok, ...answer } = outcome;
  // The tiers with the user's own rule (default repairs and fee of this ARV: none were given).
  return apiJson({ ...answer, offers: offerOptions(answer.arv, {}, dealRuleOf(session.user.preferences)) });
}

export const loader = () => methodNotAllowed(["POST"]);
