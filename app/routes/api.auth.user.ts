import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getCurrentUser, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";

/** GET /api/auth/user: the signed-in user with company, or 401. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireApiUser(request, context);
  return apiJson(await getCurrentUser(context, session.user));
}

export const action = () => methodNotAllowed(["GET"]);
