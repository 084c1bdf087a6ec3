import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { apiError, apiJson, methodNotAllowed } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { deleteBuyerLead, REMOVED } from "~/services/buyer-leads.server";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE /api/buyer-leads/{id}: 404 for an id that is not the caller's. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const session = await requireApiUser(request, context);
  const removed = await deleteBuyerLead(context.db, session.user.id, params.id ?? "");
  return removed ? apiJson({ success: true, message: REMOVED }) : apiError(404, "Buyer lead not found");
}
