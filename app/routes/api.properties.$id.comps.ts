import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { listComps, runComps } from "#app/services/valuation/property-comps.server.ts";

/** GET /api/properties/{id}/comps → the comparables stored for the user's property (the spec's "Comparable"); 404 for a foreign id. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const outcome = await listComps(context, session.workspaceId, params.id ?? "");
  return outcome.ok ? apiJson(outcome.comps) : apiError(outcome.status, outcome.message);
}

/**
 * POST /api/properties/{id}/comps (no body) → 200 {success, comps, arv, range_low, range_high, confidence, method,
 * rationale, assumptions, offers, valuationDate}: a comps search as of today whose comps replace the stored ones.
 * 404 for a foreign id (nothing written); 422 'Comps Analysis Failed: …' when none are found (the old set stays).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const outcome = await runComps(context, session.workspaceId, params.id ?? "");
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const { ok: _ok, ...answer } = outcome;
  return apiJson({ success: true, ...answer });
}
