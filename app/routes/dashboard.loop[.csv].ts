import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { dispoCsv } from "#app/domain/dashboard/dispo-figures.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { loadDispoFigures } from "#app/services/dashboard/dispo-figures.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";

/** GET /dashboard/loop.csv: the dashboard's marketing-cost and return table (every source and channel) as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireUser(request, context);
  const figures = await loadDispoFigures(context, session.workspaceId);
  return new Response(dispoCsv(figures), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="breeze-marketing-return-${context.now().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
