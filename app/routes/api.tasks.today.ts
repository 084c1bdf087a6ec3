import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { readAsApiUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, withSessionReads } from "#app/services/accounts/session.server.ts";
import { userZone } from "#app/services/accounts/time-zone.server.ts";
import { allowMethods, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { readToday, todayTasks } from "#app/services/today/today.server.ts";

/**
 * The user's zone is not known until the session answers: the reads take the widest day, todayTasks cuts it. The
 * clock is read once, here, for both.
 */
const readTasks = declareSessionReads(async ({ context }, { userId, person, batch }) => {
  const now = context.now();
  // The member's own tasks: those of the leads assigned to them.
  return { now, reads: await readToday({ db: context.db, now: () => now }, userId, { batch, assignee: person }) };
});

/**
 * GET /api/tasks/today: the signed-in member's follow-ups (of the leads assigned to them) due today or overdue, ranked, as a bare array of
 * `{ id, leadId, propertyId, address, ownerName, activityType, dayNumber, scheduledFor, overdueDays, contacts }`
 * (plus `message` and `status`). Read in the session lookup's batch: one round trip.
 */
export const loader = withSessionReads(readTasks, async (args: LoaderFunctionArgs) => {
  allowMethods(args.request, ["GET"]);
  const {
    session,
    value: { now, reads },
  } = await readAsApiUser(args, readTasks);
  return apiJson(
    redactFor(session.role, todayTasks(reads, now, session.user.company?.companyName ?? null, userZone(args.request, session.user))),
  );
});

export function action() {
  return methodNotAllowed(["GET"]);
}
