// Single sign-on: a sign-in that must not succeed, and an account whose email Breeze never verified.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { userIdentities, users } from "#db/schema.ts";
import { INVALID_CREDENTIALS, LINK_EXPIRED } from "#app/domain/accounts/auth-messages.ts";
import { action as linkAction, loader as linkLoader } from "#app/routes/auth_.link.tsx";
import { LINK_COOKIE, LINK_PAGE, STATE_COOKIE } from "#app/services/accounts/oidc-cookies.server.ts";
import { EMAIL_UNVERIFIED, IDENTITY_CONFLICT, STATE_INVALID } from "#app/services/accounts/oidc-failures.server.ts";
import { hashPassword } from "#app/services/accounts/password.server.ts";
import { SESSION_COOKIE } from "#app/services/accounts/session.server.ts";
import { type FakeOidc, type TokenTamper } from "#tests/fakes/oidc.ts";

import { ApiClient, registerClient, toastOf } from "./api-client.ts";
import { testContext } from "./context.ts";
import {
  APP_ORIGIN,
  browser,
  callback,
  CLIENT_ID,
  cookieHeader,
  db,
  expectRefused,
  ISSUER,
  person,
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
