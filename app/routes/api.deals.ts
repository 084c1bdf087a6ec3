import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { CreateDealSchema } from "#app/domain/deals/deal-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { createDeal, listDeals } from "#app/services/deals/deals.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** GET /api/deals: the signed-in user's deals, newest first (a bare array). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "POST"]);
  const session = await requireApiUser(request, context);
  return apiJson(await listDeals(context, session.workspaceId));
}

/** POST /api/deals { propertyId, dealValue?, stage? }: a deal from one of the user's properties. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, CreateDealSchema);
  const outcome = await createDeal(context, session.workspaceId, input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : undefined);
  return apiJson({ success: true, message: "Deal created", deal: outcome.deal }, { status: 201 });
}
