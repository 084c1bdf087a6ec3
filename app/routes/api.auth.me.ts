import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getCurrentUser, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";

/** GET /api/auth/me: { user: { fullName, email, mobileE164 }, company: { … } | null }. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireApiUser(request, context);
  const current = await getCurrentUser(context, session.user);
  return apiJson({
    user: { fullName: current.fullName, email: current.email, mobileE164: current.mobileE164 },
    company: current.company,
  });
}

export const action = () => methodNotAllowed(["GET"]);
