/** Email verification: the link sent after registration or an email change, its check, and the profile's resend. */
import { and, eq, isNull } from "drizzle-orm";

import { emailVerificationTokens, users } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { hit, LIMITS } from "#app/services/platform/throttle.server.ts";

import { forgetSessionLookups } from "./auth.server.ts";
import { inBackground } from "./background.server.ts";
import type { Refused } from "./outcomes.ts";
import { generateToken, hashToken, type SessionUser } from "./session.server.ts";

/** What these steps read: the link is built from the configured origin and sent by the email provider in the background. */
type Needs = "db" | "now" | "config" | "providers" | "cloudflare" | "sessionLookups";

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Emails a link that verifies `email` for the user. Earlier unused links end, so only the newest works; the link
 * verifies only while the account still has that address (an email change resets verification).
 */
export async function sendVerificationEmail(context: ServiceContext<Needs>, userId: string, email: string) {
  const token = generateToken();
  const now = context.now();
  await context.db.batch([
    context.db
      .delete(emailVerificationTokens)
      .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt))),
    context.db.insert(emailVerificationTokens).values({
      userId,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + VERIFY_TOKEN_TTL_MS),
      createdAt: now,
    }),
  ]);
  const link = new URL(`/verify-email?token=${token}`, context.config.APP_ORIGIN).toString();
  await context.providers.email.send({
    to: email,
    subject: "Verify your Breeze email address",
    text: `Please confirm that this is your email address for Breeze.\n\nOpen this link to verify it. It expires in 24 hours and works once:\n${link}\n\nIf you did not create a Breeze account or change your email, ignore this email.`,
  });
}

export const INVALID_VERIFICATION = "This verification link is invalid or has expired. Please request a new one from your profile.";
export const TOO_MANY_VERIFICATION_EMAILS = "Too many verification emails. Please try again later.";

/** Marks the email verified from a valid, unused, unexpired link for the account's current address. */
export async function verifyEmail(
  context: ServiceContext<Needs>,
  token: string,
): Promise<{ ok: true; userId: string } | { ok: false; message: string }> {
  const now = context.now();
  const row = await context.db
    .select()
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, hashToken(token)))
    .get();
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return { ok: false, message: INVALID_VERIFICATION };
  const [claimed] = await context.db.batch([
    context.db
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.id, row.id), isNull(emailVerificationTokens.usedAt)))
      .returning({ id: emailVerificationTokens.id }),
    // Only while the account still has the address the link was sent to.
    context.db
      .update(users)
      .set({ emailVerified: true, updatedAt: now })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email))),
  ]);
  if (claimed.length === 0) return { ok: false, message: INVALID_VERIFICATION };
  forgetSessionLookups(context);
  const user = await context.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
  return user?.email === row.email ? { ok: true, userId: row.userId } : { ok: false, message: INVALID_VERIFICATION };
}

/** "Resend verification email" from the profile, throttled per user. */
export async function resendVerification(context: ServiceContext<Needs>, user: SessionUser): Promise<{ ok: true } | Refused> {
  if (user.emailVerified) return { ok: false, status: 400, message: "Your email is already verified." };
  const state = await hit(context, `verify-email:user:${user.id}`, LIMITS.verificationEmailsPerUser);
  if (state.limited) return { ok: false, status: 429, message: TOO_MANY_VERIFICATION_EMAILS };
  inBackground(context, "verification email", () => sendVerificationEmail(context, user.id, user.email));
  return { ok: true };
}
