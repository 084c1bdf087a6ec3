/**
 * Single sign-on with OpenID Connect: the authorization code flow with PKCE (S256), for one configured identity
 * provider. The protocol — discovery, the JWKS and its cache, PKCE, the authorization URL, the code exchange and
 * the ID token checks (signature RS256/ES256, iss, aud, azp, exp, nbf, nonce) — is oauth4webapi's. What is ours:
 * the configuration, the signed cookies that carry a sign-in from /api/login to the callback (and a pending link to
 * /auth/link), the words a person sees when it fails, and which Breeze account an identity signs into.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq } from "drizzle-orm";
import * as oauth from "oauth4webapi";
import { z } from "zod";

import type { Db } from "#db/client.ts";
import { userIdentities, users } from "#db/schema.ts";
import { fetchWithTimeout, ProviderError, type Fetch } from "#app/providers/http.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { readCookie } from "#app/services/http/cookies.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";
import { toastCookie } from "#app/services/http/toast.server.ts";
import { isUniqueViolation } from "#app/services/platform/db-errors.server.ts";
import type { AppEnv } from "#app/services/platform/env.server.ts";

// --- configuration -------------------------------------------------------------------------------------------------

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  providerName: string;
  /** Built from APP_ORIGIN, never from the request's Host header. */
  redirectUri: string;
  /** Keys the HMAC of the state and pending-link cookies (SESSION_SECRET, else the client secret). */
  stateSecret: string;
  /** Plain http to the provider: only a loopback issuer outside production (a provider on this machine). */
  allowInsecureRequests: boolean;
};

/** For the /auth page: whether to offer the "Continue with …" button, and its label. */
export function getSsoStatus(config: AppEnv): { enabled: boolean; providerName: string } {
  return { enabled: Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID), providerName: config.OIDC_PROVIDER_NAME };
}

function isLoopbackHttp(issuer: string) {
  const { protocol, hostname } = new URL(issuer);
  return protocol === "http:" && (hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname));
}

/** The single sign-on settings, or null when it is not set up. */
export function oidcSettings(config: AppEnv): OidcSettings | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return null;
  const stateSecret = config.SESSION_SECRET ?? config.OIDC_CLIENT_SECRET;
  // EnvSchema already refuses this combination; kept so the settings can never carry an unkeyed cookie.
  if (!stateSecret)
    throw new Error("Invalid Worker configuration: SESSION_SECRET is required when single sign-on runs without OIDC_CLIENT_SECRET");
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES,
    providerName: config.OIDC_PROVIDER_NAME,
    redirectUri: new URL("/api/login/callback", config.APP_ORIGIN).toString(),
    stateSecret,
    allowInsecureRequests: config.APP_ENV !== "production" && isLoopbackHttp(config.OIDC_ISSUER),
  };
}

// --- the network seam ----------------------------------------------------------------------------------------------

/** How the functions here reach the provider: an injectable fetch (tests pass the fake) and a per-request deadline. */
export type OidcDeps = { fetch: Fetch; timeoutMs: number };

const globalFetch: Fetch = (input, init) => fetch(input, init);
const DEFAULT_DEPS: OidcDeps = { fetch: globalFetch, timeoutMs: 10_000 };
let testDeps: OidcDeps | null = null;

/**
 * Tests only: send the routes' provider calls to a fake (undefined restores the global fetch). The functions below
 * take their fetch as an argument; only the two route loaders read it here, because Remix hands a loader nothing
 * but `{ request, params, context }` and AppLoadContext (workers/load-context.ts) declares no fetch. vitest runs a
 * file's tests one at a time, and the tests reset it after each.
 */
export function setOidcFetchForTests(fetcher: Fetch | undefined, options: { timeoutMs?: number } = {}) {
  testDeps = fetcher ? { fetch: fetcher, timeoutMs: options.timeoutMs ?? DEFAULT_DEPS.timeoutMs } : null;
}

/** The fetch and deadline the routes use. */
export function oidcDeps(): OidcDeps {
  return testDeps ?? DEFAULT_DEPS;
}

const PROVIDER = "identity provider";

/** oauth4webapi's transport options: every request through our fetch, with its own deadline. */
function transport(settings: Pick<OidcSettings, "allowInsecureRequests">, deps: OidcDeps) {
  return {
    [oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, URLSearchParams | undefined>) =>
      fetchWithTimeout(
        PROVIDER,
        deps.fetch,
        url,
        { method: init.method, headers: init.headers, body: init.body, redirect: init.redirect },
        deps.timeoutMs,
      ),
    // Marked deprecated by the library to make it stand out; it is its documented switch for http issuers.
    [oauth.allowInsecureRequests]: settings.allowInsecureRequests,
  };
}

// --- failures ------------------------------------------------------------------------------------------------------

/** A sign-in that cannot go on: `description` is for the person, `detail` for the log. */
export class SignInError extends Error {
  constructor(
    readonly description: string,
    readonly detail: string = description,
  ) {
    super(detail);
    this.name = "SignInError";
  }
}

export const SIGN_IN_FAILED = "Sign-in failed";
export const STATE_INVALID = "Your sign-in attempt expired or did not come from this browser. Please try again.";
export const EMAIL_UNVERIFIED = "Your identity provider has not verified your email address.";
const EMAIL_MISSING = "Your identity provider did not share your email address.";
const PROVIDER_UNREADABLE = "Your identity provider's answer could not be verified. Please try again or contact support.";
const PROVIDER_TIMEOUT = "Your identity provider did not answer in time. Please try again in a moment.";
const PROVIDER_UNREACHABLE = "We could not reach your identity provider. Please try again in a moment.";
const PROVIDER_REFUSED = "Your identity provider did not accept the sign-in. Please try again.";
const CANCELLED = "The sign-in was cancelled at your identity provider.";
export const IDENTITY_CONFLICT =
  "This email address belongs to an account linked to another identity at your provider. Please contact support.";
export const IDENTITY_TAKEN = "This sign-in is already linked to another Breeze account. Please contact support.";
const CANNOT_LINK = "An account with this email address already exists and cannot be linked automatically. Please contact support.";

/** The person-facing words for a failure; unknown errors (bugs, D1 down) are not sign-in failures and rethrow. */
export function describeFailure(error: unknown): string {
  if (error instanceof SignInError) return error.description;
  if (error instanceof ProviderError) {
    if (error.status) return PROVIDER_REFUSED;
    return error.message.includes("timed out") ? PROVIDER_TIMEOUT : PROVIDER_UNREACHABLE;
  }
  throw error;
}

/** The words for the `error` an authorization server sends back (RFC 6749 §4.1.2.1); its free text is not echoed. */
export function describeProviderError(code: string): string {
  return code === "access_denied" ? CANCELLED : PROVIDER_REFUSED;
}

/**
 * oauth4webapi's refusals as ours: an OAuth error answer is the provider refusing; a response that fails a check is
 * one we could not verify. Its TypeErrors are wrong arguments (our bugs) and, like network failures (already
 * ProviderErrors from fetchWithTimeout), pass through.
 */
function refusal(stage: string, error: unknown): unknown {
  if (error instanceof oauth.ResponseBodyError)
    return new ProviderError(PROVIDER, `${stage}: HTTP ${error.status} ${error.error}`, error.status);
  if (error instanceof oauth.WWWAuthenticateChallengeError)
    return new ProviderError(PROVIDER, `${stage}: HTTP ${error.status} challenge`, error.status);
  if (error instanceof oauth.AuthorizationResponseError) return new ProviderError(PROVIDER, `${stage}: ${error.error}`, 400);
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    // Name the ID token in the log when that is what failed (signature, alg, claims), the better to read the logs.
    const what = /JWT|ID Token/i.test(error.message) ? "ID token rejected" : `${stage} rejected`;
    return new SignInError(PROVIDER_UNREADABLE, `${what}: ${error.message}`);
  }
  return error;
}

// --- responses -----------------------------------------------------------------------------------------------------

/** A 302 with any number of Set-Cookie headers (appended, never folded into one). */
export function redirectWithCookies(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 302, headers });
}

/** Back to /auth with a one-shot "Sign-in failed" toast. */
export function signInFailed(description: string, cookies: string[] = []): Response {
  return redirectWithCookies("/auth", [...cookies, toastCookie({ title: SIGN_IN_FAILED, description, variant: "error" })]);
}

// --- the provider --------------------------------------------------------------------------------------------------

/** Never "none", never an HMAC the client secret could forge. */
const ACCEPTED_ALGORITHMS = ["RS256", "ES256"];
/** Allowed distance between our clock and the provider's for exp, nbf and iat. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * The provider's metadata is kept per isolate for a while, per fetch function (so a test's fake never sees
 * another's). oauth4webapi keeps the JWKS with this object, refetching it after 5 minutes or for an unknown kid.
 */
const CACHE_MS = 10 * 60 * 1000;
const discoveryCache = new WeakMap<Fetch, Map<string, { server: oauth.AuthorizationServer; until: number }>>();

/** The discovery document; oauth4webapi checks that its issuer is exactly the configured one. */
async function discover(settings: OidcSettings, now: Date, deps: OidcDeps): Promise<oauth.AuthorizationServer> {
  let cache = discoveryCache.get(deps.fetch);
  if (!cache) discoveryCache.set(deps.fetch, (cache = new Map()));
  // Keyed by whether http is allowed too, so metadata fetched under one setting is never reused under the other.
  const key = `${settings.allowInsecureRequests ? "insecure" : "https"} ${settings.issuer}`;
  const hit = cache.get(key);
  if (hit && hit.until > now.getTime()) return hit.server;
  const issuer = new URL(settings.issuer);
  try {
    const discovered = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, transport(settings, deps)));
    const advertised = discovered.id_token_signing_alg_values_supported ?? ["RS256"];
    const server = { ...discovered, id_token_signing_alg_values_supported: advertised.filter((alg) => ACCEPTED_ALGORITHMS.includes(alg)) };
    cache.set(key, { server, until: now.getTime() + CACHE_MS });
    return server;
  } catch (error) {
    throw refusal("discovery", error);
  }
}

/** Our client, with the library's clock set to the context's (so tests' clocks govern exp and nbf too). */
function client(settings: OidcSettings, now: Date): oauth.Client {
  return {
    client_id: settings.clientId,
    [oauth.clockSkew]: Math.floor(now.getTime() / 1000) - Math.floor(Date.now() / 1000),
    [oauth.clockTolerance]: CLOCK_SKEW_SECONDS,
  };
}

function clientAuthentication(settings: OidcSettings) {
  return settings.clientSecret ? oauth.ClientSecretBasic(settings.clientSecret) : oauth.None();
}

// --- the state cookie (and its sibling, the pending link) ------------------------------------------------------

/**
 * Short-lived sign-in state lives in the browser that started it, HttpOnly, Secure, SameSite=Lax (the provider's
 * redirect back is a top-level GET navigation, which Lax allows), in a cookie signed with HMAC-SHA256 under a key
 * derived (HKDF) from SESSION_SECRET or the client secret, one key per purpose, so no one can forge or alter it (its
 * `next`, its expiry) nor pass one kind off as the other. Nothing to store in D1, nothing to clean up.
 */
async function cookieKey(secret: string, purpose: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(`breeze/${purpose}/v1`) },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

type SignedCookie = { name: string; purpose: string; attributes: string; ttlMs: number };

async function sealCookie(kind: SignedCookie, value: object, secret: string, now: Date): Promise<string> {
  const payload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify({ ...value, expires: now.getTime() + kind.ttlMs })));
  const signature = await crypto.subtle.sign("HMAC", await cookieKey(secret, kind.purpose), new TextEncoder().encode(payload));
  return `${kind.name}=${payload}.${encodeBase64urlNoPadding(new Uint8Array(signature))}; ${kind.attributes}; Max-Age=${kind.ttlMs / 1000}`;
}

const EnvelopeSchema = z.object({ expires: z.number() });

/** The cookie's signed JSON, or null when it is missing, forged, altered or expired; callers parse the rest. */
async function openCookie(request: Request, kind: SignedCookie, secret: string, now: Date): Promise<unknown> {
  const value = readCookie(request, kind.name);
  const [payload, signature, extra] = value?.split(".") ?? [];
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const key = await cookieKey(secret, kind.purpose);
    if (
      !(await crypto.subtle.verify("HMAC", key, new Uint8Array(decodeBase64urlIgnorePadding(signature)), new TextEncoder().encode(payload)))
    )
      return null;
    const json: unknown = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(payload)));
    const envelope = EnvelopeSchema.safeParse(json);
    return envelope.success && envelope.data.expires > now.getTime() ? json : null;
  } catch {
    return null;
  }
}

export const STATE_COOKIE = "breeze_oidc";
export const STATE_TTL_MS = 10 * 60 * 1000;
const STATE: SignedCookie = {
  name: STATE_COOKIE,
  purpose: "oidc-state-cookie",
  attributes: "Path=/api/login; HttpOnly; Secure; SameSite=Lax",
  ttlMs: STATE_TTL_MS,
};
const MAX_NEXT_LENGTH = 1024;

const PendingSignInSchema = z.object({
  state: z.string().min(43),
  nonce: z.string().min(43),
  verifier: z.string().min(43).max(128),
  next: z.string(),
});
/** What /api/login hands to the callback, inside the signed cookie. */
export type PendingSignIn = z.infer<typeof PendingSignInSchema>;

export function stateCookie(pending: PendingSignIn, settings: Pick<OidcSettings, "stateSecret">, now: Date): Promise<string> {
  return sealCookie(STATE, pending, settings.stateSecret, now);
}

export function clearStateCookie(): string {
  return `${STATE_COOKIE}=; ${STATE.attributes}; Max-Age=0`;
}

export async function readStateCookie(
  request: Request,
  settings: Pick<OidcSettings, "stateSecret">,
  now: Date,
): Promise<PendingSignIn | null> {
  const parsed = PendingSignInSchema.safeParse(await openCookie(request, STATE, settings.stateSecret, now));
  return parsed.success ? parsed.data : null;
}

/**
 * A verified identity whose email belongs to an account we never verified: it waits here (ten minutes, only on
 * /auth/link) until the person proves that account's password.
 */
export const LINK_PAGE = "/auth/link";
export const LINK_COOKIE = "breeze_sso_link";
export const LINK_TTL_MS = 10 * 60 * 1000;
const LINK: SignedCookie = {
  name: LINK_COOKIE,
  purpose: "oidc-pending-link",
  attributes: `Path=${LINK_PAGE}; HttpOnly; Secure; SameSite=Lax`,
  ttlMs: LINK_TTL_MS,
};

const PendingLinkSchema = z.object({ issuer: z.string(), subject: z.string().min(1), email: z.string().min(1), next: z.string() });
export type PendingLink = z.infer<typeof PendingLinkSchema>;

export function linkCookie(link: PendingLink, settings: Pick<OidcSettings, "stateSecret">, now: Date): Promise<string> {
  return sealCookie(LINK, link, settings.stateSecret, now);
}

export function clearLinkCookie(): string {
  return `${LINK_COOKIE}=; ${LINK.attributes}; Max-Age=0`;
}

export async function readLinkCookie(
  request: Request,
  settings: Pick<OidcSettings, "stateSecret">,
  now: Date,
): Promise<PendingLink | null> {
  const parsed = PendingLinkSchema.safeParse(await openCookie(request, LINK, settings.stateSecret, now));
  return parsed.success ? parsed.data : null;
}

// --- step 1: the authorization request -----------------------------------------------------------------------------

/** Where to send the browser, and the state cookie to set; `next` is re-checked to be a same-site path. */
export async function beginSignIn(
  context: ServiceContext<"now">,
  settings: OidcSettings,
  next: string,
  deps: OidcDeps,
): Promise<{ location: string; cookie: string }> {
  const now = context.now();
  const server = await discover(settings, now, deps);
  const safe = safeNext(next);
  const pending: PendingSignIn = {
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
    verifier: oauth.generateRandomCodeVerifier(),
    next: safe.length > MAX_NEXT_LENGTH ? "/" : safe,
  };
  if (!server.authorization_endpoint) throw new SignInError(PROVIDER_UNREADABLE, "discovery rejected: no authorization_endpoint");
  const url = new URL(server.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    scope: settings.scopes,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: "S256",
  }).toString();
  return { location: url.toString(), cookie: await stateCookie(pending, settings, now) };
}

// --- steps 2 and 3: the code exchange and the ID token ---------------------------------------------------------

const ClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1).max(255),
  iat: z.number(),
  email: z.string().optional(),
  email_verified: z.unknown().optional(),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/** What Breeze takes from a verified ID token. */
export type IdentityClaims = {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
  givenName?: string;
  familyName?: string;
};

/**
 * For a callback whose state already matched the cookie: exchanges the code (with the PKCE verifier) and verifies
 * the ID token — oauth4webapi checks iss, aud, azp, exp and nbf (60 s of skew), the nonce, and the signature
 * against the provider's JWKS (RS256 or ES256 only). The library does not look at iat; a token "issued" more than
 * the skew in the future is refused here.
 */
export async function completeSignIn(
  context: ServiceContext<"now">,
  settings: OidcSettings,
  input: { callbackParams: URLSearchParams; pending: PendingSignIn },
  deps: OidcDeps,
): Promise<IdentityClaims> {
  const server = await discover(settings, context.now(), deps);
  let verified: oauth.IDToken | undefined;
  try {
    const params = oauth.validateAuthResponse(server, client(settings, context.now()), input.callbackParams, input.pending.state);
    const options = transport(settings, deps);
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client(settings, context.now()),
      clientAuthentication(settings),
      params,
      settings.redirectUri,
      input.pending.verifier,
      options,
    );
    // The clock is read after the network round trip, which may have taken seconds.
    const tokens = await oauth.processAuthorizationCodeResponse(server, client(settings, context.now()), response, {
      expectedNonce: input.pending.nonce,
      requireIdToken: true,
    });
    await oauth.validateApplicationLevelSignature(server, response, options);
    verified = oauth.getValidatedIdTokenClaims(tokens);
  } catch (error) {
    throw refusal("token response", error);
  }

  const parsed = ClaimsSchema.safeParse(verified);
  if (!parsed.success)
    throw new SignInError(PROVIDER_UNREADABLE, `ID token rejected: claims are invalid: ${z.prettifyError(parsed.error)}`);
  const claims = parsed.data;
  if (claims.iat > context.now().getTime() / 1000 + CLOCK_SKEW_SECONDS)
    throw new SignInError(PROVIDER_UNREADABLE, "ID token rejected: issued in the future");

  const email = claims.email?.trim().toLowerCase();
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: email && z.email().safeParse(email).success ? email : undefined,
    // Only a JSON true counts: a string "true" or a missing claim is not a verification.
    emailVerified: claims.email_verified === true,
    name: claims.name?.trim().slice(0, 200) || undefined,
    givenName: claims.given_name?.trim().slice(0, 100) || undefined,
    familyName: claims.family_name?.trim().slice(0, 100) || undefined,
  };
}

// --- step 4: the account -------------------------------------------------------------------------------------------

async function linkedUserId(db: Db, issuer: string, subject: string) {
  const row = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .get();
  return row?.userId ?? null;
}

/** Whether the account is already linked to a different subject at this issuer (the address was reassigned there). */
async function linkedElsewhere(db: Db, userId: string, issuer: string, subject: string) {
  const row = await db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.issuer, issuer)))
    .get();
  return Boolean(row && row.subject !== subject);
}

/**
 * Links issuer+subject to the account; the unique index on (issuer, subject) decides a race, and the answer says
 * whether this account won it.
 */
async function link(db: Db, userId: string, identity: { issuer: string; subject: string }) {
  await db.insert(userIdentities).values({ userId, issuer: identity.issuer, subject: identity.subject }).onConflictDoNothing();
  return (await linkedUserId(db, identity.issuer, identity.subject)) === userId;
}

function namesFrom(identity: IdentityClaims) {
  const [first, ...rest] = identity.name?.split(/\s+/) ?? [];
  const firstName = identity.givenName ?? first ?? null;
  const lastName = identity.familyName ?? (rest.join(" ") || null);
  const fullName = identity.name ?? ([firstName, lastName].filter(Boolean).join(" ") || null);
  return { firstName, lastName, fullName };
}

export type SsoAccount =
  | { kind: "signed-in"; userId: string; created: boolean }
  /** The email belongs to an account we never verified: its password must be proven first (/auth/link). */
  | { kind: "needs-password"; email: string }
  | { kind: "refused"; description: string };

/**
 * The Breeze account for a verified identity: the one already linked to issuer+subject; else, when the provider
 * verified the email, the account with that email if WE verified it (linked now) — an account whose email we never
 * verified may have been registered by anyone, so its password must be proven first; else a new account with no
 * password (linked). An unverified email never reaches an account: anyone can type any address at some providers.
 */
export async function resolveSsoUser(db: Db, identity: IdentityClaims): Promise<SsoAccount> {
  const linked = await linkedUserId(db, identity.issuer, identity.subject);
  if (linked) return { kind: "signed-in", userId: linked, created: false };
  if (!identity.email) return { kind: "refused", description: EMAIL_MISSING };
  if (!identity.emailVerified) return { kind: "refused", description: EMAIL_UNVERIFIED };

  const existing = await db
    .select({ id: users.id, emailVerified: users.emailVerified, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, identity.email))
    .get();
  if (existing) {
    if (await linkedElsewhere(db, existing.id, identity.issuer, identity.subject))
      return { kind: "refused", description: IDENTITY_CONFLICT };
    if (!existing.emailVerified) {
      // Accounts created by single sign-on are verified; one with neither has no proof to ask for.
      return existing.passwordHash ? { kind: "needs-password", email: identity.email } : { kind: "refused", description: CANNOT_LINK };
    }
    // A racing callback for the same subject may have linked first; the unique index decided who.
    return (await link(db, existing.id, identity))
      ? { kind: "signed-in", userId: existing.id, created: false }
      : { kind: "refused", description: PROVIDER_REFUSED };
  }

  const userId = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(users).values({ id: userId, email: identity.email, ...namesFrom(identity), emailVerified: true, passwordHash: null }),
      db.insert(userIdentities).values({ userId, issuer: identity.issuer, subject: identity.subject }),
    ]);
  } catch (error) {
    // Two callbacks racing to create the same account: the unique indexes decided; the loser signs into the winner.
    if (!isUniqueViolation(error)) throw error;
    const winner = await linkedUserId(db, identity.issuer, identity.subject);
    return winner ? { kind: "signed-in", userId: winner, created: false } : { kind: "refused", description: PROVIDER_REFUSED };
  }
  return { kind: "signed-in", userId, created: true };
}

/**
 * After the person proved the password of the account the pending link names: links the identity to it, unless
 * the account is linked to another subject at this provider or the identity to another account meanwhile.
 */
export async function linkAfterPassword(
  db: Db,
  userId: string,
  pending: PendingLink,
): Promise<{ ok: true } | { ok: false; description: string }> {
  if (await linkedElsewhere(db, userId, pending.issuer, pending.subject)) return { ok: false, description: IDENTITY_CONFLICT };
  return (await link(db, userId, pending)) ? { ok: true } : { ok: false, description: IDENTITY_TAKEN };
}
