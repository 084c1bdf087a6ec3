/**
 * The request's identity: the session lookup (once per request), the guards pages and /api routes call, the
 * current-user answer and sign-out. Account changes live beside it: registration, email-verification, sign-in,
 * password-reset and profile (each a .server.ts).
 */
import { redirect } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";

import { companyProfiles, users } from "#db/schema.ts";
import { AUTH_REQUIRED } from "#app/domain/accounts/auth-messages.ts";
import { avatarInitials, displayName } from "#app/domain/accounts/user-display.ts";
import { isTimeZone } from "#app/domain/shared/time-zone.ts";
import { areaOfUrl, mayWork, refusalFor } from "#app/domain/workspaces/roles.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { apiError } from "#app/services/http/api.server.ts";
import { clientIp } from "#app/services/http/request.server.ts";

import {
  deleteSession,
  lookupSession,
  readBesideSession,
  readSessionToken,
  sessionCookie,
  type BesideSession,
  type SessionLookup,
  type SessionReadsArgs,
  type SessionReadsDeclaration,
  type SessionUser,
  type ValidSession,
} from "./session.server.ts";
import { browserZone } from "./time-zone.server.ts";

/** What the request guards need: reading the session may renew it and queue its cookie. */
type SessionNeeds = "db" | "now" | "responseCookies" | "sessionLookups";

// --- the current session --------------------------------------------------------------------------------------

/**
 * The request's valid session, or null: one lookup per request and token, shared by every loader of the request
 * (the load context is made per request; Remix hands each loader its own copy of the Request). A renewed "Remember
 * me" session re-sends its cookie with the new Max-Age: the Worker entry adds `context.responseCookies` to whatever
 * the route answers.
 */
export function getSession(request: Request, context: ServiceContext<SessionNeeds>): Promise<ValidSession | null> {
  return sessionLookup(request, context)?.session ?? Promise.resolve(null);
}

/**
 * The request's lookup of the session its cookie names, sent, or null without one. A page that reads the signed-in
 * user's data before the session answered declares those reads (`SessionReadsDeclaration`) so they join the lookup's
 * batch; see `readDeclared`.
 */
export function sessionLookup(request: Request, context: ServiceContext<SessionNeeds>): SessionLookup | null {
  const lookup = openLookup(request, context);
  lookup?.send();
  return lookup;
}

/** The request's lookup, made on the first call; the caller sends it (`send`) once its own reads have joined. */
function openLookup(request: Request, context: ServiceContext<SessionNeeds>): SessionLookup | null {
  const token = readSessionToken(request);
  if (!token) return null;
  let lookup = context.sessionLookups.get(token);
  if (!lookup) {
    const now = context.now();
    const started = lookupSession({ db: context.db, now: () => now }, token);
    lookup = {
      ...started,
      session: started.session.then((session) => {
        if (session?.renewed && session.remember) {
          const cookie = sessionCookie(token, { remember: true, expire: session.expire, now });
          if (!context.responseCookies.includes(cookie)) context.responseCookies.push(cookie);
        }
        return session;
      }),
    };
    context.sessionLookups.set(token, lookup);
  }
  return lookup;
}

/** A route's declaration and the loader arguments it is called with. */
export type DeclaredReads = { declaration: SessionReadsDeclaration<unknown>; args: SessionReadsArgs };

/**
 * The Worker entry's half (workers/session-reads.ts): before any loader runs, starts the reads the request's routes
 * declared beside the session lookup, then sends the lookup: the session and all of them in one D1 batch. Nothing to
 * do without a session cookie or a declaration.
 */
export function startSessionReads(request: Request, context: ServiceContext<SessionNeeds>, declared: DeclaredReads[]) {
  if (declared.length === 0) return;
  const lookup = openLookup(request, context);
  if (!lookup) return;
  for (const { declaration, args } of declared) startDeclared(lookup, args, declaration);
  lookup.send();
}

/**
 * The loader's half: what `declaration` read beside the session, with the session; null without a valid one. The Worker
 * entry started it with the lookup; a request it did not start it for (a loader called after an action, or by a test)
 * starts it now, in the lookup's batch if that was not sent. Never waits for another loader.
 */
export async function readDeclared<T>(args: SessionReadsArgs, declaration: SessionReadsDeclaration<T>): BesideSession<T> {
  const lookup = openLookup(args.request, args.context);
  if (!lookup) return null;
  const outcome = startDeclared(lookup, args, declaration);
  lookup.send();
  const loaded = await outcome;
  if (loaded) authorize(args.request, loaded.session);
  return loaded;
}

/**
 * The role check every guarded request passes (app/domain/workspaces/roles.ts): a member whose role does not cover
 * the request's area gets a 403 that says so in words, in the /api failure shape on /api paths. Owners pass everywhere.
 */
export function authorize(request: Request, session: ValidSession) {
  const url = new URL(request.url);
  const area = areaOfUrl(request.method, url);
  if (mayWork(session.role, area)) return;
  const message = refusalFor(session.role, area);
  if (url.pathname.startsWith("/api/")) throw apiError(403, message);
  throw new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

function startDeclared<T>(lookup: SessionLookup, args: SessionReadsArgs, declaration: SessionReadsDeclaration<T>): BesideSession<T> {
  // Keyed by the declaration itself, so what it answers keeps the type it declared.
  const known = lookup.declared.get(declaration) as BesideSession<T> | undefined;
  if (known) return known;
  const outcome = readBesideSession(lookup, (reads) => declaration(args, reads));
  // A route whose loader does not run after all (a redirect elsewhere) leaves no unhandled rejection behind.
  outcome.catch(() => undefined);
  lookup.declared.set(declaration, outcome);
  return outcome;
}

/** After a change to a session or its user (sign-in, sign-out, password, profile), later lookups of the request read again. */
export function forgetSessionLookups(context: ServiceContext<"sessionLookups">) {
  context.sessionLookups.clear();
}

export async function getUser(request: Request, context: ServiceContext<SessionNeeds>): Promise<SessionUser | null> {
  return (await getSession(request, context))?.user ?? null;
}

/** For pages: the signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, context: ServiceContext<SessionNeeds>): Promise<ValidSession> {
  const session = await getSession(request, context);
  if (session) {
    authorize(request, session);
    return session;
  }
  const url = new URL(request.url);
  throw redirect(`/login?${new URLSearchParams({ next: `${url.pathname}${url.search}` })}`);
}

/** For /api routes: the signed-in user, or a 401 in the /api failure shape. */
export async function requireApiUser(request: Request, context: ServiceContext<SessionNeeds>): Promise<ValidSession> {
  const session = await getSession(request, context);
  if (session) {
    authorize(request, session);
    return session;
  }
  throw apiError(401, AUTH_REQUIRED);
}

/**
 * For /api routes that read only the signed-in user's data: the route's declared reads (`readDeclared`: in the session
 * lookup's batch, one round trip for both), and what they read — or the error they threw, a 400 included — counts only
 * for a valid session; without one, a 401 in the /api failure shape.
 */
export async function readAsApiUser<T>(
  args: SessionReadsArgs,
  declaration: SessionReadsDeclaration<T>,
): Promise<{ session: ValidSession; value: T }> {
  const loaded = await readDeclared(args, declaration);
  if (loaded) return loaded;
  throw apiError(401, AUTH_REQUIRED);
}

/** For pages: `readAsApiUser`'s one round trip, and without a valid session the redirect to /login of `requireUser`. */
export async function readAsUser<T>(
  args: SessionReadsArgs,
  declaration: SessionReadsDeclaration<T>,
): Promise<{ session: ValidSession; value: T }> {
  const loaded = await readDeclared(args, declaration);
  if (loaded) return loaded;
  await requireUser(args.request, args.context);
  throw new Error("requireUser answers a session or throws");
}

/** For auth pages: a signed-in visitor goes to /. */
export async function redirectIfSignedIn(request: Request, context: ServiceContext<SessionNeeds>) {
  if (await getSession(request, context)) throw redirect("/");
}

/** Who is asking: the client IP (throttling), user agent, and the session this browser already holds, if any. */
export type RequestMeta = { ip: string | null; userAgent?: string; sessionToken?: string | null; timeZone?: string | null };
export function requestMeta(request: Request): RequestMeta {
  const zone = browserZone(request);
  return {
    ip: clientIp(request),
    userAgent: request.headers.get("User-Agent") ?? undefined,
    sessionToken: readSessionToken(request),
    timeZone: isTimeZone(zone) ? zone : null,
  };
}

// --- the current-user answer ----------------------------------------------------------------------------------

/**
 * The user plus company, as GET /api/auth/user and /api/auth/me answer; never the password hash. A user from the
 * session lookup brings its company along; any other is looked up.
 */
export async function getCurrentUser(context: ServiceContext<"db">, user: SessionUser) {
  const company =
    user.company !== undefined
      ? user.company
      : await context.db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id)).get();
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

/**
 * The current-user answer for a user id (after a change, or for a user just created), with the company profile of
 * `workspaceId` (their own workspace unless given).
 */
export async function getCurrentUserById(context: ServiceContext<"db">, userId: string, workspaceId = userId) {
  const { db } = context;
  const [[user], [company]] = await db.batch([
    db.select().from(users).where(eq(users.id, userId)),
    db.select().from(companyProfiles).where(eq(companyProfiles.userId, workspaceId)),
  ]);
  return user ? getCurrentUser(context, { ...user, company: company ?? null }) : null;
}

export async function logout(context: ServiceContext<SessionNeeds>, request: Request) {
  const session = await getSession(request, context);
  if (session) await deleteSession(context, session.sid);
  forgetSessionLookups(context);
}
