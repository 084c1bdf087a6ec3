import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { SellerSearchSchema } from "#app/domain/leads/search.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { searchSellerLeads } from "#app/services/leads/seller-search.server.ts";

/**
 * POST /api/properties/batch {count: 5, criteria: {location, sellerType, minBedrooms, maxPrice, minPrice, locations?}}
 * → 200 {success, properties: [lead queue items], requestId, location, exhausted, message, unreadable?}: up to `count` leads
 * this user has never received, continuing where the same search last stopped. `exhausted` (with `message`) when
 * the market has no more new matches. 400 with field messages for a bad body (nothing recorded); 502 when the
 * provider fails (recorded as a failed request); 429/402 past the lead or skip-trace caps (nothing recorded). `unreadable`: vendor records left out because they could not be read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, SellerSearchSchema);
  const outcome = await searchSellerLeads(context, session.workspaceId, input);
  if (!outcome.ok) {
    if (!("error" in outcome)) return apiRefusal(outcome);
    return apiJson({ success: false, message: outcome.message, error: outcome.error }, { status: outcome.status });
  }
  const { requestId, location, properties, exhausted, message, unreadable } = outcome;
  return apiJson({ success: true, properties, requestId, location, exhausted, message, ...(unreadable ? { unreadable } : {}) });
}

export const loader = () => methodNotAllowed(["POST"]);
