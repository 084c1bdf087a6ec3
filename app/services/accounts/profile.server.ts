/** Profile changes: the password, the user's name, phone and email, and the company profile. */
import { and, eq, isNull, ne, sql } from "drizzle-orm";

import { companyProfiles, emailVerificationTokens, sessions, users } from "#db/schema.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { isUniqueViolation } from "#app/services/platform/db-errors.server.ts";
import { forgive, hit, LIMITS, retryMinutes } from "#app/services/platform/throttle.server.ts";

import { forgetSessionLookups, type RequestMeta } from "./auth.server.ts";
import { inBackground } from "./background.server.ts";
import { sendVerificationEmail } from "./email-verification.server.ts";
import { duplicateEmail, type Refused } from "./outcomes.ts";
import { dropResetLinks } from "./password-reset.server.ts";
import { hashPassword, verifyPassword } from "./password.server.ts";
import { emailTaken } from "./registration.server.ts";
import { type SessionUser, type ValidSession } from "./session.server.ts";
import { startSession } from "./sign-in.server.ts";

/** What these steps read: an email change re-sends verification and notifies the old address in the background. */
type Needs = "db" | "now" | "config" | "providers" | "cloudflare" | "sessionLookups";

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const CURRENT_PASSWORD_FOR_EMAIL = "Enter your current password to change your email";

/**
 * Re-authentication for sensitive changes: the current password, counted per user before it is checked so
 * parallel guesses cannot outrun the limit (a stolen session cannot brute-force the password either).
 */
async function checkCurrentPassword(
  context: ServiceContext<Needs>,
  user: SessionUser,
  password: string | undefined,
): Promise<Refused | null> {
  if (!password)
    return { ok: false, status: 400, message: CURRENT_PASSWORD_FOR_EMAIL, errors: { currentPassword: [CURRENT_PASSWORD_FOR_EMAIL] } };
  const key = `reauth-fail:user:${user.id}`;
  const state = await hit(context, key, LIMITS.reauthFailPerUser);
  if (state.limited) return { ok: false, status: 429, message: `Too many wrong passwords. Please try again in ${retryMinutes(state)}.` };
  // The hash is read here only: the session lookup leaves it out (session.server.ts SESSION_USER_COLUMNS).
  const stored = await context.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).get();
  if (!stored?.passwordHash || !(await verifyPassword(password, stored.passwordHash))) {
    return { ok: false, status: 400, message: CURRENT_PASSWORD_INCORRECT, errors: { currentPassword: [CURRENT_PASSWORD_INCORRECT] } };
  }
  await forgive(context, key);
  return null;
}

export async function changePassword(
  context: ServiceContext<Needs>,
  session: ValidSession,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<{ ok: true; cookie: string } | Refused> {
  const refused = await checkCurrentPassword(context, session.user, input.currentPassword);
  if (refused) return refused;
  const passwordHash = await hashPassword(input.newPassword);
  // Every session ends, this one included, and every unused reset link; the user continues in a fresh session.
  await context.db.batch([
    context.db.update(users).set({ passwordHash, updatedAt: context.now() }).where(eq(users.id, session.user.id)),
    dropResetLinks(context, session.user.id),
    context.db.delete(sessions).where(eq(sessions.userId, session.user.id)),
  ]);
  const { cookie } = await startSession(context, session.user.id, session.remember, {
    ...meta,
    sessionToken: null,
    workspaceId: session.workspaceId,
  });
  return { ok: true, cookie };
}

/**
 * Name, phone and email. Changing the email needs the current password; the new address starts unverified and
 * gets a verification link, the old one is told of the change, and unused reset links end.
 */
export async function updateUserInfo(
  context: ServiceContext<Needs>,
  user: SessionUser,
  input: { fullName: string; email: string; mobileE164: string; currentPassword?: string; timeZone?: string },
): Promise<{ ok: true; emailChanged: boolean } | Refused> {
  const emailChanged = input.email !== user.email;
  const profile = {
    fullName: input.fullName,
    mobileE164: toE164(input.mobileE164),
    updatedAt: context.now(),
    ...(input.timeZone ? { preferences: sql`json_set(${users.preferences}, '$.timeZone', ${input.timeZone})` } : {}),
  };
  if (!emailChanged) {
    await context.db.update(users).set(profile).where(eq(users.id, user.id));
    forgetSessionLookups(context);
    return { ok: true, emailChanged };
  }
  const refused = await checkCurrentPassword(context, user, input.currentPassword);
  if (refused) return refused;
  if (await emailTaken(context, input.email)) return duplicateEmail();
  try {
    await context.db.batch([
      context.db
        .update(users)
        .set({ ...profile, email: input.email, emailVerified: false })
        .where(and(eq(users.id, user.id), ne(users.email, input.email))),
      dropResetLinks(context, user.id),
      context.db
        .delete(emailVerificationTokens)
        .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt))),
    ]);
  } catch (error) {
    // Two accounts racing for one address: the unique index decides.
    if (isUniqueViolation(error)) return duplicateEmail();
    throw error;
  }
  forgetSessionLookups(context);
  inBackground(context, "email change notice", () =>
    context.providers.email.send({
      to: user.email,
      subject: "Your Breeze email address was changed",
      text: `The email address of your Breeze account was changed from ${user.email} to ${input.email}.\n\nIf you made this change, there is nothing to do. If you did not, reply to this email or contact ${context.config.SUPPORT_EMAIL} at once.`,
    }),
  );
  inBackground(context, "verification email", () => sendVerificationEmail(context, user.id, input.email));
  return { ok: true, emailChanged };
}

export type CompanyInput = {
  companyName: string;
  title?: string;
  offerContactEmail?: string;
  offerContactPhoneE164?: string;
  addressStreet1?: string;
  addressStreet2?: string;
  addressCity?: string;
  addressState?: string;
  addressPostalCode?: string;
  addressCountry?: string;
  logoUrl?: string;
};

/** Creates the company profile if the user has none yet (accounts made on /auth), else updates it. */
export async function upsertCompany(context: ServiceContext<Needs>, userId: string, input: CompanyInput) {
  const values = {
    companyName: input.companyName,
    title: input.title || null,
    offerContactEmail: input.offerContactEmail || null,
    offerContactPhoneE164: input.offerContactPhoneE164 ? toE164(input.offerContactPhoneE164) : null,
    addressStreet1: input.addressStreet1 || null,
    addressStreet2: input.addressStreet2 || null,
    addressCity: input.addressCity || null,
    addressState: input.addressState || null,
    addressPostalCode: input.addressPostalCode || null,
    addressCountry: input.addressCountry || "US",
    logoUrl: input.logoUrl || null,
  };
  await context.db
    .insert(companyProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: companyProfiles.userId, set: { ...values, updatedAt: context.now() } });
  // The session lookup carries the company: later reads in this request see the new one.
  forgetSessionLookups(context);
}
