/**
 * Account changes: registration, email verification, sign-in, password reset and change, profile. Pages (form
 * actions) and the /api routes both call these; they return outcomes and never touch Response objects.
 */
import { and, eq, isNull, ne } from "drizzle-orm";

import { companyProfiles, emailVerificationTokens, passwordResetTokens, registrationDrafts, sessions, users } from "#db/schema.ts";
import { INVALID_CREDENTIALS, INVALID_RESET } from "#app/domain/accounts/auth-messages.ts";
import type { RegisterInput } from "#app/domain/accounts/auth-schemas.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { isUniqueViolation } from "#app/services/platform/db-errors.server.ts";
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
import { createSession, generateToken, hashToken, sessionCookie, type SessionUser, type ValidSession } from "./session.server.ts";

export type FieldErrors = Record<string, string[]>;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const DRAFT_TTL_MS = 30 * 60 * 1000;
const DUPLICATE_EMAIL = "An account with this email already exists";
const duplicateEmail = () => ({ ok: false as const, status: 409, message: DUPLICATE_EMAIL, errors: { email: [DUPLICATE_EMAIL] } });

/** Every sign-in starts a new session and ends the one this browser held (ASVS 5.0 V7.2.4). */
async function startSession(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  userId: string,
  remember: boolean,
  meta: RequestMeta,
) {
  const now = context.now();
  const { token, expire } = await createSession(context.db, userId, {
    remember,
    now,
    ip: meta.ip ?? undefined,
    userAgent: meta.userAgent,
    replaces: meta.sessionToken,
  });
  forgetSessionLookups(context);
  return { cookie: sessionCookie(token, { remember, expire, now }) };
}

/**
 * Work the answer need not wait for (emails): it runs after the response is sent, and a failure is logged, never
 * shown. Answering before the email is sent also keeps an existing account from answering slower than none.
 */
function inBackground(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  label: string,
  work: () => Promise<unknown>,
) {
  context.cloudflare.ctx.waitUntil(
    work().catch((error: unknown) => console.error(`${label} failed:`, error instanceof Error ? error.message : error)),
  );
}

// --- registration ------------------------------------------------------------------------------------------------

type Created = { ok: true; userId: string; cookie: string } | { ok: false; status: number; message: string; errors?: FieldErrors };
type Refused = { ok: false; status: number; message: string; errors?: FieldErrors };

const TOO_MANY_SIGNUPS = "Too many accounts created from this network. Please try again later.";

/**
 * Counted before anything is looked up, so probing which emails have accounts (the 409 answer) is throttled like
 * sign-in, and parallel sign-ups cannot all slip under the limit.
 */
async function signupRefused(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  meta: RequestMeta,
): Promise<Refused | null> {
  const state = await hitIf(context.db, ipKey("signup", meta.ip), LIMITS.signupPerIp, context.now());
  return state.limited ? { ok: false, status: 429, message: TOO_MANY_SIGNUPS } : null;
}

async function emailTaken(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  email: string,
) {
  return Boolean(await context.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get());
}

type AccountFields = { full_name: string; email: string; mobile: string };

/** The user and the company profile in one atomic write, then signed in and sent a verification link. */
async function createAccount(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  fields: AccountFields,
  company: RegisterInput["company"],
  passwordHash: string,
  meta: RequestMeta,
): Promise<Created> {
  if (await emailTaken(context, fields.email)) return duplicateEmail();
  const userId = crypto.randomUUID();
  const c = company;
  const [first, ...rest] = fields.full_name.split(/\s+/);
  try {
    await context.db.batch([
      context.db.insert(users).values({
        id: userId,
        email: fields.email,
        fullName: fields.full_name,
        firstName: first,
        lastName: rest.join(" ") || null,
        mobileE164: toE164(fields.mobile),
        passwordHash,
      }),
      context.db.insert(companyProfiles).values({
        userId,
        companyName: c.company_name,
        title: c.title || null,
        offerContactEmail: c.offer_contact_email,
        offerContactPhoneE164: toE164(c.offer_contact_phone),
        addressStreet1: c.address_street1 || null,
        addressStreet2: c.address_street2 || null,
        addressCity: c.address_city || null,
        addressState: c.address_state || null,
        addressPostalCode: c.address_postal_code || null,
        addressCountry: c.address_country,
        logoUrl: c.logo_url || null,
      }),
    ]);
  } catch (error) {
    // Two sign-ups racing for one email: the unique index decides, the loser is told the email is taken.
    if (isUniqueViolation(error)) return duplicateEmail();
    throw error;
  }
  inBackground(context, "verification email", () => sendVerificationEmail(context, userId, fields.email));
  const { cookie } = await startSession(context, userId, false, meta);
  return { ok: true, userId, cookie };
}

/** The two-step registration in one body (POST /api/auth/register): user + company profile, then signed in. */
export async function register(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<Created> {
  const refused = await signupRefused(context, meta);
  if (refused) return refused;
  return createAccount(context, input, input.company, await hashPassword(input.password), meta);
}

/**
 * /register step 1 → step 2 without JavaScript or with it: step 1 is kept on the server as a draft, so the page
 * never echoes the password; step 2 carries only the draft's token. Throttled per IP (each draft costs a hash).
 */
export async function saveRegistrationDraft(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  input: AccountFields & { password: string },
  meta: RequestMeta,
  previousToken?: string,
): Promise<{ ok: true; token: string } | Refused> {
  const state = await hitIf(context.db, ipKey("register-step", meta.ip), LIMITS.signupPerIp, context.now());
  if (state.limited) return { ok: false, status: 429, message: TOO_MANY_SIGNUPS };
  const token = generateToken();
  const now = context.now();
  const insert = context.db.insert(registrationDrafts).values({
    id: hashToken(token),
    fields: { full_name: input.full_name, email: input.email, mobile: input.mobile },
    passwordHash: await hashPassword(input.password),
    expiresAt: new Date(now.getTime() + DRAFT_TTL_MS),
    createdAt: now,
  });
  if (previousToken)
    await context.db.batch([context.db.delete(registrationDrafts).where(eq(registrationDrafts.id, hashToken(previousToken))), insert]);
  else await insert;
  return { ok: true, token };
}

export const DRAFT_EXPIRED = "Your registration step 1 has expired. Please fill in your info again.";

/** /register step 2: the draft's step 1 plus the company, as one account. */
export async function registerFromDraft(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  draftToken: string,
  company: RegisterInput["company"],
  meta: RequestMeta,
): Promise<Created> {
  const id = hashToken(draftToken);
  const draft = await context.db.select().from(registrationDrafts).where(eq(registrationDrafts.id, id)).get();
  if (!draft || draft.expiresAt.getTime() <= context.now().getTime()) {
    return { ok: false, status: 400, message: DRAFT_EXPIRED, errors: { full_name: [DRAFT_EXPIRED] } };
  }
  const refused = await signupRefused(context, meta);
  if (refused) return refused;
  const created = await createAccount(context, draft.fields, company, draft.passwordHash, meta);
  if (created.ok) await context.db.delete(registrationDrafts).where(eq(registrationDrafts.id, id));
  return created;
}

/** The combined /auth page's sign-up (POST /api/signup): an account without a company yet; it signs in next. */
export async function signup(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  input: { email: string; password: string; firstName: string; lastName: string },
  meta: RequestMeta,
): Promise<{ ok: true } | Refused> {
  const refused = await signupRefused(context, meta);
  if (refused) return refused;
  if (await emailTaken(context, input.email)) return duplicateEmail();
  const userId = crypto.randomUUID();
  try {
    await context.db.insert(users).values({
      id: userId,
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      fullName: `${input.firstName} ${input.lastName}`,
      passwordHash: await hashPassword(input.password),
    });
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateEmail();
    throw error;
  }
  inBackground(context, "verification email", () => sendVerificationEmail(context, userId, input.email));
  return { ok: true };
}

// --- email verification ---------------------------------------------------------------------------------------------

/**
 * Emails a link that verifies `email` for the user. Earlier unused links end, so only the newest works; the link
 * verifies only while the account still has that address (an email change resets verification).
 */
export async function sendVerificationEmail(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  userId: string,
  email: string,
) {
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
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
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
export async function resendVerification(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  user: SessionUser,
): Promise<{ ok: true } | Refused> {
  if (user.emailVerified) return { ok: false, status: 400, message: "Your email is already verified." };
  const state = await hit(context.db, `verify-email:user:${user.id}`, LIMITS.verificationEmailsPerUser, context.now());
  if (state.limited) return { ok: false, status: 429, message: TOO_MANY_VERIFICATION_EMAILS };
  inBackground(context, "verification email", () => sendVerificationEmail(context, user.id, user.email));
  return { ok: true };
}

// --- sign-in and out ------------------------------------------------------------------------------------------

type SignedIn = { ok: true; userId: string; cookie: string } | { ok: false; status: number; message: string };

const tooManyFailures = (retry: string) => `Too many failed sign-in attempts. Please try again in ${retry}.`;

/**
 * Every attempt is counted before the password is checked (per account and client, and per client), so parallel
 * guesses cannot outrun the limit; a right password takes its attempt back and clears that client's failures.
 */
export async function login(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  input: { email: string; password: string; remember: boolean },
  meta: RequestMeta,
): Promise<SignedIn> {
  const now = context.now();
  const accountKey = accountClientKey("login-fail", input.email, meta.ip);
  const byIpKey = ipKey("login-fail", meta.ip);
  const state = worst(
    ...(await Promise.all([
      hit(context.db, accountKey, LIMITS.loginFailPerAccountClient, now),
      hitIf(context.db, byIpKey, LIMITS.loginFailPerIp, now),
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
    clearHits(context.db, accountKey),
    forgive(context.db, byIpKey),
  ]);
  const { cookie } = await startSession(context, user.id, input.remember, meta);
  return { ok: true, userId: user.id, cookie };
}

/** Signs in a user whose identity was proven elsewhere (single sign-on). */
export async function signInUser(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  userId: string,
  meta: RequestMeta,
  remember = false,
) {
  return startSession(context, userId, remember, meta);
}

// --- password reset ---------------------------------------------------------------------------------------------

/** Every unused reset link of the user ends (a password or email change makes them stale). */
const dropResetLinks = (
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  userId: string,
) => context.db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

/**
 * Emails a reset link when the account exists; the caller answers the same either way, at once: the lookup, the
 * link and the email happen after the answer (waitUntil), so an existing account does not answer slower. Earlier
 * unused links are invalidated. Throttled per account and per IP, counted first; a throttled request is dropped
 * silently (same answer).
 */
export async function requestPasswordReset(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  const now = context.now();
  const state = worst(
    ...(await Promise.all([
      hit(context.db, `forgot:account:${email}`, LIMITS.forgotPerAccount, now),
      hitIf(context.db, ipKey("forgot", meta.ip), LIMITS.forgotPerIp, now),
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
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
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

// --- profile --------------------------------------------------------------------------------------------------------

export const CURRENT_PASSWORD_INCORRECT = "Current password is incorrect";
export const CURRENT_PASSWORD_FOR_EMAIL = "Enter your current password to change your email";

/**
 * Re-authentication for sensitive changes: the current password, counted per user before it is checked so
 * parallel guesses cannot outrun the limit (a stolen session cannot brute-force the password either).
 */
async function checkCurrentPassword(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  user: SessionUser,
  password: string | undefined,
): Promise<Refused | null> {
  if (!password)
    return { ok: false, status: 400, message: CURRENT_PASSWORD_FOR_EMAIL, errors: { currentPassword: [CURRENT_PASSWORD_FOR_EMAIL] } };
  const key = `reauth-fail:user:${user.id}`;
  const state = await hit(context.db, key, LIMITS.reauthFailPerUser, context.now());
  if (state.limited) return { ok: false, status: 429, message: `Too many wrong passwords. Please try again in ${retryMinutes(state)}.` };
  if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    return { ok: false, status: 400, message: CURRENT_PASSWORD_INCORRECT, errors: { currentPassword: [CURRENT_PASSWORD_INCORRECT] } };
  }
  await forgive(context.db, key);
  return null;
}

export async function changePassword(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
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
  const { cookie } = await startSession(context, session.user.id, session.remember, { ...meta, sessionToken: null });
  return { ok: true, cookie };
}

/**
 * Name, phone and email. Changing the email needs the current password; the new address starts unverified and
 * gets a verification link, the old one is told of the change, and unused reset links end.
 */
export async function updateUserInfo(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  user: SessionUser,
  input: { fullName: string; email: string; mobileE164: string; currentPassword?: string },
): Promise<{ ok: true; emailChanged: boolean } | Refused> {
  const emailChanged = input.email !== user.email;
  const profile = { fullName: input.fullName, mobileE164: toE164(input.mobileE164), updatedAt: context.now() };
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
export async function upsertCompany(
  context: ServiceContext<"db" | "config" | "providers" | "now" | "cloudflare" | "responseCookies" | "sessionLookups">,
  userId: string,
  input: CompanyInput,
) {
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
