import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiJson } from "#app/services/http/api.server.ts";
import { listContacts } from "#app/services/leads/properties.server.ts";

/** GET /api/contacts: the user's contacts (each with propertyId and name), as a bare array. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireApiUser(request, context);
  return apiJson(redactFor(session.role, await listContacts(context, session.workspaceId)));
}
