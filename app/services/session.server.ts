import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";

import type { Db } from "@db/client";
import { companyProfiles, sessions, users } from "@db/schema";
import { readCookie } from "~/services/cookies.server";

/**
 * Server-side sessions (The Copenhagen Book): a 160-bit random token in an HttpOnly cookie; only its SHA-256 is
 * stored, so a database leak reveals no usable session. A new session at every sign-in (the browser's previous
 * one ends); sliding expiry, capped by an absolute lifetime counted from sign-in (ASVS 5.0 V7.3.1, V7.3.2).
 */
export const SESSION_COOKIE = "breeze_session";
/** "Remember me": 30 days, renewed while used. Otherwise the cookie ends with the browser and the server keeps 1 day. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;
/** However active, a session ends this long after its sign-in: 90 days with "Remember me", else 7 days. */
export const REMEMBER_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
export const BROWSER_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

export type CompanyProfile = typeof companyProfiles.$inferSelect;
/**
 * The signed-in user's row. From a session lookup it also carries the company profile (null: none yet), read in the
 * same query, so the pages' current-user answer costs no round trip of its own.
 */
export type SessionUser = typeof users.$inferSelect & { company?: CompanyProfile | null };
export type ValidSession = { sid: string; user: SessionUser; remember: boolean; expire: Date; renewed: boolean };

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function generateToken(): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

/**
 * A new session for `userId`. `replaces` is the token of the session this browser held, if any: it ends in the same
 * batch, so signing in while signed in never leaves the old session usable.
 */
export async function createSession(
  db: Db,
  userId: string,
  options: { remember: boolean; now: Date; ip?: string; userAgent?: string; replaces?: string | null },
): Promise<{ token: string; expire: Date }> {
  const token = generateToken();
  const expire = new Date(options.now.getTime() + (options.remember ? REMEMBER_MS : BROWSER_SESSION_MS));
  const insert = db.insert(sessions).values({
    sid: hashToken(token),
    userId,
    expire,
    createdAt: options.now,
    sess: { remember: options.remember, ip: options.ip, userAgent: options.userAgent?.slice(0, 200) },
  });
  if (options.replaces) await db.batch([db.delete(sessions).where(eq(sessions.sid, hashToken(options.replaces))), insert]);
  else await insert;
  return { token, expire };
}

/**
 * The session and its user (with the company profile) for a cookie token, or null: one query. Renews the expiry once
 * half of its sliding lifetime has passed, never beyond the absolute lifetime; a session past either limit is deleted.
 */
export async function validateSession(db: Db, token: string, now: Date): Promise<ValidSession | null> {
  const sid = hashToken(token);
  const row = await db
    .select({ session: sessions, user: users, company: companyProfiles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
    .where(eq(sessions.sid, sid))
    .get();
  if (!row) return null;
  const remember = row.session.sess.remember === true;
  const absoluteEnd = row.session.createdAt.getTime() + (remember ? REMEMBER_ABSOLUTE_MS : BROWSER_ABSOLUTE_MS);
  if (row.session.expire.getTime() <= now.getTime() || absoluteEnd <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.sid, sid));
    return null;
  }
  const lifetime = remember ? REMEMBER_MS : BROWSER_SESSION_MS;
  let expire = row.session.expire;
  let renewed = false;
  if (expire.getTime() - now.getTime() < lifetime / 2) {
    const renewedTo = Math.min(now.getTime() + lifetime, absoluteEnd);
    if (renewedTo > expire.getTime()) {
      expire = new Date(renewedTo);
      renewed = true;
      await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid));
    }
  }
  return { sid, user: { ...row.user, company: row.company }, remember, expire, renewed };
}

export async function deleteSession(db: Db, sid: string) {
  await db.delete(sessions).where(eq(sessions.sid, sid));
}

// --- the cookie ---------------------------------------------------------------------------------------------------

export function readSessionToken(request: Request): string | null {
  const value = readCookie(request, SESSION_COOKIE);
  return value !== null && /^[a-z2-7]{32}$/.test(value) ? value : null;
}

/** `Secure` always (browsers accept it on http://localhost and 127.0.0.1); `Max-Age` only with "Remember me". */
export function sessionCookie(token: string, options: { remember: boolean; expire: Date; now: Date }): string {
  const parts = [`${SESSION_COOKIE}=${token}`, "Path=/", "HttpOnly", "Secure", "SameSite=Lax"];
  if (options.remember) parts.push(`Max-Age=${Math.floor((options.expire.getTime() - options.now.getTime()) / 1000)}`);
  return parts.join("; ");
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** Adds cookies a service queued (a renewed session's) to any answer, keeping the route's own Set-Cookie headers. */
export function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  const copy = new Response(response.body, response);
  for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
  return copy;
}
