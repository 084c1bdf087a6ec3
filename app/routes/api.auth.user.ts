import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { apiJson, methodNotAllowed } from "~/services/api.server";
import { getCurrentUser, requireApiUser } from "~/services/auth.server";

/** GET /api/auth/user: the signed-in user with company, or 401. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireApiUser(request, context);
  return apiJson(await getCurrentUser(context, session.user));
}

export const action = () => methodNotAllowed(["GET"]);
