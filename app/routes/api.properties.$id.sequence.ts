import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";

import { SEQUENCE_ACTIONS } from "#app/domain/sequences/steps.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { changeSequence, startSequence } from "#app/services/sequences/sequences.server.ts";

const SequenceActionSchema = z.object({
  action: z.enum(["start", ...SEQUENCE_ACTIONS], { error: "Action must be one of: start, pause, resume, stop" }),
  confirm: z.boolean({ error: "confirm must be true or false" }).optional(),
});

export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/properties/{id}/sequence { action: start | pause | resume | stop }: starts the user's
 * "New seller lead" sequence (as edited on /sequences, else the default) on the lead (201), or pauses, resumes or
 * stops it. A foreign id is a 404. Starting on a chosen offer with warnings (above the max offer, …) answers 409
 * with the `warnings` and starts nothing until posted again with `confirm: true`.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const { action: wanted, confirm } = await readBody(request, SequenceActionSchema);
  const now = context.now();
  const propertyId = params.id ?? "";
  const userId = session.workspaceId;
  const result =
    wanted === "start"
      ? await startSequence({ db: context.db, now: () => now }, { userId, propertyId, zone: userZone(request, session.user), confirm })
      : await changeSequence({ db: context.db, now: () => now }, userId, propertyId, wanted);
  if (!result.ok && "warnings" in result)
    return apiJson({ success: false, message: result.message, warnings: result.warnings }, { status: 409 });
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson({ success: true, ...result, ok: undefined }, { status: wanted === "start" ? 201 : 200 });
}
