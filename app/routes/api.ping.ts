import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { allowMethods } from "#app/services/http/api.server.ts";

/** GET /api/ping: the cheapest answer the Worker gives (no bindings); the benchmarks' baseline and a liveness probe. */
export function loader({ request }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
