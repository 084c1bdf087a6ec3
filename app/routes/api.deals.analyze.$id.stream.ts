import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { streamDealAnalysis } from "#app/services/deals/analysis.server.ts";
import { allowMethods, apiRefusal } from "#app/services/http/api.server.ts";

/**
 * GET /api/deals/analyze/{propertyId}/stream → text/event-stream: `progress` {progress, message} … then `complete`
 * {success, data} or `error` {message}. A client that connects late or again gets the latest progress at once, then
 * the result. Another user's or an unknown property → 404 (JSON).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireApiUser(request, context);
  const outcome = await streamDealAnalysis(context, session.workspaceId, params.id ?? "");
  return outcome.ok ? outcome.response : apiRefusal(outcome);
}
