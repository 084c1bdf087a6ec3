/** Sign-in with a password, and for an identity proven elsewhere (single sign-on); both start a fresh session. */
import { eq } from "drizzle-orm";

import { users } from "#db/schema.ts";
import { INVALID_CREDENTIALS } from "#app/domain/accounts/auth-messages.ts";
import { atOneInstant, type ServiceContext } from "#app/services/context.server.ts";
import {
  accountClientKey,
  clearHits,
  forgive,
  hit,
  hitIf,
  ipKey,
  LIMITS,
  retryMinutes,
  worst,
} from "#app/services/platform/throttle.server.ts";

import { forgetSessionLookups, type RequestMeta } from "./auth.server.ts";
import { getDummyHash, hashPassword, needsRehash, verifyPassword } from "./password.server.ts";
import { createSession, sessionCookie } from "./session.server.ts";

/** What these steps read: the database, the clock, and the request's session lookups (a new session makes them stale). */
type Needs = "db" | "now" | "sessionLookups";

/** Every sign-in starts a new session and ends the one this browser held (ASVS 5.0 V7.2.4). */
/** A new session for `userId`: in `workspaceId` when given (a password change keeps the one in use), else its opening one. */
export async function startSession(
  context: ServiceContext<Needs>,
  userId: string,
  remember: boolean,
  meta: RequestMeta & { workspaceId?: string },
) {
  const at = atOneInstant(context);
  const now = at.now();
  const { token, expire } = await createSession(at, userId, {
    remember,
    ip: meta.ip ?? undefined,
    userAgent: meta.userAgent,
    replaces: meta.sessionToken,
    timeZone: meta.timeZone,
    workspaceId: meta.workspaceId,
  });
  forgetSessionLookups(context);
  return { cookie: sessionCookie(token, { remember, expire, now }) };
}

export type SignedIn = { ok: true; userId: string; cookie: string } | { ok: false; status: number; message: string };

const tooManyFailures = (retry: string) => `Too many failed sign-in attempts. Please try again in ${retry}.`;

/**
 * Every attempt is counted before the password is checked (per account and client, and per client), so parallel
 * guesses cannot outrun the limit; a right password takes its attempt back and clears that client's failures.
 */
export async function login(
  context: ServiceContext<Needs>,
  input: { email: string; password: string; remember: boolean },
  meta: RequestMeta,
): Promise<SignedIn> {
  const now = context.now();
  const accountKey = accountClientKey("login-fail", input.email, meta.ip);
  const byIpKey = ipKey("login-fail", meta.ip);
  const state = worst(
    ...(await Promise.all([
      hit({ db: context.db, now: () => now }, accountKey, LIMITS.loginFailPerAccountClient),
      hitIf({ db: context.db, now: () => now }, byIpKey, LIMITS.loginFailPerIp),
    ])),
  );
  if (state.limited) return { ok: false, status: 429, message: tooManyFailures(retryMinutes(state)) };

  const user = await context.db.select().from(users).where(eq(users.email, input.email)).get();
  // Verify against a real hash even for unknown emails, so both take the same time and answer the same message.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !user.passwordHash || !valid) return { ok: false, status: 401, message: INVALID_CREDENTIALS };

  await Promise.all([
    needsRehash(user.passwordHash)
      ? hashPassword(input.password).then((passwordHash) => context.db.update(users).set({ passwordHash }).where(eq(users.id, user.id)))
      : null,
    clearHits(context, accountKey),
    forgive(context, byIpKey),
  ]);
  const { cookie } = await startSession(context, user.id, input.remember, meta);
  return { ok: true, userId: user.id, cookie };
}

/** Signs in a user whose identity was proven elsewhere (single sign-on). */
export async function signInUser(context: ServiceContext<Needs>, userId: string, meta: RequestMeta, remember = false) {
  return startSession(context, userId, remember, meta);
}
