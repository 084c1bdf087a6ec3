/**
 * Registration: in one body (/api/auth/register), in two steps through a server-side draft (/register), and the
 * /auth page's sign-up; each signs in (or leaves sign-in to the page) and emails a verification link.
 */
import { eq } from "drizzle-orm";

import { companyProfiles, registrationDrafts, users } from "#db/schema.ts";
import type { RegisterInput } from "#app/domain/accounts/auth-schemas.ts";
import { toE164 } from "#app/domain/leads/phone.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { isUniqueViolation } from "#app/services/platform/db-errors.server.ts";
import { hitIf, ipKey, LIMITS } from "#app/services/platform/throttle.server.ts";
import { foundWorkspace } from "#app/services/workspaces/founding.server.ts";

import type { RequestMeta } from "./auth.server.ts";
import { inBackground } from "./background.server.ts";
import { sendVerificationEmail } from "./email-verification.server.ts";
import { duplicateEmail, type FieldErrors, type Refused } from "./outcomes.ts";
import { hashPassword } from "./password.server.ts";
import { generateToken, hashToken } from "./session.server.ts";
import { startSession } from "./sign-in.server.ts";

/** What these steps read: each new account is signed in and sent a verification link in the background. */
type Needs = "db" | "now" | "config" | "providers" | "cloudflare" | "sessionLookups";

export const DRAFT_TTL_MS = 30 * 60 * 1000;

type Created = { ok: true; userId: string; cookie: string } | { ok: false; status: number; message: string; errors?: FieldErrors };

const TOO_MANY_SIGNUPS = "Too many accounts created from this network. Please try again later.";

/**
 * Counted before anything is looked up, so probing which emails have accounts (the 409 answer) is throttled like
 * sign-in, and parallel sign-ups cannot all slip under the limit.
 */
async function signupRefused(context: ServiceContext<Needs>, meta: RequestMeta): Promise<Refused | null> {
  const state = await hitIf(context, ipKey("signup", meta.ip), LIMITS.signupPerIp);
  return state.limited ? { ok: false, status: 429, message: TOO_MANY_SIGNUPS } : null;
}

export async function emailTaken(context: ServiceContext<Needs>, email: string) {
  return Boolean(await context.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get());
}

type AccountFields = { full_name: string; email: string; mobile: string };

/** The user and the company profile in one atomic write, then signed in and sent a verification link. */
async function createAccount(
  context: ServiceContext<Needs>,
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
      ...foundWorkspace(context, { userId, name: c.company_name }),
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
export async function register(context: ServiceContext<Needs>, input: RegisterInput, meta: RequestMeta): Promise<Created> {
  const refused = await signupRefused(context, meta);
  if (refused) return refused;
  return createAccount(context, input, input.company, await hashPassword(input.password), meta);
}

/**
 * /register step 1 → step 2 without JavaScript or with it: step 1 is kept on the server as a draft, so the page
 * never echoes the password; step 2 carries only the draft's token. Throttled per IP (each draft costs a hash).
 */
export async function saveRegistrationDraft(
  context: ServiceContext<Needs>,
  input: AccountFields & { password: string },
  meta: RequestMeta,
  previousToken?: string,
): Promise<{ ok: true; token: string } | Refused> {
  const state = await hitIf(context, ipKey("register-step", meta.ip), LIMITS.signupPerIp);
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
  context: ServiceContext<Needs>,
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
  context: ServiceContext<Needs>,
  input: { email: string; password: string; firstName: string; lastName: string },
  meta: RequestMeta,
): Promise<{ ok: true } | Refused> {
  const refused = await signupRefused(context, meta);
  if (refused) return refused;
  if (await emailTaken(context, input.email)) return duplicateEmail();
  const userId = crypto.randomUUID();
  try {
    const fullName = `${input.firstName} ${input.lastName}`;
    await context.db.batch([
      context.db.insert(users).values({
        id: userId,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        fullName,
        passwordHash: await hashPassword(input.password),
      }),
      ...foundWorkspace(context, { userId, name: fullName }),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return duplicateEmail();
    throw error;
  }
  inBackground(context, "verification email", () => sendVerificationEmail(context, userId, input.email));
  return { ok: true };
}
