import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { BUYER_ALREADY_SAVED } from "#app/domain/chat/messages.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { BuyerLeadSchema, createBuyerLead, listBuyerLeads } from "#app/services/leads/buyer-leads.server.ts";

/** GET /api/buyer-leads: the user's saved buyers, newest first (a bare array). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "POST"]);
  const session = await requireApiUser(request, context);
  return apiJson(await listBuyerLeads(context, session.workspaceId));
}

/**
 * POST /api/buyer-leads: saves a buyer (buyerName, buyerType and market required) → 201 {success, buyerLead}; the
 * same buyer and market saved again → 200 {success, buyerLead (the saved one), message: "Already saved"}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, BuyerLeadSchema);
  const { created, buyerLead } = await createBuyerLead(context, session.workspaceId, input);
  if (!created) return apiJson({ success: true, buyerLead, message: BUYER_ALREADY_SAVED });
  return apiJson({ success: true, buyerLead }, { status: 201 });
}
