import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { CompPinSchema } from "#app/domain/valuation/pinned-comps-form.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { chooseComp } from "#app/services/valuation/pinned-comps.server.ts";

/** Only POST (docs/decisions/091-comps-the-user-can-defend.md). */
export function loader({ request }: LoaderFunctionArgs) {
  allowMethods(request, ["POST"]);
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/properties/{id}/pinned-comps { action: pin | unpin | include, saleId } | { action: exclude, saleId, reason,
 * note? } | { action: add, address } → 200 { success, arv, range_low, range_high, confidence, confidenceLabel, comps, … }:
 * the choice stored and the property valued again with every choice applied. 404 for a foreign or unknown property
 * or comp (nothing written); 422 when no nearby sale matches the address or the property cannot be valued.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, CompPinSchema);
  const outcome = await chooseComp(context, session.user.id, params.id ?? "", input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const { ok: _ok, ...answer } = outcome;
  return apiJson({ success: true, ...answer });
}
