import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { BlastSchema, blastSummary } from "#app/domain/dispo/blast.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { blastDeal } from "#app/services/dispo/blast.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/**
 * POST /api/deals/{id}/blast `{ buyerIds, sendAgain?, blastKey? }` → `{ success, sent, skipped, message }`: emails the
 * deal to each chosen buyer who consents and has not unsubscribed, once per deal unless `sendAgain`; 404 for a foreign
 * deal or buyer, 422 without the sender's postal address, 429/402 past a cap, 502 when the provider refused them all.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, BlastSchema);
  const blasted = await blastDeal(context, {
    userId: session.workspaceId,
    dealId: (params.id ?? "").slice(0, 64),
    input,
    actorId: session.user.id,
  });
  if (!blasted.ok) return apiRefusal(blasted);
  const { sent, failed, skipped } = blasted;
  return apiJson({ success: true, sent, failed, skipped, message: blastSummary(sent, skipped) });
}

/** Only POST is served. */
export const loader = () => methodNotAllowed(["POST"]);
