import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { CashBuyerSearchSchema } from "#app/domain/leads/search.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { searchCashBuyers } from "#app/services/leads/cash-buyer-search.server.ts";

/**
 * POST /api/cash-buyers/search {location, buyerType, quickLists, minProperties: 3, skip?} → 200 {success, error,
 * buyers: [cash buyer search result items], skip, location, message}: 5 buyers per search. Without `skip`, the same
 * location, buyer type and quick lists as the user's last cash-buyer search move on by 5 and a changed search starts
 * at 0; a `skip` given is used as is. An empty page carries the spec's "No active cash buyers found in {location}. Try
 * expanding your search area." 400 with field messages for a bad body (nothing written); 502 "Cash Buyer Search
 * Failed" with the provider's error; 429/402 past the cash-buyer page caps (nothing moves). `unreadable` (only when
 * some): vendor records left out because they could not be read.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, CashBuyerSearchSchema);
  const outcome = await searchCashBuyers(context, session.workspaceId, input);
  if (!outcome.ok) {
    if (!("error" in outcome)) return apiRefusal(outcome);
    return apiJson({ success: false, message: outcome.message, error: outcome.error, buyers: [] }, { status: outcome.status });
  }
  const { buyers, skip, location, message, unreadable } = outcome;
  return apiJson({ success: true, error: null, buyers, skip, location, message, ...(unreadable ? { unreadable } : {}) });
}

export const loader = () => methodNotAllowed(["POST"]);
