/**
 * Single sign-on with OpenID Connect: the authorization code flow with PKCE (S256), for one configured identity
 * provider. The protocol — discovery, the JWKS and its cache, PKCE, the authorization URL, the code exchange and
 * the ID token checks (signature RS256/ES256, iss, aud, azp, exp, nbf, nonce) — is oauth4webapi's. What is ours is
 * here and beside it: the configuration (oidc-settings), the signed cookies (oidc-cookies), the words a person sees
 * when it fails (oidc-failures), and which Breeze account an identity signs into (sso-accounts).
 */
import * as oauth from "oauth4webapi";
import { z } from "zod";

import { fetchWithTimeout, type Fetch } from "#app/providers/http.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

import { MAX_NEXT_LENGTH, stateCookie, type PendingSignIn } from "./oidc-cookies.server.ts";
import { PROVIDER_UNREADABLE, refusal, SignInError } from "./oidc-failures.server.ts";
import { PROVIDER, type OidcDeps, type OidcSettings } from "./oidc-settings.server.ts";

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
