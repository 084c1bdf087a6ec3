/**
 * Accounts: registration, sign-in and out, password reset and change, the current user. Pages (form actions) and
 * the /api routes both call these; they return outcomes and never touch Response objects except the guards.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { and, eq, isNull } from "drizzle-orm";
import { companyProfiles, passwordResetTokens, users } from "../../db/schema";
import { AUTH_REQUIRED, INVALID_CREDENTIALS, INVALID_RESET } from "../domain/auth-messages";
import type { RegisterInput } from "../domain/auth-schemas";
import { toE164 } from "../domain/phone";
import { avatarInitials, displayName } from "../domain/user-display";
import { apiError } from "./api.server";
import { getDummyHash, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { clientIp } from "./request.server";
import {
  createSession,
  deleteSession,
  deleteUserSessions,
  generateToken,
  readSessionToken,
  sessionCookie,
  validateSession,
  type SessionUser,
  type ValidSession,
} from "./session.server";
import { clearHits, consume, consumeIf, ipKey, isThrottled, isThrottledIf, LIMITS, recordHit, recordHitIf } from "./throttle.server";

type Ctx = Pick<AppLoadContext, "db" | "config" | "providers" | "now">;
export type FieldErrors = Record<string, string[]>;

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const DUPLICATE_EMAIL = "An account with this email already exists";

// --- the current session --------------------------------------------------------------------------------------

const sessionsByRequest = new WeakMap<Request, Promise<ValidSession | null>>();

/** The request's valid session (looked up once per request), or null. */
export function getSession(request: Request, context: Ctx): Promise<ValidSession | null> {
  let pending = sessionsByRequest.get(request);
  if (!pending) {
    const token = readSessionToken(request);
    pending = token ? validateSession(context.db, token, context.now()) : Promise.resolve(null);
    sessionsByRequest.set(request, pending);
  }
  return pending;
}

export async function getUser(request: Request, context: Ctx): Promise<SessionUser | null> {
  return (await getSession(request, context))?.user ?? null;
}

/** For pages: the signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, context: Ctx): Promise<ValidSession> {
  const session = await getSession(request, context);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ next: `${url.pathname}${url.search}` })}`);
}

/** For /api routes: the signed-in user, or a 401 in the /api failure shape. */
export async function requireApiUser(request: Request, context: Ctx): Promise<ValidSession> {
  const session = await getSession(request, context);
  if (session) return session;
  throw apiError(401, AUTH_REQUIRED);
}

/** For auth pages: a signed-in visitor goes to /. */
export async function redirectIfSignedIn(request: Request, context: Ctx) {
  if (await getSession(request, context)) throw redirect("/");
}

type RequestMeta = { ip: string | null; userAgent?: string };
export function requestMeta(request: Request): RequestMeta {
  return { ip: clientIp(request), userAgent: request.headers.get("User-Agent") ?? undefined };
}

async function startSession(context: Ctx, userId: string, remember: boolean, meta: RequestMeta) {
  const now = context.now();
  const { token, expire } = await createSession(context.db, userId, { remember, now, ip: meta.ip ?? undefined, userAgent: meta.userAgent });
  return { cookie: sessionCookie(token, { remember, expire, now }) };
}

// --- the current-user answer ----------------------------------------------------------------------------------

export type CurrentUser = Awaited<ReturnType<typeof getCurrentUser>>;

/** The user plus company, as GET /api/auth/user and /api/auth/me answer; never the password hash. */
export async function getCurrentUser(context: Pick<Ctx, "db">, user: SessionUser) {
  const company = await context.db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id)).get();
  const name = displayName(user);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    fullName: user.fullName,
    displayName: name,
    initials: avatarInitials(name),
    mobileE164: user.mobileE164,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
    company: company
      ? {
          companyName: company.companyName,
          title: company.title,
          offerContactEmail: company.offerContactEmail,
          offerContactPhoneE164: company.offerContactPhoneE164,
          addressStreet1: company.addressStreet1,
          addressStreet2: company.addressStreet2,
          addressCity: company.addressCity,
          addressState: company.addressState,
          addressPostalCode: company.addressPostalCode,
          addressCountry: company.addressCountry,
          logoUrl: company.logoUrl,
        }
      : null,
  };
}

// --- registration ------------------------------------------------------------------------------------------------

type Created = { ok: true; userId: string; cookie: string } | { ok: false; status: number; message: string; errors?: FieldErrors };

async function emailTaken(context: Ctx, email: string) {
  return Boolean(await context.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get());
}

async function signupThrottled(context: Ctx, meta: RequestMeta) {
  return (await consumeIf(context.db, ipKey("signup", meta.ip), LIMITS.signupPerIp, context.now())).limited;
}

const TOO_MANY_SIGNUPS = "Too many accounts created from this network. Please try again later.";

/** The two-step registration (POST /api/auth/register, /register): user + company profile, then signed in. */
export async function register(context: Ctx, input: RegisterInput, meta: RequestMeta): Promise<Created> {
  if (await emailTaken(context, input.email)) {
    return { ok: false, status: 409, message: DUPLICATE_EMAIL, errors: { email: [DUPLICATE_EMAIL] } };
  }
  if (await signupThrottled(context, meta)) return { ok: false, status: 429, message: TOO_MANY_SIGNUPS };
  const userId = crypto.randomUUID();
  const c = input.company;
  const [first, ...rest] = input.full_name.split(/\s+/);
  try {
    // One atomic write: the user and the company profile exist together or not at all.
    await context.db.batch([
      context.db.insert(users).values({
        id: userId,
        email: input.email,
        fullName: input.full_name,
        firstName: first,
        lastName: rest.join(" ") || null,
        mobileE164: toE164(input.mobile),
        passwordHash: await hashPassword(input.password),
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
    // Two sign-ups racing for one email: the unique index decides.
    if (String((error as { cause?: unknown }).cause ?? error).includes("UNIQUE")) {
      return { ok: false, status: 409, message: DUPLICATE_EMAIL, errors: { email: [DUPLICATE_EMAIL] } };
    }
    throw error;
  }
  const { cookie } = await startSession(context, userId, false, meta);
  return { ok: true, userId, cookie };
}

/** The combined /auth page's sign-up (POST /api/signup): an account without a company yet; it signs in next. */
export async function signup(
  context: Ctx,
  input: { email: string; password: string; firstName: string; lastName: string },
  meta: RequestMeta,
): Promise<{ ok: true } | { ok: false; status: number; message: string; errors?: FieldErrors }> {
  if (await emailTaken(context, input.email)) {
    return { ok: false, status: 409, message: DUPLICATE_EMAIL, errors: { email: [DUPLICATE_EMAIL] } };
  }
  if (await signupThrottled(context, meta)) return { ok: false, status: 429, message: TOO_MANY_SIGNUPS };
  await context.db.insert(users).values({
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    fullName: `${input.firstName} ${input.lastName}`,
    passwordHash: await hashPassword(input.password),
  });
  return { ok: true };
}

// --- sign-in and out ------------------------------------------------------------------------------------------

type SignedIn = { ok: true; userId: string; cookie: string } | { ok: false; status: number; message: string };

export async function login(
  context: Ctx,
  input: { email: string; password: string; remember: boolean },
  meta: RequestMeta,
): Promise<SignedIn> {
  const now = context.now();
  const accountKey = `login-fail:account:${input.email}`;
  const byIpKey = ipKey("login-fail", meta.ip);
  const [byAccount, byIp] = await Promise.all([
    isThrottled(context.db, accountKey, LIMITS.loginFailPerAccount, now),
    isThrottledIf(context.db, byIpKey, LIMITS.loginFailPerIp, now),
  ]);
  if (byAccount.limited || byIp.limited) {
    const minutes = Math.max(1, Math.ceil(Math.max(byAccount.retryAfterSeconds, byIp.retryAfterSeconds) / 60));
    return { ok: false, status: 429, message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` };
  }

  const user = await context.db.select().from(users).where(eq(users.email, input.email)).get();
  // Verify against a real hash even for unknown emails, so both take the same time and answer the same message.
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !user.passwordHash || !valid) {
    await Promise.all([
      recordHit(context.db, accountKey, LIMITS.loginFailPerAccount, now),
      recordHitIf(context.db, byIpKey, LIMITS.loginFailPerIp, now),
    ]);
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  if (needsRehash(user.passwordHash)) {
    await context.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, user.id));
  }
  await clearHits(context.db, accountKey);
  const { cookie } = await startSession(context, user.id, input.remember, meta);
  return { ok: true, userId: user.id, cookie };
}

/** Signs in a user whose identity was proven elsewhere (single sign-on). */
export async function signInUser(context: Ctx, userId: string, meta: RequestMeta, remember = false) {
  return startSession(context, userId, remember, meta);
}

export async function logout(context: Ctx, request: Request) {
  const session = await getSession(request, context);
  if (session) await deleteSession(context.db, session.sid);
}

// --- password reset ---------------------------------------------------------------------------------------------

function hashResetToken(token: string) {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/**
 * Emails a reset link when the account exists; the caller answers the same either way. Earlier unused links are
 * invalidated. Throttled per account and per IP; a throttled request is dropped silently (same answer).
 */
export async function requestPasswordReset(context: Ctx, email: string, meta: RequestMeta): Promise<void> {
  const now = context.now();
  const [byAccount, byIp] = await Promise.all([
    consume(context.db, `forgot:account:${email}`, LIMITS.forgotPerAccount, now),
    consumeIf(context.db, ipKey("forgot", meta.ip), LIMITS.forgotPerIp, now),
  ]);
  if (byAccount.limited || byIp.limited) return;
  const user = await context.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email)).get();
  if (!user) return;

  const token = generateToken();
  await context.db.batch([
    context.db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt))),
    context.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
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
}


/** Sets the new password from a valid, unused, unexpired link; revokes every session and signs in anew. */
export async function resetPassword(
  context: Ctx,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<SignedIn> {
  const now = context.now();
  const row = await context.db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashResetToken(input.token)))
    .get();
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return { ok: false, status: 400, message: INVALID_RESET };

  // Mark used first and only if still unused, so two racing submissions cannot both succeed.
  const claimed = await context.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (claimed.length === 0) return { ok: false, status: 400, message: INVALID_RESET };

  await context.db.update(users).set({ passwordHash: await hashPassword(input.password) }).where(eq(users.id, row.userId));
  await deleteUserSessions(context.db, row.userId);
  const { cookie } = await startSession(context, row.userId, false, meta);
  return { ok: true, userId: row.userId, cookie };
}

// --- profile --------------------------------------------------------------------------------------------------------

export async function changePassword(
  context: Ctx,
  session: ValidSession,
  input: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<{ ok: true; cookie: string } | { ok: false; status: number; message: string; errors?: FieldErrors }> {
  const hash = session.user.passwordHash;
  if (!hash || !(await verifyPassword(input.currentPassword, hash))) {
    const message = "Current password is incorrect";
    return { ok: false, status: 400, message, errors: { currentPassword: [message] } };
  }
  await context.db.update(users).set({ passwordHash: await hashPassword(input.newPassword) }).where(eq(users.id, session.user.id));
  // Every session ends, this one included; the user continues in a fresh one.
  await deleteUserSessions(context.db, session.user.id);
  const { cookie } = await startSession(context, session.user.id, session.remember, meta);
  return { ok: true, cookie };
}

export async function updateUserInfo(
  context: Ctx,
  userId: string,
  input: { fullName: string; email: string; mobileE164: string },
): Promise<{ ok: true } | { ok: false; status: number; message: string; errors?: FieldErrors }> {
  const owner = await context.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
  if (owner && owner.id !== userId) return { ok: false, status: 409, message: DUPLICATE_EMAIL, errors: { email: [DUPLICATE_EMAIL] } };
  await context.db
    .update(users)
    .set({ fullName: input.fullName, email: input.email, mobileE164: toE164(input.mobileE164) })
    .where(eq(users.id, userId));
  return { ok: true };
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
export async function upsertCompany(context: Ctx, userId: string, input: CompanyInput) {
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
}
