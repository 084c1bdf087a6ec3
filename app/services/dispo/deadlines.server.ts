/** The deals under contract whose inspection deadline or closing falls in Today's window: one statement for Today's batch. */
import { and, between, eq, isNotNull, or } from "drizzle-orm";

import { deals, properties } from "#db/schema.ts";
import { DEADLINE_AHEAD_DAYS, DEADLINE_OVERDUE_DAYS } from "#app/domain/dispo/deadlines.ts";
import { DAY_MS } from "#app/domain/sequences/plan.ts";
import type { UserRef } from "#app/services/accounts/session.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/** The most deals under contract Today lists deadlines of. */
const DEADLINE_DEALS = 20;

export function deadlineDealRows(context: ServiceContext<"db" | "now">, userId: UserRef) {
  const now = context.now();
  // One day of slack each side: the window is cut on calendar days by dealDeadlines.
  const from = new Date(now.getTime() - (DEADLINE_OVERDUE_DAYS + 1) * DAY_MS);
  const to = new Date(now.getTime() + (DEADLINE_AHEAD_DAYS + 1) * DAY_MS);
  return context.db
    .select({
      dealId: deals.id,
      address: properties.address,
      dispoStatus: deals.dispoStatus,
      inspectionDeadline: deals.inspectionDeadline,
      closeDate: deals.closeDate,
    })
    .from(deals)
    .leftJoin(properties, and(eq(properties.id, deals.propertyId), eq(properties.userId, deals.userId)))
    .where(
      and(
        eq(deals.userId, userId),
        eq(deals.stage, "closing"),
        isNotNull(deals.dispoStatus),
        or(between(deals.inspectionDeadline, from, to), between(deals.closeDate, from, to)),
      ),
    )
    .limit(DEADLINE_DEALS);
}
