import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { allowMethods } from "#app/services/http/api.server.ts";
import { isLocalRequest } from "#app/services/http/request.server.ts";
import { checkHealth, mayRunDeepChecks } from "#app/services/platform/health.server.ts";

/**
 * GET /api/health. With the health token (or locally): 200 when D1, R2 and the Durable Object all answer, else 503
 * with the failing check named. Without it: a liveness answer that touches no binding, so nobody can make the
 * Worker write to R2 or wake a Durable Object at will.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const headers = { "Cache-Control": "no-store" };
  if (!mayRunDeepChecks(request, context.config.HEALTH_TOKEN, isLocalRequest(request, context.config.APP_ORIGIN))) {
    return Response.json({ ok: true }, { headers });
  }
  const report = await checkHealth(context);
  return Response.json(report, { status: report.ok ? 200 : 503, headers });
}
