import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { AnalyzeDealSchema } from "#app/domain/deals/analysis-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { startDealAnalysis } from "#app/services/deals/analysis.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/**
 * POST /api/deals/analyze {propertyId} → {success, data: {propertyId, status, joined, progress, message}, message}:
 * starts the deal analysis of the user's property in its Durable Object, or joins the run in progress (nothing new is
 * started); the result comes through GET /api/deals/analyze/{propertyId}/stream. Another user's or an unknown property
 * → 404; a property that cannot be valued and has no ARV → 422 'Unable to start analysis: …'.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const { propertyId } = await readBody(request, AnalyzeDealSchema);
  const outcome = await startDealAnalysis(context, session.workspaceId, propertyId);
  if (!outcome.ok) return apiRefusal(outcome);
  const { state, joined } = outcome;
  const progress = state.status === "running" ? { progress: state.progress, message: state.message } : { progress: 100, message: "" };
  return apiJson({
    success: true,
    data: { propertyId, status: state.status, joined, ...progress },
    message: joined ? "Analysis already running" : "Analysis started",
  });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
