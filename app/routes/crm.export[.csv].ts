import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { statusFilterOf } from "#app/domain/leads/labels.ts";
import { csvFilename, leadsToCsv } from "#app/domain/leads/leads-csv.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { activityEntry } from "#app/services/activity/activity-log.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";
import { listLeads } from "#app/services/leads/properties.server.ts";

/** GET /crm/export.csv?status=&q=: the leads the CRM shows for that filter, every CRM and owner column, as CSV. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const status = statusFilterOf(params.get("status"));
  const q = (params.get("q") ?? "").trim().slice(0, 200);
  const entry = activityEntry(context, {
    workspaceId: session.workspaceId,
    actorId: session.user.id,
    kind: "exported",
    detail: { export: "leads" },
  });
  const leads = await listLeads(context, session.workspaceId, { status, q }, entry);
  return new Response(leadsToCsv(leads), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFilename(status, context.now())}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
