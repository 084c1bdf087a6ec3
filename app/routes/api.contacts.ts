import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { apiJson } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { listContacts } from "~/services/properties.server";

/** GET /api/contacts: the user's contacts (each with propertyId and name), as a bare array. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireApiUser(request, context);
  return apiJson(await listContacts(context.db, session.user.id));
}
