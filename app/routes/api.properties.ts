import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiJson, methodNotAllowed, readBody } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { createProperty, listProperties, PropertyInputSchema } from "~/services/properties.server";

/** GET /api/properties: the user's properties (CRM leads), newest first, as a bare array. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireApiUser(request, context);
  return apiJson(await listProperties(context.db, session.user.id));
}

/**
 * POST /api/properties {the property fields} → 201 {success, id, property}. The same address, city and state twice
 * → 409 "Already in CRM" (spec 02 §5) with the existing id.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, PropertyInputSchema);
  const outcome = await createProperty(context.db, session.user.id, input);
  if (!outcome.ok) {
    return Response.json({ success: false, message: outcome.message, id: outcome.existingId }, { status: outcome.status, headers: { "Cache-Control": "no-store" } });
  }
  return apiJson({ success: true, id: outcome.property.id, property: outcome.property }, { status: 201 });
}

