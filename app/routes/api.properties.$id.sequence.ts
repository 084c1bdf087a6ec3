import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";

import { SEQUENCE_ACTIONS } from "#app/domain/sequences/steps.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { changeSequence, startSequence } from "#app/services/sequences/sequences.server.ts";

const SequenceActionSchema = z.object({
  action: z.enum(["start", ...SEQUENCE_ACTIONS], { error: "Action must be one of: start, pause, resume, stop" }),
});

export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/properties/{id}/sequence { action: start | pause | resume | stop }: starts the user's
 * "New seller lead" sequence (as edited on /sequences, else the default) on the lead (201), or pauses, resumes or
 * stops it. A foreign id is a 404.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const { action: wanted } = await readBody(request, SequenceActionSchema);
  const now = context.now();
  const propertyId = params.id ?? "";
  const result =
    wanted === "start"
      ? await startSequence({ db: context.db, now: () => now }, session.user.id, propertyId, undefined, userZone(request, session.user))
      : await changeSequence({ db: context.db, now: () => now }, session.user.id, propertyId, wanted);
  if (!result.ok) return apiError(result.status, result.message);
  return apiJson({ success: true, ...result, ok: undefined }, { status: wanted === "start" ? 201 : 200 });
}
