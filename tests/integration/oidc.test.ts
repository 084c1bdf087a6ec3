// Single sign-on: configuration, GET /api/login, and signing in with the identity provider.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { userIdentities, users } from "#db/schema.ts";
import { loader as loginLoader } from "#app/routes/api.login.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { STATE_COOKIE } from "#app/services/accounts/oidc-cookies.server.ts";
import { SIGN_IN_FAILED } from "#app/services/accounts/oidc-failures.server.ts";
import { getSsoStatus, setOidcFetchForTests } from "#app/services/accounts/oidc-settings.server.ts";
import { hashPassword } from "#app/services/accounts/password.server.ts";
import { SESSION_COOKIE } from "#app/services/accounts/session.server.ts";
import { foundWorkspace } from "#app/services/workspaces/founding.server.ts";
import { basicCredentials, createFakeOidc, type FakeOidc } from "#tests/fakes/oidc.ts";

import { toastOf } from "./api-client.ts";
import { testContext } from "./context.ts";
import {
  APP_ORIGIN,
  browser,
  callback,
  CLIENT_ID,
  CLIENT_SECRET,
  cookieHeader,
  db,
  expectRefused,
  get,
  ISSUER,
  person,
  REDIRECT_URI,
  setCookies,
  signedInUser,
  signIn,
  SSO_VARS,
  startSignIn,
  useFakeOidc,
} from "./oidc-setup.ts";

let fake: FakeOidc;
let warnings: string[];
useFakeOidc((made, kept) => {
  fake = made;
  warnings = kept;
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
      firstName: "Pat",
      lastName: "Okafor",
      fullName: "Pat Okafor",
    });
    // An account made by single sign-on has no password (the session's user never carries the hash: read the row).
    expect(await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, signedIn!.id))).toEqual([
      { passwordHash: null },
    ]);
    const identities = await db.select().from(userIdentities).where(eq(userIdentities.userId, signedIn!.id));
    expect(identities).toMatchObject([{ issuer: ISSUER, subject: user.sub }]);

    // What reached the token endpoint: client_secret_basic, the configured redirect_uri, the verifier of the challenge.
    const [exchange] = fake.tokenRequests;
    expect(basicCredentials(exchange.authorization)).toEqual({ id: CLIENT_ID, secret: CLIENT_SECRET });
    // client_id rides in the Basic header (RFC 6749 section 2.3.1); a public client sends it in the form (test below).
    expect(exchange.form).toMatchObject({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI });
    // The S256 challenge computed here, independently of the app (RFC 7636 section 4.2).
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
    await db.batch(foundWorkspace({ db }, { userId: existing.id, name: "Dana" }));
    const user = person({ email: email.toUpperCase() });

    const { response, context } = await signIn(fake, user);
    const signedIn = await signedInUser(response, context);
    expect(signedIn?.id).toBe(existing.id);
    expect(signedIn).toMatchObject({ firstName: "Dana", emailVerified: true });
    // Linking keeps the account's password.
    expect(await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, existing.id))).toEqual([{ passwordHash }]);
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
