import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";

import { PLACE_QUERY_MAX } from "#app/domain/leads/covered-places.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { coveredPlaces } from "#app/services/leads/covered-places.server.ts";

const PlaceQuerySchema = z.object({ q: z.string().max(PLACE_QUERY_MAX, `At most ${PLACE_QUERY_MAX} characters`).default("") });

/**
 * GET /api/places?q=pho → 200 {success, places: [{value, label}]}: the covered cities or ZIPs the wizard's location
 * field suggests as the user types. 400 for a query too long. Reads the market only; writes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  await requireApiUser(request, context);
  const query = PlaceQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return apiError(400, "Validation error", { q: query.error.issues.map((issue) => issue.message) });
  return apiJson({ success: true, places: await coveredPlaces(context, query.data.q) });
}

export const action = () => methodNotAllowed(["GET"]);
