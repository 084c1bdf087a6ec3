/** Password reset by emailed link: the request (answered the same whether the account exists) and the reset. */
import { and, eq, isNull } from "drizzle-orm";

import { passwordResetTokens, sessions, users } from "#db/schema.ts";
import { INVALID_RESET } from "#app/domain/accounts/auth-messages.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { hit, hitIf, ipKey, LIMITS, worst } from "#app/services/platform/throttle.server.ts";

import type { RequestMeta } from "./auth.server.ts";
import { inBackground } from "./background.server.ts";
import { hashPassword } from "./password.server.ts";
import { generateToken, hashToken } from "./session.server.ts";
import { startSession, type SignedIn } from "./sign-in.server.ts";

/** What these steps read: the link is emailed in the background; a reset signs in anew. */
type Needs = "db" | "now" | "config" | "providers" | "cloudflare" | "sessionLookups";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Every unused reset link of the user ends (a password or email change makes them stale). */
export const dropResetLinks = (context: ServiceContext<Needs>, userId: string) =>
  context.db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

/**
 * Emails a reset link when the account exists; the caller answers the same either way, at once: the lookup, the
 * link and the email happen after the answer (waitUntil), so an existing account does not answer slower. Earlier
 * unused links are invalidated. Throttled per account and per IP, counted first; a throttled request is dropped
 * silently (same answer).
 */
export async function requestPasswordReset(context: ServiceContext<Needs>, email: string, meta: RequestMeta): Promise<void> {
  const now = context.now();
  const state = worst(
    ...(await Promise.all([
      hit({ db: context.db, now: () => now }, `forgot:account:${email}`, LIMITS.forgotPerAccount),
      hitIf({ db: context.db, now: () => now }, ipKey("forgot", meta.ip), LIMITS.forgotPerIp),
    ])),
  );
  if (state.limited) return;
  inBackground(context, "password reset email", async () => {
    const user = await context.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).get();
    if (!user) return;
    const token = generateToken();
    await context.db.batch([
      dropResetLinks(context, user.id),
      context.db.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        createdAt: now,
        requesterIp: meta.ip ?? undefined,
        userAgent: meta.userAgent?.slice(0, 200),
      }),
    ]);
    const link = new URL(`/reset-password?token=${token}`, context.config.APP_ORIGIN).toString();
    await context.providers.email.send({
      to: user.email,
      subject: "Reset your Breeze password",
      text: `Someone asked to reset the password of your Breeze account.\n\nOpen this link to choose a new password. It expires in 60 minutes and works once:\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    });
  });
}

/**
 * Sets the new password from a valid, unused, unexpired link; revokes every session and signs in anew. The email
 * stays as verified or unverified as it was: only the verification link verifies it.
 */
export async function resetPassword(
  context: ServiceContext<Needs>,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<SignedIn> {
  const now = context.now();
  const row = await context.db
    .select({
      id: passwordResetTokens.id,
      userId: passwordResetTokens.userId,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(input.token)))
    .get();
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return { ok: false, status: 400, message: INVALID_RESET };

  // Mark used first and only if still unused, so two racing submissions cannot both succeed.
  const claimed = await context.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (claimed.length === 0) return { ok: false, status: 400, message: INVALID_RESET };

  const passwordHash = await hashPassword(input.password);
  await context.db.batch([
    context.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId)),
    dropResetLinks(context, row.userId),
    context.db.delete(sessions).where(eq(sessions.userId, row.userId)),
  ]);
  const { cookie } = await startSession(context, row.userId, false, { ...meta, sessionToken: null });
  return { ok: true, userId: row.userId, cookie };
}
