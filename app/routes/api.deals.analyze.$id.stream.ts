import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { apiError } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { streamDealAnalysis } from "~/services/deal-analysis.server";

/**
 * GET /api/deals/analyze/{propertyId}/stream → text/event-stream: `progress` {progress, message} … then `complete`
 * {success, data} or `error` {message}. A client that connects late or again gets the latest progress at once, then
 * the result. Another user's or an unknown property → 404 (JSON).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const session = await requireApiUser(request, context);
  const outcome = await streamDealAnalysis(context, session.user.id, params.id ?? "");
  return outcome.ok ? outcome.response : apiError(outcome.status, outcome.message);
}
