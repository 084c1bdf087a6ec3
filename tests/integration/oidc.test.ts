import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { createDb } from "#db/client.ts";
import { userIdentities, users } from "#db/schema.ts";
import { INVALID_CREDENTIALS, LINK_EXPIRED } from "#app/domain/accounts/auth-messages.ts";
import { loader as callbackLoader } from "#app/routes/api.login.callback.ts";
import { loader as loginLoader } from "#app/routes/api.login.ts";
import { action as linkAction, loader as linkLoader } from "#app/routes/auth_.link.tsx";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { LINK_COOKIE, LINK_PAGE, STATE_COOKIE } from "#app/services/accounts/oidc-cookies.server.ts";
import { EMAIL_UNVERIFIED, IDENTITY_CONFLICT, SIGN_IN_FAILED, STATE_INVALID } from "#app/services/accounts/oidc-failures.server.ts";
import { getSsoStatus, setOidcFetchForTests } from "#app/services/accounts/oidc-settings.server.ts";
import { hashPassword } from "#app/services/accounts/password.server.ts";
import { SESSION_COOKIE } from "#app/services/accounts/session.server.ts";
import { basicCredentials, createFakeOidc, type FakeOidc, type FakeUser, type TokenTamper } from "#tests/fakes/oidc.ts";

import { ApiClient, registerClient, toastOf } from "./api-client.ts";
import { testContext } from "./context.ts";

const db = createDb(env.DB);

const APP_ORIGIN = "https://breeze.test";
const ISSUER = "https://idp.fake.test";
const CLIENT_ID = "breeze-web";
const CLIENT_SECRET = "fake-client-secret-with-enough-entropy";
const REDIRECT_URI = `${APP_ORIGIN}/api/login/callback`;
const SSO_VARS = { APP_ORIGIN, OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET };

// --- a minimal browser ---------------------------------------------------------------------------------------------

/** The name=value pairs a browser would keep from a response (an empty value or Max-Age=0 deletes). */
function setCookies(response: Response): Map<string, { value: string; attributes: string }> {
  const cookies = new Map<string, { value: string; attributes: string }>();
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), { value: pair.slice(at + 1), attributes: attributes.join("; ") });
  }
  return cookies;
}

function cookieHeader(response: Response, name: string): string {
  const cookie = setCookies(response).get(name);
  if (!cookie?.value) throw new Error(`no ${name} cookie set`);
  return `${name}=${cookie.value}`;
}

/** A GET Request carrying exactly `cookie`, for the services that read one (getSession). */
function get(url: string, cookie?: string) {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A browser that keeps its cookies by hand: each request carries exactly the Cookie header the test gives. */
function browser(context: AppLoadContext, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  return { client: new ApiClient(context), headers };
}

async function startSignIn(context: AppLoadContext, next?: string, origin = APP_ORIGIN) {
  const url = new URL("/api/login", origin);
  if (next !== undefined) url.searchParams.set("next", next);
  const { client, headers } = browser(context);
  return client.send(loginLoader, "GET", url.toString(), { headers });
}

async function callback(context: AppLoadContext, callbackUrl: string, cookie?: string) {
  const { client, headers } = browser(context, cookie);
  return client.send(callbackLoader, "GET", callbackUrl, { headers });
}

/** The whole journey: /api/login, the provider's sign-in page, the callback. */
async function signIn(fake: FakeOidc, user: FakeUser, options: { context?: AppLoadContext; next?: string; tamper?: TokenTamper } = {}) {
  const context = options.context ?? testContext(SSO_VARS);
  const start = await startSignIn(context, options.next);
  expect(start.status).toBe(302);
  const authorizationUrl = start.headers.get("Location")!;
  const callbackUrl = fake.login(authorizationUrl, user, options.tamper);
  const response = await callback(context, callbackUrl, cookieHeader(start, STATE_COOKIE));
  return { context, start, authorizationUrl, callbackUrl, response };
}

async function signedInUser(response: Response, context: AppLoadContext) {
  const session = setCookies(response).get(SESSION_COOKIE);
  if (!session?.value) return null;
  return (await getSession(get(`${APP_ORIGIN}/`, `${SESSION_COOKIE}=${session.value}`), context))?.user ?? null;
}

function person(overrides: Partial<FakeUser> = {}): FakeUser {
  const id = crypto.randomUUID();
  return {
    sub: `sub-${id}`,
    email: `Pat.${id}@Example.com`,
    email_verified: true,
    given_name: "Pat",
    family_name: "Okafor",
    name: "Pat Okafor",
    ...overrides,
  };
}

/** A refused sign-in: back to /auth with the toast, no session, the state cookie spent. */
function expectRefused(response: Response, description: string | RegExp) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth");
  expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
  expect(setCookies(response).get(STATE_COOKIE)?.attributes).toContain("Max-Age=0");
  const toast = toastOf(response);
  expect(toast).toMatchObject({ title: SIGN_IN_FAILED, variant: "error" });
  expect(toast?.description).toMatch(description);
}

let fake: FakeOidc;
let warnings: string[];

beforeEach(async () => {
  // The routes log why a sign-in failed; keep them for assertions instead of the test output.
  warnings = [];
  vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
  fake = await createFakeOidc({ issuer: ISSUER, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI });
  setOidcFetchForTests(fake.fetch, { timeoutMs: 300 });
});

afterEach(() => {
  setOidcFetchForTests(undefined);
  vi.restoreAllMocks();
});

// --- configuration -------------------------------------------------------------------------------------------------

describe("single sign-on configuration", () => {
  it("is off without an issuer and a client id, and labels the button from the configuration", () => {
    expect(getSsoStatus(testContext().config)).toEqual({ enabled: false, providerName: "Single Sign-On" });
    expect(getSsoStatus(testContext(SSO_VARS).config)).toEqual({ enabled: true, providerName: "Single Sign-On" });
    expect(getSsoStatus(testContext({ ...SSO_VARS, OIDC_PROVIDER_NAME: "Okta" }).config).providerName).toBe("Okta");
  });

  it("refuses half a configuration, naming the missing setting", () => {
    expect(() => testContext({ OIDC_CLIENT_ID: CLIENT_ID })).toThrow(/OIDC_ISSUER is required when OIDC_CLIENT_ID is set/);
    expect(() => testContext({ OIDC_ISSUER: ISSUER })).toThrow(/OIDC_CLIENT_ID is required when OIDC_ISSUER is set/);
    expect(() => testContext({ OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: CLIENT_ID })).toThrow(/SESSION_SECRET is required/);
    expect(() => testContext({ ...SSO_VARS, OIDC_SCOPES: "email profile" })).toThrow(/OIDC_SCOPES: must include openid/);
    expect(() => testContext({ ...SSO_VARS, OIDC_ISSUER: "http://idp.example" })).toThrow(/OIDC_ISSUER/);
  });

  it("sends visitors to /auth?sso=unavailable when it is not set up", async () => {
    const context = testContext({ APP_ORIGIN });
    const response = await startSignIn(context, "/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?sso=unavailable");
    expect(setCookies(response).has(STATE_COOKIE)).toBe(false);
    const back = await callback(context, `${REDIRECT_URI}?code=x&state=y`);
    expect(back.headers.get("Location")).toBe("/auth?sso=unavailable");
    expect(fake.requests).toEqual([]);
  });
});

// --- the authorization request -------------------------------------------------------------------------------------

describe("GET /api/login", () => {
  it("redirects to the provider with PKCE S256, state, nonce and the configured redirect_uri", async () => {
    // The request arrives under another Host: the redirect_uri still comes from APP_ORIGIN.
    const response = await startSignIn(testContext(SSO_VARS), "/profile", "https://attacker.example");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${ISSUER}/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).not.toBe(params.nonce);

    const cookie = setCookies(response).get(STATE_COOKIE)!;
    expect(cookie.attributes).toBe("Path=/api/login; HttpOnly; Secure; SameSite=Lax; Max-Age=600");
    // Signed, and it does not show the state in clear text next to a guessable signature.
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(fake.requests).toEqual(["GET /.well-known/openid-configuration"]);
  });

  it("starts a fresh state, nonce and verifier every time", async () => {
    const context = testContext(SSO_VARS);
    const [a, b] = [await startSignIn(context), await startSignIn(context)];
    const state = (r: Response) => new URL(r.headers.get("Location")!).searchParams.get("state");
    const challenge = (r: Response) => new URL(r.headers.get("Location")!).searchParams.get("code_challenge");
    expect(state(a)).not.toBe(state(b));
    expect(challenge(a)).not.toBe(challenge(b));
  });

  it("refuses a provider whose discovery document names another issuer", async () => {
    fake = await createFakeOidc({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
      discoveryIssuer: "https://other.example",
    });
    setOidcFetchForTests(fake.fetch);
    const response = await startSignIn(testContext(SSO_VARS));
    expect(response.headers.get("Location")).toBe("/auth");
    expect(toastOf(response)).toMatchObject({ title: SIGN_IN_FAILED });
    expect(setCookies(response).has(STATE_COOKIE)).toBe(false);
  });

  it("answers a provider that does not answer with a clear failure, not a 5xx", async () => {
    fake.hang = true;
    const response = await startSignIn(testContext(SSO_VARS));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth");
    expect(toastOf(response)).toMatchObject({ title: SIGN_IN_FAILED, description: expect.stringMatching(/did not answer in time/) });
  });
});

// --- the round trip ------------------------------------------------------------------------------------------------

describe("signing in with the identity provider", () => {
  it("creates a verified account, links the identity, signs in and goes to next", async () => {
    const user = person();
    const { context, authorizationUrl, response } = await signIn(fake, user, { next: "/profile?tab=company" });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/profile?tab=company");
    // Two cookies in one answer: the new session and the spent state cookie.
    const cookies = setCookies(response);
    expect(cookies.get(STATE_COOKIE)?.attributes).toContain("Max-Age=0");
    expect(cookies.get(SESSION_COOKIE)?.attributes).toContain("HttpOnly");

    const signedIn = await signedInUser(response, context);
    expect(signedIn).toMatchObject({
      email: user.email!.toLowerCase(),
      emailVerified: true,
      passwordHash: null,
      firstName: "Pat",
      lastName: "Okafor",
      fullName: "Pat Okafor",
    });
    const identities = await db.select().from(userIdentities).where(eq(userIdentities.userId, signedIn!.id));
    expect(identities).toMatchObject([{ issuer: ISSUER, subject: user.sub }]);

    // What reached the token endpoint: client_secret_basic, the configured redirect_uri, the verifier of the challenge.
    const [exchange] = fake.tokenRequests;
    expect(basicCredentials(exchange.authorization)).toEqual({ id: CLIENT_ID, secret: CLIENT_SECRET });
    // client_id rides in the Basic header (RFC 6749 §2.3.1); a public client sends it in the form (test below).
    expect(exchange.form).toMatchObject({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI });
    // The S256 challenge computed here, independently of the app (RFC 7636 §4.2).
    const challenge = encodeBase64urlNoPadding(sha256(new TextEncoder().encode(exchange.form.code_verifier)));
    expect(challenge).toBe(new URL(authorizationUrl).searchParams.get("code_challenge"));
    expect(exchange.form.code_verifier.length).toBeGreaterThanOrEqual(43);
  });

  it("never follows next off the site", async () => {
    for (const next of ["https://evil.example", "//evil.example/x", "/\\evil.example"]) {
      const { response } = await signIn(fake, person(), { next });
      expect(response.headers.get("Location")).toBe("/");
    }
    const { response } = await signIn(fake, person());
    expect(response.headers.get("Location")).toBe("/");
  });

  it("signs the same person into the same account the second time", async () => {
    const user = person();
    const first = await signIn(fake, user);
    const second = await signIn(fake, { ...user, email: `changed-${user.email}` });
    const [a, b] = [await signedInUser(first.response, first.context), await signedInUser(second.response, second.context)];
    expect(b?.id).toBe(a?.id);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.subject, user.sub))).toHaveLength(1);
  });

  it("links an existing password account whose email Breeze verified instead of duplicating it", async () => {
    const email = `owner-${crypto.randomUUID()}@example.com`;
    const passwordHash = await hashPassword("correct horse battery staple");
    const [existing] = await db.insert(users).values({ email, firstName: "Dana", passwordHash, emailVerified: true }).returning();
    const user = person({ email: email.toUpperCase() });

    const { response, context } = await signIn(fake, user);
    const signedIn = await signedInUser(response, context);
    expect(signedIn?.id).toBe(existing.id);
    expect(signedIn).toMatchObject({ passwordHash, firstName: "Dana", emailVerified: true });
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id))).toMatchObject([{ subject: user.sub }]);
  });

  it("does not hand an account already linked to another subject at the provider to a new one", async () => {
    const email = `reassigned-${crypto.randomUUID()}@example.com`;
    await signIn(fake, person({ email }));
    const { response } = await signIn(fake, person({ email }));
    expectRefused(response, /linked to another identity/);
  });

  it("sends a visitor who is already signed in straight on to next", async () => {
    const first = await signIn(fake, person());
    const session = cookieHeader(first.response, SESSION_COOKIE);
    const { client, headers } = browser(testContext(SSO_VARS), session);
    const response = await client.send(loginLoader, "GET", `${APP_ORIGIN}/api/login?next=%2Fprofile`, { headers });
    expect(response.headers.get("Location")).toBe("/profile");
    expect(setCookies(response).has(STATE_COOKIE)).toBe(false);
  });

  it("ends the session another account had in this browser when someone signs in", async () => {
    const earlier = await signIn(fake, person());
    const earlierSession = cookieHeader(earlier.response, SESSION_COOKIE);
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context);
    const callbackUrl = fake.login(start.headers.get("Location")!, person());
    const response = await callback(context, callbackUrl, `${cookieHeader(start, STATE_COOKIE)}; ${earlierSession}`);
    expect(await signedInUser(response, context)).not.toBeNull();
    expect(await getSession(get(`${APP_ORIGIN}/`, earlierSession), testContext(SSO_VARS))).toBeNull();
  });

  it("works for a public client with PKCE alone, keyed by SESSION_SECRET", async () => {
    fake = await createFakeOidc({ issuer: ISSUER, clientId: CLIENT_ID, redirectUri: REDIRECT_URI });
    setOidcFetchForTests(fake.fetch);
    const context = testContext({ APP_ORIGIN, OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: CLIENT_ID, SESSION_SECRET: "x".repeat(32) });
    const { response } = await signIn(fake, person(), { context });
    expect(await signedInUser(response, context)).not.toBeNull();
    expect(fake.tokenRequests[0].authorization).toBeNull();
    expect(fake.tokenRequests[0].form.client_id).toBe(CLIENT_ID);
  });

  it("talks plain http only to a loopback issuer outside production", async () => {
    const issuer = "http://127.0.0.1:9555";
    fake = await createFakeOidc({ issuer, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI });
    setOidcFetchForTests(fake.fetch);
    const local = testContext({ ...SSO_VARS, OIDC_ISSUER: issuer, APP_ENV: "development" });
    const { response } = await signIn(fake, person(), { context: local });
    expect(await signedInUser(response, local)).not.toBeNull();

    const production = testContext({ ...SSO_VARS, OIDC_ISSUER: issuer, APP_ENV: "production" });
    const refused = await startSignIn(production);
    expect(refused.headers.get("Location")).toBe("/auth");
    expect(warnings.join("\n")).toMatch(/only requests to HTTPS are allowed/);
  });

  it("accepts ES256-signed ID tokens", async () => {
    fake = await createFakeOidc({
      issuer: ISSUER,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
      alg: "ES256",
    });
    setOidcFetchForTests(fake.fetch);
    const { response, context } = await signIn(fake, person());
    expect(await signedInUser(response, context)).not.toBeNull();
  });
});

// --- refusals ------------------------------------------------------------------------------------------------------

describe("a sign-in that must not succeed", () => {
  it("refuses a tampered state", async () => {
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context);
    const callbackUrl = new URL(fake.login(start.headers.get("Location")!, person()));
    callbackUrl.searchParams.set("state", "A".repeat(43));
    expectRefused(await callback(context, callbackUrl.toString(), cookieHeader(start, STATE_COOKIE)), STATE_INVALID);
    expect(fake.tokenRequests).toEqual([]);
  });

  it("refuses a callback without the state cookie (another browser) or with a forged one", async () => {
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context, "/profile");
    const callbackUrl = fake.login(start.headers.get("Location")!, person());
    expectRefused(await callback(context, callbackUrl), STATE_INVALID);

    const [payload, signature] = setCookies(start).get(STATE_COOKIE)!.value.split(".");
    const altered = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
    const forged = btoa(JSON.stringify({ ...altered, next: "/admin" }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    expectRefused(await callback(context, callbackUrl, `${STATE_COOKIE}=${forged}.${signature}`), STATE_INVALID);
    expect(fake.tokenRequests).toEqual([]);
  });

  it("refuses a state cookie older than ten minutes", async () => {
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context);
    const callbackUrl = fake.login(start.headers.get("Location")!, person());
    const later: AppLoadContext = { ...context, now: () => new Date(Date.now() + 11 * 60 * 1000) };
    expectRefused(await callback(later, callbackUrl, cookieHeader(start, STATE_COOKIE)), STATE_INVALID);
  });

  it("refuses a replayed callback", async () => {
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context);
    const callbackUrl = fake.login(start.headers.get("Location")!, person());
    const first = await callback(context, callbackUrl, cookieHeader(start, STATE_COOKIE));
    expect(await signedInUser(first, context)).not.toBeNull();
    expectRefused(await callback(context, callbackUrl, cookieHeader(start, STATE_COOKIE)), /did not accept/);
  });

  const badTokens: [string, TokenTamper][] = [
    ["an expired ID token", { expiresIn: -3600 }],
    ["an ID token for another audience", { aud: "someone-else" }],
    ["an ID token for several audiences without us as the authorized party", { aud: ["someone-else", CLIENT_ID] }],
    ["an ID token with another nonce", { nonce: "n".repeat(43) }],
    ["an ID token from another issuer", { iss: "https://other.example" }],
    ["an ID token signed with another key", { foreignKey: true }],
    ["an ID token that claims alg none", { alg: "none" }],
    ["an ID token that claims HS256", { alg: "HS256" }],
  ];
  for (const [what, tamper] of badTokens) {
    it(`refuses ${what}`, async () => {
      const { response } = await signIn(fake, person(), { tamper });
      expectRefused(response, /could not be verified/);
      expect(warnings.join("\n")).toMatch(/\[sso\] sign-in failed: ID token rejected: /);
    });
  }

  it("accepts an ID token within the 60 s clock skew", async () => {
    const { response, context } = await signIn(fake, person(), { tamper: { expiresIn: -30 } });
    expect(await signedInUser(response, context)).not.toBeNull();
  });

  it("refuses an unverified email, creating and linking nothing", async () => {
    for (const emailVerified of [false, "true", undefined]) {
      const user = person({ email_verified: emailVerified });
      const { response } = await signIn(fake, user);
      expectRefused(response, EMAIL_UNVERIFIED);
      expect(await db.select().from(users).where(eq(users.email, user.email!.toLowerCase()))).toEqual([]);
      expect(await db.select().from(userIdentities).where(eq(userIdentities.subject, user.sub))).toEqual([]);
    }
  });

  it("does not link an existing account on an unverified email", async () => {
    const email = `unverified-${crypto.randomUUID()}@example.com`;
    const [existing] = await db
      .insert(users)
      .values({ email, passwordHash: await hashPassword("correct horse battery staple") })
      .returning();
    const { response } = await signIn(fake, person({ email, email_verified: false }));
    expectRefused(response, EMAIL_UNVERIFIED);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, existing.id))).toEqual([]);
  });

  it("tells the person when they cancelled at the provider", async () => {
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context);
    const response = await callback(context, fake.deny(start.headers.get("Location")!), cookieHeader(start, STATE_COOKIE));
    expectRefused(response, /cancelled/);
    expect(toastOf(response)?.description).not.toContain("denied the request");
  });

  it("answers a token endpoint that times out with a clear failure, not a 5xx", async () => {
    const context = testContext(SSO_VARS);
    const start = await startSignIn(context);
    const callbackUrl = fake.login(start.headers.get("Location")!, person());
    fake.hang = true;
    expectRefused(await callback(context, callbackUrl, cookieHeader(start, STATE_COOKIE)), /did not answer in time/);
  });
});

// --- an account whose email Breeze never verified ------------------------------------------------------------------

describe("single sign-on to an account whose email Breeze never verified", () => {
  const PASSWORD = "sunny2026"; // what registerClient signs up with

  /** POST /auth/link with the password, as the page's form would send it (the action throws its redirect). */
  async function submitLink(context: AppLoadContext, cookie: string | undefined, password: string) {
    const { headers } = browser(context, cookie);
    return new ApiClient(context, "198.51.100.77").send(linkAction, "POST", `${APP_ORIGIN}${LINK_PAGE}`, {
      urlencoded: { password },
      headers,
    });
  }

  async function answerOf(response: Response) {
    return z
      .object({
        result: z.object({ error: z.record(z.string(), z.array(z.string()).nullable()).optional() }).passthrough(),
        expired: z.boolean(),
      })
      .parse(await response.json());
  }

  async function identitiesOf(userId: string) {
    return db.select().from(userIdentities).where(eq(userIdentities.userId, userId));
  }

  /** Someone registers the address with a password first; later its real owner signs in with the provider. */
  async function squattedAccount() {
    const { email, userId } = await registerClient("victim");
    const owner = person({ email });
    const { response, context } = await signIn(fake, owner, { next: "/profile" });
    return { email, userId, owner, response, context };
  }

  it("does not sign the provider's user into it: it asks for the account's password first", async () => {
    const { userId, owner, response, context } = await squattedAccount();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(LINK_PAGE);
    const cookies = setCookies(response);
    expect(cookies.has(SESSION_COOKIE)).toBe(false);
    expect(cookies.get(STATE_COOKIE)?.attributes).toContain("Max-Age=0");
    expect(cookies.get(LINK_COOKIE)?.attributes).toBe(`Path=${LINK_PAGE}; HttpOnly; Secure; SameSite=Lax; Max-Age=600`);
    expect(await signedInUser(response, context)).toBeNull();

    const [account] = await db.select().from(users).where(eq(users.id, userId));
    expect(account.emailVerified).toBe(false);
    expect(await identitiesOf(userId)).toEqual([]);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.subject, owner.sub))).toEqual([]);

    // The page says which account, from the signed cookie.
    const { client, headers } = browser(context, cookieHeader(response, LINK_COOKIE));
    const page = await client.load(linkLoader, `${APP_ORIGIN}${LINK_PAGE}`, { headers });
    expect(page).toMatchObject({ email: owner.email!.toLowerCase() });
  });

  it("links the sign-in and signs in after the account's correct password, then goes to next", async () => {
    const { userId, owner, response, context } = await squattedAccount();
    const linked = await submitLink(context, cookieHeader(response, LINK_COOKIE), PASSWORD);
    expect(linked.status).toBe(302);
    expect(linked.headers.get("Location")).toBe("/profile");
    expect(setCookies(linked).get(LINK_COOKIE)?.attributes).toContain("Max-Age=0");
    expect((await signedInUser(linked, context))?.id).toBe(userId);
    expect(await identitiesOf(userId)).toMatchObject([{ issuer: ISSUER, subject: owner.sub }]);

    // From now on the provider alone signs this person into the account.
    const again = await signIn(fake, owner);
    expect((await signedInUser(again.response, again.context))?.id).toBe(userId);
  });

  it("does not link on a wrong password, and says so next to the field", async () => {
    const { userId, response, context } = await squattedAccount();
    const refused = await submitLink(context, cookieHeader(response, LINK_COOKIE), "not-the-password-1");
    expect(refused.status).toBe(401);
    expect(setCookies(refused).has(SESSION_COOKIE)).toBe(false);
    const answer = await answerOf(refused);
    expect(answer.result.error?.password).toEqual([INVALID_CREDENTIALS]);
    expect(answer.expired).toBe(false);
    expect(await identitiesOf(userId)).toEqual([]);
  });

  it("refuses a pending link older than ten minutes, a forged one, a missing one and a state cookie passed off as one", async () => {
    const { userId, response, context } = await squattedAccount();
    const cookie = cookieHeader(response, LINK_COOKIE);
    const [payload, signature] = cookie.slice(LINK_COOKIE.length + 1).split(".");
    const claims = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
    const forged = btoa(JSON.stringify({ ...claims, next: "/admin" }))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
    const start = await startSignIn(context);
    const later: AppLoadContext = { ...context, now: () => new Date(Date.now() + 11 * 60 * 1000) };

    for (const [clock, attempt] of [
      [later, cookie],
      [context, `${LINK_COOKIE}=${forged}.${signature}`],
      [context, undefined],
      [context, `${LINK_COOKIE}=${setCookies(start).get(STATE_COOKIE)!.value}`],
    ] as const) {
      const refused = await submitLink(clock, attempt, PASSWORD);
      expect(refused.status).toBe(400);
      expect(setCookies(refused).has(SESSION_COOKIE)).toBe(false);
      const answer = await answerOf(refused);
      expect(answer.expired).toBe(true);
      expect(answer.result.error?.[""]).toEqual([LINK_EXPIRED]);
      const { client, headers } = browser(clock, attempt);
      const page = await client.load(linkLoader, `${APP_ORIGIN}${LINK_PAGE}`, { headers });
      expect(page).toMatchObject({ email: null });
    }
    expect(await identitiesOf(userId)).toEqual([]);
  });

  it("still links an account whose email Breeze verified directly", async () => {
    const { email, userId } = await registerClient("verified");
    await env.DB.prepare("UPDATE users SET email_verified = 1 WHERE id = ?").bind(userId).run();
    const owner = person({ email });
    const { response, context } = await signIn(fake, owner);
    expect((await signedInUser(response, context))?.id).toBe(userId);
    expect(await identitiesOf(userId)).toMatchObject([{ subject: owner.sub }]);
  });

  it("refuses to link by password an account already linked to another subject at the provider", async () => {
    const { email, userId, response, context } = await squattedAccount();
    await db.insert(userIdentities).values({ userId, issuer: ISSUER, subject: `other-${crypto.randomUUID()}` });
    const refused = await submitLink(context, cookieHeader(response, LINK_COOKIE), PASSWORD);
    expect(refused.status).toBe(409);
    expect((await answerOf(refused)).result.error?.[""]).toEqual([IDENTITY_CONFLICT]);
    expect(setCookies(refused).has(SESSION_COOKIE)).toBe(false);
    expect(await identitiesOf(userId)).toHaveLength(1);
    expect(email).toContain("victim");
  });
});

describe("racing callbacks", () => {
  it("never answer 500 when two callbacks for the same new subject arrive together", async () => {
    const user = person();
    const context = testContext(SSO_VARS);
    const starts = [await startSignIn(context), await startSignIn(context)];
    const callbacks = starts.map((start) => ({
      url: fake.login(start.headers.get("Location")!, user),
      cookie: cookieHeader(start, STATE_COOKIE),
    }));
    const responses = await Promise.all(callbacks.map(({ url, cookie }) => callback(context, url, cookie)));
    for (const response of responses) expect(response.status).toBe(302);
    const ids = await Promise.all(responses.map((response) => signedInUser(response, context)));
    expect(ids.every((signed) => signed?.email === user.email!.toLowerCase())).toBe(true);
    expect(new Set(ids.map((signed) => signed?.id)).size).toBe(1);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.subject, user.sub))).toHaveLength(1);
  });

  it("never answer 500 when two password links for the same subject arrive together", async () => {
    const { email, userId } = await registerClient("race");
    const owner = person({ email });
    const first = await signIn(fake, owner);
    const second = await signIn(fake, owner);
    const context = first.context;
    const results = await Promise.all(
      [first.response, second.response].map((response) =>
        new ApiClient(context).send(linkAction, "POST", `${APP_ORIGIN}${LINK_PAGE}`, {
          urlencoded: { password: "sunny2026" },
          headers: { Cookie: cookieHeader(response, LINK_COOKIE) },
        }),
      ),
    );
    // Both proved the password for the same subject: both are signed in, one identity row.
    for (const result of results) expect(result.status).toBe(302);
    expect(await db.select().from(userIdentities).where(eq(userIdentities.userId, userId))).toHaveLength(1);
  });
});
