import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { acceptOffer } from "#app/services/dispo/assignment.server.ts";
import { apiJson, apiRefusal, methodNotAllowed } from "#app/services/http/api.server.ts";

/** Only POST is served. */
export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/deals/{id}/offers/{offerId}/accept → `{ success, document, fee }`: the deal assigned on that offer and its
 * Assignment of Contract in Documents. 409 when the deal is already assigned (a second click makes no second PDF) or
 * has no contract terms; 422 for an inquiry or an offer below the contract price; 404 for a foreign deal or offer.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const outcome = await acceptOffer(context, {
    userId: session.workspaceId,
    dealId: (params.id ?? "").slice(0, 64),
    offerId: (params.offerId ?? "").slice(0, 64),
    actorId: session.user.id,
  });
  if (!outcome.ok) return apiRefusal(outcome);
  return apiJson({ success: true, document: outcome.document, fee: outcome.fee });
}
