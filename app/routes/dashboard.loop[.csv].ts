import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { dispoCsv } from "#app/domain/dashboard/dispo-figures.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { activityEntry } from "#app/services/activity/activity-log.server.ts";
import { loadDispoFigures } from "#app/services/dashboard/dispo-figures.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";

/** GET /dashboard/loop.csv: the dashboard's marketing-cost and return table (every source and channel) as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireUser(request, context);
  // The member's entry lands in the batch of the figures' reads: written exactly when the export is read.
  const entry = activityEntry(context, {
    workspaceId: session.workspaceId,
    actorId: session.user.id,
    kind: "exported",
    detail: { export: "loop" },
  });
  const figures = await loadDispoFigures(context, session.workspaceId, entry);
  return new Response(dispoCsv(figures), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="breeze-marketing-return-${context.now().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
