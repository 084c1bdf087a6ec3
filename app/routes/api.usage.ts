import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { readUsage } from "#app/services/usage/ledger.server.ts";

/**
 * GET /api/usage → {success, period: "YYYY-MM", items: [{kind, count, costCents}], limits: {<kind>: {perMinute,
 * perDay, perMonth}}, unitCostCents, spend: {usedCents, capCents}}: the signed-in user's metered usage this month.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireApiUser(request, context);
  return apiJson({ success: true, ...(await readUsage(context, session.workspaceId)) });
}

export const action = () => methodNotAllowed(["GET"]);
