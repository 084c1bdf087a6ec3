import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { TaskOutcomeSchema } from "#app/domain/today/tasks.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { workTask } from "#app/services/sequences/tasks.server.ts";

/** GET is not served: a task is read through GET /api/tasks/today. */
export function loader() {
  return methodNotAllowed(["POST"]);
}

/**
 * POST /api/tasks/{id} { outcome, phone? }: completes the task (a call's outcome, done), skips it or
 * snoozes it a day. A letter step is mailed (caps: 429/402), an email step emailed. A foreign or unknown id is a 404; a
 * task already worked — or being worked by a parallel request — a 409.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, TaskOutcomeSchema);
  const zone = userZone(request, session.user);
  const result = await workTask(context, {
    userId: session.workspaceId,
    activityId: params.id ?? "",
    input,
    zone,
    actorId: session.user.id,
  });
  if (!result.ok) return apiRefusal(result);
  return apiJson(
    redactFor(session.role, {
      success: true,
      outcome: result.outcome,
      next: result.next,
      trackingId: result.trackingId,
      note: result.note,
    }),
  );
}
