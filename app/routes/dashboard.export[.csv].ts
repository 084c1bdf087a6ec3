import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { dashboardCsv, dashboardPeriodOf } from "#app/domain/dashboard/figures.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { activityEntry } from "#app/services/activity/activity-log.server.ts";
import { loadDashboardFigures } from "#app/services/dashboard/dashboard-section.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";

/** GET /dashboard/export.csv?period=…: the dashboard's figures for the chosen period, as a CSV download. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireUser(request, context);
  const period = dashboardPeriodOf(new URL(request.url).searchParams.get("period"));
  const entry = activityEntry(context, {
    workspaceId: session.workspaceId,
    actorId: session.user.id,
    kind: "exported",
    detail: { export: "dashboard" },
  });
  const figures = await loadDashboardFigures(context, session.workspaceId, period, entry);
  const now = new Date(figures.now);
  return new Response(dashboardCsv(figures, now), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="breeze-dashboard-${period}-${figures.now.slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
