/**
 * Single sign-on with OpenID Connect: the authorization code flow with PKCE (OpenID Connect Core 1.0 §3.1,
 * RFC 7636 S256), for one configured identity provider. Discovery, the authorization URL, the token exchange and
 * the ID token check (WebCrypto: RS256, ES256) live here, plus the signed state cookie that carries state, nonce,
 * verifier and `next` from /api/login to /api/login/callback, and the account lookup (identity, then verified
 * email, then a new user). The two routes only wire these together.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { userIdentities, users } from "../../db/schema";
import { fetchWithTimeout, ProviderError, type Fetch } from "../providers/http.server";
import type { AppEnv } from "./env.server";
import { safeNext } from "./request.server";
import { toastCookie } from "./toast.server";

type Ctx = Pick<AppLoadContext, "db" | "config" | "now">;

// --- configuration -------------------------------------------------------------------------------------------------

export type OidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  providerName: string;
  /** Built from APP_ORIGIN, never from the request's Host header. */
  redirectUri: string;
  /** Keys the HMAC of the state cookie (SESSION_SECRET, else the client secret). */
  stateSecret: string;
};

/** For the /auth page: whether to offer the "Continue with …" button, and its label. */
export function getSsoStatus(config: AppEnv): { enabled: boolean; providerName: string } {
  return { enabled: Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID), providerName: config.OIDC_PROVIDER_NAME };
}

/** The single sign-on settings, or null when it is not set up. */
export function oidcSettings(config: AppEnv): OidcSettings | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return null;
  const stateSecret = config.SESSION_SECRET ?? config.OIDC_CLIENT_SECRET;
  // EnvSchema already refuses this combination; kept so the settings can never carry an unkeyed cookie.
  if (!stateSecret) throw new Error("Invalid Worker configuration: SESSION_SECRET is required when single sign-on runs without OIDC_CLIENT_SECRET");
  return {
    issuer: config.OIDC_ISSUER,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    scopes: config.OIDC_SCOPES,
    providerName: config.OIDC_PROVIDER_NAME,
    redirectUri: new URL("/api/login/callback", config.APP_ORIGIN).toString(),
    stateSecret,
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
 * but `{ request, params, context }` and AppLoadContext (workers/load-context.ts) declares no fetch. A typed setter
 * beats reading an undeclared property off the context through a cast; vitest runs a file's tests one at a time,
 * and the tests reset it after each.
 */
export function setOidcFetchForTests(fetcher: Fetch | undefined, options: { timeoutMs?: number } = {}) {
  testDeps = fetcher ? { fetch: fetcher, timeoutMs: options.timeoutMs ?? DEFAULT_DEPS.timeoutMs } : null;
}

/** The fetch and deadline the routes use. */
export function oidcDeps(): OidcDeps {
  return testDeps ?? DEFAULT_DEPS;
}

const PROVIDER = "identity provider";

async function getJson(deps: OidcDeps, url: string): Promise<unknown> {
  const response = await fetchWithTimeout(PROVIDER, deps.fetch, url, { headers: { Accept: "application/json" } }, deps.timeoutMs);
  if (!response.ok) throw new SignInError(PROVIDER_UNREACHABLE, `GET ${url} answered HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new SignInError(PROVIDER_UNREADABLE, `GET ${url} did not answer JSON`);
  }
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
const IDENTITY_CONFLICT = "This email address belongs to an account linked to another identity at your provider. Please contact support.";

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

// --- discovery and keys --------------------------------------------------------------------------------------------

const DiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
});
export type Discovery = z.infer<typeof DiscoverySchema>;

const JwkSchema = z.object({
  kty: z.string(),
  kid: z.string().optional(),
  use: z.string().optional(),
  alg: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
  crv: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
});
type Jwk = z.infer<typeof JwkSchema>;
const JwksSchema = z.object({ keys: z.array(z.unknown()) });

/**
 * Discovery documents and key sets change rarely: each is kept per isolate for a while, per fetch function (so a
 * test's fake never sees another's). An ID token signed with a key not in the kept set fetches the set again.
 */
const CACHE_MS = 10 * 60 * 1000;
type Cached<T> = { value: T; until: number };
const discoveryCache = new WeakMap<Fetch, Map<string, Cached<Discovery>>>();
const jwksCache = new WeakMap<Fetch, Map<string, Cached<Jwk[]>>>();

function cacheFor<T>(caches: WeakMap<Fetch, Map<string, Cached<T>>>, deps: OidcDeps) {
  let cache = caches.get(deps.fetch);
  if (!cache) caches.set(deps.fetch, (cache = new Map()));
  return cache;
}

function sameSecurity(url: string, issuer: string) {
  const { protocol } = new URL(url);
  return protocol === "https:" || protocol === new URL(issuer).protocol;
}

/** The provider's discovery document; its issuer must be exactly the configured one (OpenID Discovery §4.3). */
export async function discover(settings: Pick<OidcSettings, "issuer">, now: Date, deps: OidcDeps): Promise<Discovery> {
  const cache = cacheFor(discoveryCache, deps);
  const hit = cache.get(settings.issuer);
  if (hit && hit.until > now.getTime()) return hit.value;

  const url = `${settings.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const parsed = DiscoverySchema.safeParse(await getJson(deps, url));
  if (!parsed.success) throw new SignInError(PROVIDER_UNREADABLE, `discovery document is invalid: ${z.prettifyError(parsed.error)}`);
  const document = parsed.data;
  if (document.issuer !== settings.issuer) {
    throw new SignInError(PROVIDER_UNREADABLE, `discovery issuer ${document.issuer} is not the configured ${settings.issuer}`);
  }
  for (const endpoint of [document.authorization_endpoint, document.token_endpoint, document.jwks_uri]) {
    if (!sameSecurity(endpoint, settings.issuer)) throw new SignInError(PROVIDER_UNREADABLE, `discovery endpoint ${endpoint} is not https`);
  }
  const methods = document.code_challenge_methods_supported;
  if (methods && !methods.includes("S256")) throw new SignInError(PROVIDER_UNREADABLE, "the provider does not support PKCE S256");
  cache.set(settings.issuer, { value: document, until: now.getTime() + CACHE_MS });
  return document;
}

async function fetchKeys(discovery: Discovery, deps: OidcDeps): Promise<Jwk[]> {
  const parsed = JwksSchema.safeParse(await getJson(deps, discovery.jwks_uri));
  if (!parsed.success) throw new SignInError(PROVIDER_UNREADABLE, "the JWKS is not a key set");
  // Keys of kinds we do not read (symmetric, OKP, malformed) are skipped rather than failing the whole set.
  return parsed.data.keys.flatMap((key) => {
    const jwk = JwkSchema.safeParse(key);
    return jwk.success ? [jwk.data] : [];
  });
}

async function signingKeys(discovery: Discovery, kid: string | undefined, now: Date, deps: OidcDeps): Promise<Jwk[]> {
  const cache = cacheFor(jwksCache, deps);
  const hit = cache.get(discovery.jwks_uri);
  const known = (keys: Jwk[]) => (kid ? keys.some((key) => key.kid === kid) : keys.length > 0);
  if (hit && hit.until > now.getTime() && known(hit.value)) return hit.value;
  const keys = await fetchKeys(discovery, deps);
  cache.set(discovery.jwks_uri, { value: keys, until: now.getTime() + CACHE_MS });
  return keys;
}

// --- PKCE, state, nonce --------------------------------------------------------------------------------------------

/** 256 random bits, base64url: 43 characters, a valid PKCE verifier (RFC 7636 §4.1) and an unguessable state/nonce. */
/** Bytes backed by a plain ArrayBuffer, as WebCrypto's types want. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(decodeBase64urlIgnorePadding(text));
}

function randomToken(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

export function codeChallenge(verifier: string): string {
  return encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier)));
}

/** What /api/login hands to the callback, inside the signed cookie. */
export type PendingSignIn = { state: string; nonce: string; verifier: string; next: string };

/**
 * The state cookie. D1-free by design: it lives in the browser that started the sign-in (which is exactly the
 * binding state and PKCE need), HttpOnly, Secure, SameSite=Lax (the provider's redirect back is a top-level GET
 * navigation, which Lax allows) and scoped to /api/login. Signed with HMAC-SHA256 under a key derived (HKDF) from
 * SESSION_SECRET or the client secret, so no one can forge or alter it (its `next`, its expiry); the verifier in
 * it is no secret from the browser holding it, only from everyone else. Ten minutes, and cleared at the callback.
 */
export const STATE_COOKIE = "breeze_oidc";
export const STATE_TTL_MS = 10 * 60 * 1000;
const STATE_COOKIE_ATTRIBUTES = "Path=/api/login; HttpOnly; Secure; SameSite=Lax";
const MAX_NEXT_LENGTH = 1024;

const PendingSchema = z.object({
  state: z.string().min(43),
  nonce: z.string().min(43),
  verifier: z.string().min(43).max(128),
  next: z.string(),
  expires: z.number(),
});

async function stateKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode("breeze/oidc-state-cookie/v1") },
    material,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign", "verify"],
  );
}

export async function stateCookie(pending: PendingSignIn, settings: Pick<OidcSettings, "stateSecret">, now: Date): Promise<string> {
  const payload = encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify({ ...pending, expires: now.getTime() + STATE_TTL_MS })));
  const signature = await crypto.subtle.sign("HMAC", await stateKey(settings.stateSecret), new TextEncoder().encode(payload));
  return `${STATE_COOKIE}=${payload}.${encodeBase64urlNoPadding(new Uint8Array(signature))}; ${STATE_COOKIE_ATTRIBUTES}; Max-Age=${STATE_TTL_MS / 1000}`;
}

export function clearStateCookie(): string {
  return `${STATE_COOKIE}=; ${STATE_COOKIE_ATTRIBUTES}; Max-Age=0`;
}

/** The pending sign-in from the cookie, or null when it is missing, forged, altered or older than ten minutes. */
export async function readStateCookie(request: Request, settings: Pick<OidcSettings, "stateSecret">, now: Date): Promise<PendingSignIn | null> {
  const value = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${STATE_COOKIE}=`))
    ?.slice(STATE_COOKIE.length + 1);
  const [payload, signature, extra] = value?.split(".") ?? [];
  if (!payload || !signature || extra !== undefined) return null;
  try {
    const valid = await crypto.subtle.verify(
      "HMAC",
      await stateKey(settings.stateSecret),
      fromBase64url(signature),
      new TextEncoder().encode(payload),
    );
    if (!valid) return null;
    const parsed = PendingSchema.safeParse(JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(payload))));
    if (!parsed.success || parsed.data.expires <= now.getTime()) return null;
    const { expires: _expires, ...pending } = parsed.data;
    return pending;
  } catch {
    return null;
  }
}

// --- step 1: the authorization request -----------------------------------------------------------------------------

/** Where to send the browser, and the state cookie to set; `next` is re-checked to be a same-site path. */
export async function beginSignIn(
  context: Pick<Ctx, "now">,
  settings: OidcSettings,
  next: string,
  deps: OidcDeps,
): Promise<{ location: string; cookie: string }> {
  const now = context.now();
  const discovery = await discover(settings, now, deps);
  const safe = safeNext(next);
  const pending: PendingSignIn = {
    state: randomToken(),
    nonce: randomToken(),
    verifier: randomToken(),
    next: safe.length > MAX_NEXT_LENGTH ? "/" : safe,
  };
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", settings.redirectUri);
  url.searchParams.set("scope", settings.scopes);
  url.searchParams.set("state", pending.state);
  url.searchParams.set("nonce", pending.nonce);
  url.searchParams.set("code_challenge", codeChallenge(pending.verifier));
  url.searchParams.set("code_challenge_method", "S256");
  return { location: url.toString(), cookie: await stateCookie(pending, settings, now) };
}

// --- step 2: the token exchange ------------------------------------------------------------------------------------

const TokenResponseSchema = z.object({
  id_token: z.string().min(1),
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === "bearer", "token_type must be Bearer"),
  expires_in: z.number().optional(),
});

/** application/x-www-form-urlencoded, as client_secret_basic wants the id and secret encoded (RFC 6749 §2.3.1). */
function formEncode(value: string) {
  return encodeURIComponent(value).replaceAll("%20", "+");
}

export async function exchangeCode(settings: OidcSettings, discovery: Discovery, code: string, verifier: string, deps: OidcDeps) {
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: settings.redirectUri,
    client_id: settings.clientId,
    code_verifier: verifier,
  });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  if (settings.clientSecret) headers.Authorization = `Basic ${btoa(`${formEncode(settings.clientId)}:${formEncode(settings.clientSecret)}`)}`;
  const response = await fetchWithTimeout(PROVIDER, deps.fetch, discovery.token_endpoint, { method: "POST", headers, body }, deps.timeoutMs);

  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // handled below
  }
  if (!response.ok) {
    const error = z.object({ error: z.string() }).safeParse(json);
    throw new ProviderError(PROVIDER, `token endpoint answered HTTP ${response.status} ${error.success ? error.data.error : ""}`.trim(), response.status);
  }
  const parsed = TokenResponseSchema.safeParse(json);
  if (!parsed.success) throw new SignInError(PROVIDER_UNREADABLE, `token response is invalid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

// --- step 3: the ID token ------------------------------------------------------------------------------------------

export const CLOCK_SKEW_SECONDS = 60;

const HeaderSchema = z.object({ alg: z.string(), kid: z.string().optional(), typ: z.string().optional() });
const ClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1).max(255),
  aud: z.union([z.string(), z.array(z.string()).min(1)]),
  azp: z.string().optional(),
  exp: z.number(),
  iat: z.number(),
  nbf: z.number().optional(),
  nonce: z.string().optional(),
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

const ALGORITHMS = {
  RS256: {
    kty: "RSA",
    importParams: { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    verifyParams: { name: "RSASSA-PKCS1-v1_5" },
    publicJwk: (key: Jwk) => ({ kty: "RSA", n: key.n, e: key.e }),
  },
  ES256: {
    kty: "EC",
    importParams: { name: "ECDSA", namedCurve: "P-256" },
    // JWS carries ES256 signatures as raw r‖s, the form WebCrypto verifies.
    verifyParams: { name: "ECDSA", hash: "SHA-256" },
    publicJwk: (key: Jwk) => ({ kty: "EC", crv: key.crv, x: key.x, y: key.y }),
  },
} as const;

function decodeJson(segment: string): unknown {
  return JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(segment)));
}

function invalidToken(detail: string): never {
  throw new SignInError(PROVIDER_UNREADABLE, `ID token rejected: ${detail}`);
}

/**
 * Verifies the ID token from the token endpoint (OpenID Connect Core §3.1.3.7): the signature with the provider's
 * key named by `kid` (RS256 or ES256 only; never "none" or an HMAC the client secret could forge), iss, aud (and
 * azp with several audiences), exp, iat and nbf against the context clock with 60 s of skew, and the nonce.
 */
export async function verifyIdToken(
  idToken: string,
  expected: { issuer: string; clientId: string; nonce: string },
  discovery: Discovery,
  now: Date,
  deps: OidcDeps,
): Promise<IdentityClaims> {
  const parts = idToken.split(".");
  if (parts.length !== 3) invalidToken("not a compact JWS");
  const [headerPart, payloadPart, signaturePart] = parts;
  let header: z.infer<typeof HeaderSchema>;
  let signature: Uint8Array<ArrayBuffer>;
  let rawClaims: unknown;
  try {
    header = HeaderSchema.parse(decodeJson(headerPart));
    rawClaims = decodeJson(payloadPart);
    signature = fromBase64url(signaturePart);
  } catch {
    invalidToken("undecodable");
  }
  if (header.alg !== "RS256" && header.alg !== "ES256") invalidToken(`algorithm ${header.alg} is not accepted`);
  const algorithm = ALGORITHMS[header.alg];

  const candidates = (await signingKeys(discovery, header.kid, now, deps)).filter(
    (key) =>
      key.kty === algorithm.kty &&
      (!header.kid || key.kid === header.kid) &&
      (!key.use || key.use === "sig") &&
      (!key.alg || key.alg === header.alg) &&
      (algorithm.kty !== "EC" || key.crv === "P-256"),
  );
  // Without a kid the provider must have exactly one key of the kind, or we could not tell which one signed.
  if (candidates.length !== 1) invalidToken(`no single signing key for kid ${header.kid ?? "(none)"}`);
  let valid = false;
  try {
    const key = await crypto.subtle.importKey("jwk", algorithm.publicJwk(candidates[0]), algorithm.importParams, false, ["verify"]);
    valid = await crypto.subtle.verify(algorithm.verifyParams, key, signature, new TextEncoder().encode(`${headerPart}.${payloadPart}`));
  } catch {
    invalidToken("the provider's key could not be used");
  }
  if (!valid) invalidToken("bad signature");

  const parsed = ClaimsSchema.safeParse(rawClaims);
  if (!parsed.success) invalidToken(`claims are invalid: ${z.prettifyError(parsed.error)}`);
  const claims = parsed.data;
  const seconds = now.getTime() / 1000;
  if (claims.iss !== expected.issuer) invalidToken(`issuer ${claims.iss}`);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) invalidToken(`audience ${audiences.join(",")}`);
  if (audiences.length > 1 && claims.azp !== expected.clientId) invalidToken(`authorized party ${claims.azp ?? "(none)"}`);
  if (claims.azp && claims.azp !== expected.clientId) invalidToken(`authorized party ${claims.azp}`);
  if (claims.exp <= seconds - CLOCK_SKEW_SECONDS) invalidToken("expired");
  if (claims.iat > seconds + CLOCK_SKEW_SECONDS) invalidToken("issued in the future");
  if (claims.nbf !== undefined && claims.nbf > seconds + CLOCK_SKEW_SECONDS) invalidToken("not yet valid");
  if (claims.nonce !== expected.nonce) invalidToken("nonce mismatch");

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

/** Steps 2 and 3 for a callback whose state already matched: the verified identity. */
export async function completeSignIn(
  context: Pick<Ctx, "now">,
  settings: OidcSettings,
  input: { code: string; pending: PendingSignIn },
  deps: OidcDeps,
): Promise<IdentityClaims> {
  const discovery = await discover(settings, context.now(), deps);
  const tokens = await exchangeCode(settings, discovery, input.code, input.pending.verifier, deps);
  // The clock is read after the network round trips, which may have taken seconds.
  return verifyIdToken(tokens.id_token, { issuer: settings.issuer, clientId: settings.clientId, nonce: input.pending.nonce }, discovery, context.now(), deps);
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

function namesFrom(identity: IdentityClaims) {
  const [first, ...rest] = identity.name?.split(/\s+/) ?? [];
  const firstName = identity.givenName ?? first ?? null;
  const lastName = identity.familyName ?? (rest.join(" ") || null);
  const fullName = identity.name ?? ([firstName, lastName].filter(Boolean).join(" ") || null);
  return { firstName, lastName, fullName };
}

/**
 * The Breeze account for a verified identity: the one already linked to issuer+subject; else the account with the
 * same email when the provider verified it (linked now); else a new account with no password (linked). An
 * unverified email never reaches an account: anyone can type someone else's address at some providers.
 */
export async function resolveSsoUser(db: Db, identity: IdentityClaims): Promise<{ ok: true; userId: string; created: boolean } | { ok: false; description: string }> {
  const linked = await linkedUserId(db, identity.issuer, identity.subject);
  if (linked) return { ok: true, userId: linked, created: false };
  if (!identity.email) return { ok: false, description: EMAIL_MISSING };
  if (!identity.emailVerified) return { ok: false, description: EMAIL_UNVERIFIED };

  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, identity.email)).get();
  if (existing) {
    // An account already linked to another subject at this provider: the address was probably reassigned there.
    const other = await db
      .select({ subject: userIdentities.subject })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, existing.id), eq(userIdentities.issuer, identity.issuer)))
      .get();
    if (other) return { ok: false, description: IDENTITY_CONFLICT };
    await db.batch([
      db.insert(userIdentities).values({ userId: existing.id, issuer: identity.issuer, subject: identity.subject }).onConflictDoNothing(),
      db.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id)),
    ]);
    // A racing callback for the same subject may have linked first; the unique index decided who.
    const userId = await linkedUserId(db, identity.issuer, identity.subject);
    return userId ? { ok: true, userId, created: false } : { ok: false, description: PROVIDER_REFUSED };
  }

  const userId = crypto.randomUUID();
  try {
    await db.batch([
      db.insert(users).values({ id: userId, email: identity.email, ...namesFrom(identity), emailVerified: true, passwordHash: null }),
      db.insert(userIdentities).values({ userId, issuer: identity.issuer, subject: identity.subject }),
    ]);
  } catch (error) {
    // Two callbacks racing to create the same account: the unique indexes decided; the loser signs into the winner.
    if (!String((error as { cause?: unknown }).cause ?? error).includes("UNIQUE")) throw error;
    const winner = await linkedUserId(db, identity.issuer, identity.subject);
    return winner ? { ok: true, userId: winner, created: false } : { ok: false, description: PROVIDER_REFUSED };
  }
  return { ok: true, userId, created: true };
}
