import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiError, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { deleteBuyerLead, REMOVED } from "#app/services/leads/buyer-leads.server.ts";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/buyer-leads/{id}: 404 for an id that is not the caller's. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const session = await requireApiUser(request, context);
  const removed = await deleteBuyerLead(context, session.workspaceId, params.id ?? "");
  return removed ? apiJson({ success: true, message: REMOVED }) : apiError(404, "Buyer lead not found");
}
