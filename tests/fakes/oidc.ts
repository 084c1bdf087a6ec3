/**
 * A fake OpenID Connect provider as a fetch handler, speaking the real shapes: the discovery document, a JWKS with
 * a WebCrypto key pair (RS256 by default, or ES256), and a token endpoint that checks what a real one checks
 * (grant_type, a single-use code it issued, the same redirect_uri, the PKCE verifier against the S256 challenge,
 * client authentication by HTTP Basic when the client has a secret). `login` stands in for the browser at the
 * provider: given the authorization URL the app produced, it answers the callback URL with a fresh code bound to
 * that request's nonce and challenge. `tamper` makes bad ID tokens; `hang` makes every endpoint stop answering.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export type FakeUser = {
  sub: string;
  email?: string;
  /** Sent as given: a boolean, or e.g. the string "true" some providers send. */
  email_verified?: boolean | string;
  name?: string;
  given_name?: string;
  family_name?: string;
};

export type TokenTamper = {
  aud?: string | string[];
  iss?: string;
  /** Seconds from now until exp (negative: already expired). Default 3600. */
  expiresIn?: number;
  nonce?: string;
  /** Signed with another key that claims the published key's kid. */
  foreignKey?: boolean;
  /** A header alg other than the key's (e.g. "none" or "HS256"); the signature stays the real key's. */
  alg?: string;
};

export type FakeOidcOptions = {
  clientId: string;
  /** When set, the token endpoint requires HTTP Basic with it (client_secret_basic). */
  clientSecret?: string;
  /** The one registered redirect URI. */
  redirectUri: string;
  issuer?: string;
  alg?: "RS256" | "ES256";
  /** What the discovery document says its issuer is (default: the real one). */
  discoveryIssuer?: string;
  now?: () => number;
};

type Grant = {
  clientId: string;
  redirectUri: string;
  nonce: string;
  challenge: string;
  user: FakeUser;
  tamper: TokenTamper;
  scope: string;
};

export type FakeOidc = {
  issuer: string;
  fetch: Fetch;
  /** Every request the app made, as "METHOD path". */
  requests: string[];
  /** The token endpoint's bodies, for checking what the app sent. */
  tokenRequests: { form: Record<string, string>; authorization: string | null }[];
  /** When true, every endpoint stops answering until the caller's signal aborts (a provider that times out). */
  hang: boolean;
  /** The provider's side of a successful sign-in: the callback URL the browser would be sent to. */
  login(authorizationUrl: string, user: FakeUser, tamper?: TokenTamper): string;
  /** The provider refusing (the person pressed Cancel): the callback URL with ?error. */
  deny(authorizationUrl: string, error?: string): string;
};

const KEY_PARAMS = {
  RS256: {
    generate: { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    sign: { name: "RSASSA-PKCS1-v1_5" },
  },
  ES256: {
    generate: { name: "ECDSA", namedCurve: "P-256" },
    sign: { name: "ECDSA", hash: "SHA-256" },
  },
} as const;

function base64urlJson(value: unknown) {
  return encodeBase64urlNoPadding(new TextEncoder().encode(JSON.stringify(value)));
}

/**
 * The client id and secret of an HTTP Basic header, as a real token endpoint reads them (RFC 6749 section 2.3.1): base64,
 * split at the first colon, each half form-urlencoded ("-" may come as "-" or "%2D"; both decode the same).
 */
export function basicCredentials(header: string | null): { id: string; secret: string } | null {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
  if (!match) return null;
  try {
    const decoded = atob(match[1]);
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    const formDecode = (value: string) => decodeURIComponent(value.replaceAll("+", " "));
    return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

export async function createFakeOidc(options: FakeOidcOptions): Promise<FakeOidc> {
  const issuer = options.issuer ?? "https://idp.fake.test";
  const alg = options.alg ?? "RS256";
  const now = options.now ?? (() => Date.now());
  const kid = `fake-${crypto.randomUUID().slice(0, 8)}`;
  const generate = () => crypto.subtle.generateKey(KEY_PARAMS[alg].generate, true, ["sign", "verify"]) as Promise<CryptoKeyPair>;
  const keys = await generate();
  let foreignKeys: Promise<CryptoKeyPair> | undefined;
  const publicJwk = { ...((await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey), kid, use: "sig", alg };
  const grants = new Map<string, Grant>();

  const oauthError = (status: number, error: string, description: string) =>
    Response.json({ error, error_description: description }, { status, headers: { "Cache-Control": "no-store" } });

  async function signIdToken(grant: Grant) {
    const seconds = Math.floor(now() / 1000);
    const expiresIn = grant.tamper.expiresIn ?? 3600;
    const claims: Record<string, unknown> = {
      iss: grant.tamper.iss ?? issuer,
      sub: grant.user.sub,
      aud: grant.tamper.aud ?? grant.clientId,
      exp: seconds + expiresIn,
      iat: Math.min(seconds, seconds + expiresIn - 60),
      auth_time: seconds,
      nonce: grant.tamper.nonce ?? grant.nonce,
    };
    const scopes = grant.scope.split(" ");
    if (scopes.includes("email")) Object.assign(claims, { email: grant.user.email, email_verified: grant.user.email_verified });
    if (scopes.includes("profile"))
      Object.assign(claims, { name: grant.user.name, given_name: grant.user.given_name, family_name: grant.user.family_name });
    const header = base64urlJson({ alg: grant.tamper.alg ?? alg, kid, typ: "JWT" });
    const payload = base64urlJson(claims);
    const key = grant.tamper.foreignKey ? (await (foreignKeys ??= generate())).privateKey : keys.privateKey;
    const signature = await crypto.subtle.sign(KEY_PARAMS[alg].sign, key, new TextEncoder().encode(`${header}.${payload}`));
    return `${header}.${payload}.${encodeBase64urlNoPadding(new Uint8Array(signature))}`;
  }

  async function token(request: Request) {
    if (!request.headers.get("Content-Type")?.startsWith("application/x-www-form-urlencoded")) {
      return oauthError(400, "invalid_request", "form body expected");
    }
    const form: Record<string, string> = {};
    for (const [name, value] of (await request.formData()).entries()) if (typeof value === "string") form[name] = value;
    const authorization = request.headers.get("Authorization");
    fake.tokenRequests.push({ form, authorization });
    if (options.clientSecret) {
      const credentials = basicCredentials(authorization);
      if (credentials?.id !== options.clientId || credentials.secret !== options.clientSecret) {
        return oauthError(401, "invalid_client", "client authentication failed");
      }
    } else if (form.client_id !== options.clientId) {
      return oauthError(401, "invalid_client", "unknown client");
    }
    if (form.grant_type !== "authorization_code") return oauthError(400, "unsupported_grant_type", "only authorization_code");
    const grant = grants.get(form.code ?? "");
    // Codes are single use, as RFC 6749 section 4.1.2 requires.
    grants.delete(form.code ?? "");
    if (!grant || grant.clientId !== options.clientId) return oauthError(400, "invalid_grant", "unknown or used code");
    if (form.redirect_uri !== grant.redirectUri)
      return oauthError(400, "invalid_grant", "redirect_uri differs from the authorization request");
    const verifier = form.code_verifier ?? "";
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return oauthError(400, "invalid_grant", "malformed code_verifier");
    if (encodeBase64urlNoPadding(sha256(new TextEncoder().encode(verifier))) !== grant.challenge) {
      return oauthError(400, "invalid_grant", "PKCE verification failed");
    }
    return Response.json(
      { access_token: crypto.randomUUID(), id_token: await signIdToken(grant), token_type: "Bearer", expires_in: 3600, scope: grant.scope },
      { headers: { "Cache-Control": "no-store" } },
    );
  }

  function authorizationRequest(authorizationUrl: string) {
    const url = new URL(authorizationUrl);
    const p = Object.fromEntries(url.searchParams);
    const fail = (why: string) => {
      throw new Error(`fake OIDC provider refuses the authorization request: ${why}`);
    };
    if (`${url.origin}${url.pathname}` !== `${issuer}/authorize`) fail(`wrong endpoint ${url.origin}${url.pathname}`);
    if (p.response_type !== "code") fail(`response_type ${p.response_type}`);
    if (p.client_id !== options.clientId) fail(`client_id ${p.client_id}`);
    if (p.redirect_uri !== options.redirectUri) fail(`redirect_uri ${p.redirect_uri} is not registered`);
    if (!p.scope?.split(" ").includes("openid")) fail("scope lacks openid");
    if (!p.state) fail("no state");
    if (!p.nonce) fail("no nonce");
    if (p.code_challenge_method !== "S256") fail(`code_challenge_method ${p.code_challenge_method}`);
    if (!/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge ?? "")) fail("malformed code_challenge");
    return p;
  }

  const fake: FakeOidc = {
    issuer,
    requests: [],
    tokenRequests: [],
    hang: false,

    async fetch(input, init) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      fake.requests.push(`${request.method} ${url.pathname}`);
      if (fake.hang) {
        return new Promise<Response>((_, reject) => {
          const signal = init?.signal ?? request.signal;
          signal?.addEventListener("abort", () => reject(signal.reason));
        });
      }
      if (url.origin !== new URL(issuer).origin) return new Response("Not Found", { status: 404 });
      if (request.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
        return Response.json({
          issuer: options.discoveryIssuer ?? issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: [alg],
          scopes_supported: ["openid", "email", "profile"],
          token_endpoint_auth_methods_supported: ["client_secret_basic", "none"],
          code_challenge_methods_supported: ["S256"],
          grant_types_supported: ["authorization_code"],
        });
      }
      if (request.method === "GET" && url.pathname === "/jwks") return Response.json({ keys: [publicJwk] });
      if (request.method === "POST" && url.pathname === "/token") return token(request);
      return new Response("Not Found", { status: 404 });
    },

    login(authorizationUrl, user, tamper = {}) {
      const p = authorizationRequest(authorizationUrl);
      const code = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(24)));
      grants.set(code, {
        clientId: p.client_id,
        redirectUri: p.redirect_uri,
        nonce: p.nonce,
        challenge: p.code_challenge,
        user,
        tamper,
        scope: p.scope,
      });
      const callback = new URL(p.redirect_uri);
      callback.searchParams.set("code", code);
      callback.searchParams.set("state", p.state);
      callback.searchParams.set("iss", issuer);
      return callback.toString();
    },

    deny(authorizationUrl, error = "access_denied") {
      const p = authorizationRequest(authorizationUrl);
      const callback = new URL(p.redirect_uri);
      callback.searchParams.set("error", error);
      callback.searchParams.set("error_description", "The user denied the request");
      callback.searchParams.set("state", p.state);
      return callback.toString();
    },
  };
  return fake;
}
