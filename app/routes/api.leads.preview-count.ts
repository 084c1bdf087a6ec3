import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { PreviewCountSchema } from "#app/domain/leads/search.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { previewCount } from "#app/services/leads/search.server.ts";

/**
 * POST /api/leads/preview-count {location, sellerType, minBedrooms, maxPrice} (sellers: properties) or
 * {location, buyerType} (cash buyers: owners) → 200 {success, totalResults, location}. 400 with field messages for a
 * bad body; 502 "Preview Failed" with the provider's error. Writes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiUser(request, context);
  const input = await readBody(request, PreviewCountSchema);
  const outcome = await previewCount(context, input);
  if (!outcome.ok) return apiJson({ success: false, message: outcome.message, error: outcome.error }, { status: outcome.status });
  return apiJson({ success: true, totalResults: outcome.totalResults, location: outcome.location });
}

export const loader = () => methodNotAllowed(["POST"]);
