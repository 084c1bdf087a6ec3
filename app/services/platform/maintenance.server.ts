/**
 * The hourly sweep (the Worker's `scheduled` handler): rows that can no longer be used are deleted, so the account
 * tables stay small and nothing expired lingers; the activity log's entries go once past their retention. One D1 batch; every statement uses an index or a primary key.
 */
import { and, isNotNull, lt, or } from "drizzle-orm";

import { emailVerificationTokens, passwordResetTokens, rateLimits, registrationDrafts, sessions } from "#db/schema.ts";
import { BROWSER_ABSOLUTE_MS, REMEMBER_ABSOLUTE_MS } from "#app/services/accounts/session.server.ts";
import { pruneActivityStatement } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

import { LIMITS } from "./throttle.server.ts";

/** Used links are kept a day for support questions ("I clicked it yesterday"), then go. */
const USED_LINK_KEPT_MS = 24 * 60 * 60 * 1000;
const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowMs));

export async function sweepExpired(context: ServiceContext<"db" | "now">) {
  const { db } = context;
  const now = context.now();
  const usedBefore = new Date(now.getTime() - USED_LINK_KEPT_MS);
  const results = await db.batch([
    // Past the sliding expiry, or older than the longest absolute lifetime.
    db
      .delete(sessions)
      .where(
        or(lt(sessions.expire, now), lt(sessions.createdAt, new Date(now.getTime() - Math.max(REMEMBER_ABSOLUTE_MS, BROWSER_ABSOLUTE_MS)))),
      ),
    db
      .delete(passwordResetTokens)
      .where(
        or(lt(passwordResetTokens.expiresAt, now), and(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.usedAt, usedBefore))),
      ),
    db
      .delete(emailVerificationTokens)
      .where(
        or(
          lt(emailVerificationTokens.expiresAt, now),
          and(isNotNull(emailVerificationTokens.usedAt), lt(emailVerificationTokens.usedAt, usedBefore)),
        ),
      ),
    db.delete(registrationDrafts).where(lt(registrationDrafts.expiresAt, now)),
    // A throttle row whose window has passed counts nothing any more: the next hit starts a new window anyway.
    db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - LONGEST_WINDOW_MS))),
    // The activity log keeps 13 months.
    pruneActivityStatement({ db, now: () => now }),
  ]);
  return {
    sessions: results[0].meta.changes,
    resetLinks: results[1].meta.changes,
    verificationLinks: results[2].meta.changes,
    registrationDrafts: results[3].meta.changes,
    throttleRows: results[4].meta.changes,
    activityEntries: results[5].meta.changes,
  };
}
