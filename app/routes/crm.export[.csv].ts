import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { crmFilterOf } from "#app/domain/leads/crm-view.ts";
import { csvFilename, leadsToCsv } from "#app/domain/leads/leads-csv.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { activityEntry } from "#app/services/activity/activity-log.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";
import { listLeads } from "#app/services/leads/properties.server.ts";

/**
 * GET /crm/export.csv?status=&q=&assignee=: the leads the CRM shows for that filter (its every page), every CRM and owner
 * column, as CSV.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireUser(request, context);
  const filter = crmFilterOf(new URL(request.url).searchParams);
  const entry = activityEntry(context, {
    workspaceId: session.workspaceId,
    actorId: session.user.id,
    kind: "exported",
    detail: { export: "leads" },
  });
  const leads = await listLeads(context, session.workspaceId, filter, entry);
  return new Response(leadsToCsv(leads), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFilename(filter.status, context.now())}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
