import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkHealth } from "~/services/health.server";

/** GET /api/health: 200 when D1, R2 and the Durable Object all answer, else 503 with the failing check named. */
export async function loader({ context }: LoaderFunctionArgs) {
  const report = await checkHealth(context);
  return Response.json(report, { status: report.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
