/**
 * The signed-in user's time zone (ADR 096), from what the session lookup already read: the zone stored in the user's
 * preferences, else the browser's (the cookie root.tsx's inline script sets from Intl), else UTC. No query of its own.
 */
import { TIME_ZONE_COOKIE, zoneOf } from "#app/domain/shared/time-zone.ts";
import { readCookie } from "#app/services/http/cookies.server.ts";

import type { SessionUser } from "./session.server.ts";

/** The browser's zone from its cookie (URI-encoded: "America%2FLos_Angeles"), or null. */
export function browserZone(request: Request): string | null {
  const raw = readCookie(request, TIME_ZONE_COOKIE);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export function userZone(request: Request, user: Pick<SessionUser, "preferences">): string {
  return zoneOf(user.preferences, browserZone(request));
}

/**
 * The zone a page can read for before the session lookup answers: the browser's (the cookie), else UTC. It is the
 * user's zone unless they stored another one in their preferences (then the page reads again, for theirs).
 */
export function guessedZone(request: Request): string {
  return zoneOf(null, browserZone(request));
}
