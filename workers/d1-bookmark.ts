import { isBookmark } from "#db/d1-session.ts";
import { readCookie } from "#app/services/http/cookies.server.ts";

/**
 * The D1 Session bookmark a browser carries between requests (docs/decisions/094-d1-sessions.md). It names a point
 * in the database's history, not a user, so it holds nothing secret; HttpOnly anyway, since no script needs it.
 */
export const BOOKMARK_COOKIE = "breeze_d1";

/** Replicas catch up within seconds; a day covers a tab left open, and an old bookmark only asks for older data. */
const BOOKMARK_MAX_AGE_SECONDS = 24 * 60 * 60;

export function readBookmark(request: Request): string | null {
  const value = readCookie(request, BOOKMARK_COOKIE);
  return isBookmark(value) ? value : null;
}

/** The cookie to send when this request moved the bookmark on, else nothing (most reads leave it where it was). */
export function bookmarkCookie(request: Request, reached: string | null): string | null {
  if (!isBookmark(reached) || reached === readBookmark(request)) return null;
  return `${BOOKMARK_COOKIE}=${reached}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}`;
}
