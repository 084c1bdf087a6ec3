import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { readAsApiUser } from "#app/services/accounts/auth.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { allowMethods, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { readToday, todayTasks } from "#app/services/sequences/today.server.ts";

/**
 * GET /api/tasks/today (issue 38): the signed-in user's follow-ups due today or overdue, ranked, as a bare array of
 * `{ id, leadId, propertyId, address, ownerName, activityType, dayNumber, scheduledFor, overdueDays, contacts }`
 * (plus `message` and `status`). Read in the session lookup's batch: one round trip.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const now = context.now();
  // The user's zone is not known until the session answers: the reads take the widest day, todayTasks cuts it.
  const { session, value } = await readAsApiUser(request, context, ({ userId, batch }) => readToday(context.db, userId, now, { batch }));
  return apiJson(todayTasks(value, now, session.user.company?.companyName ?? null, userZone(request, session.user)));
}

export function action() {
  return methodNotAllowed(["GET"]);
}
