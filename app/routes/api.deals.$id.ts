import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { UpdateDealSchema } from "#app/domain/deals/deal-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { DEAL_NOT_FOUND, getDeal, updateDeal } from "#app/services/deals/deals.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** GET /api/deals/{id}: one of the user's deals; 404 for a foreign or unknown id. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "PATCH"]);
  const session = await requireApiUser(request, context);
  const deal = await getDeal(context, session.workspaceId, params.id ?? "");
  return deal ? apiJson(deal) : apiError(404, DEAL_NOT_FOUND);
}

/** PATCH /api/deals/{id} { stage?, dealValue?, closeDate?, notes? }. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const session = await requireApiUser(request, context);
  // An unknown id is a 404 before the body is judged: nothing about a foreign deal leaks through validation.
  if (!(await getDeal(context, session.workspaceId, params.id ?? ""))) return apiError(404, DEAL_NOT_FOUND);
  const input = await readBody(request, UpdateDealSchema);
  const outcome = await updateDeal(context, session.workspaceId, params.id ?? "", input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, message: "Deal updated", deal: outcome.deal });
}
