import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { getProperty, PROPERTY_NOT_FOUND, PropertyPatchSchema } from "#app/services/leads/properties.server.ts";
import { updateProperty } from "#app/services/leads/property-writes.server.ts";

/** GET /api/properties/{id}: one of the user's properties; 404 for a foreign or unknown id. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "PATCH"]);
  const session = await requireApiUser(request, context);
  const property = await getProperty(context, session.workspaceId, params.id ?? "");
  return property ? apiJson(redactFor(session.role, property)) : apiError(404, PROPERTY_NOT_FOUND);
}

/** PATCH /api/properties/{id} {analysisArv | maxOffer | status | any editable field} → {success, property}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
  const session = await requireApiUser(request, context);
  const patch = await readBody(request, PropertyPatchSchema);
  const outcome = await updateProperty(context, session.workspaceId, params.id ?? "", patch);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, property: outcome.property });
}
