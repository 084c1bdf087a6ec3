/**
 * What the single sign-on tests share: the fake provider's settings, a browser's cookies, and signing in through it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { afterEach, beforeEach, expect, vi } from "vitest";

import { loader as callbackLoader } from "#app/routes/api.login.callback.ts";
import { loader as loginLoader } from "#app/routes/api.login.ts";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { STATE_COOKIE } from "#app/services/accounts/oidc-cookies.server.ts";
import { SIGN_IN_FAILED } from "#app/services/accounts/oidc-failures.server.ts";
import { setOidcFetchForTests } from "#app/services/accounts/oidc-settings.server.ts";
import { SESSION_COOKIE } from "#app/services/accounts/session.server.ts";
import { createFakeOidc, type FakeOidc, type FakeUser, type TokenTamper } from "#tests/fakes/oidc.ts";

import { ApiClient, toastOf } from "./api-client.ts";
import { testContext } from "./context.ts";
import { db } from "./db.ts";

export { db };

export const APP_ORIGIN = "https://breeze.test";
export const ISSUER = "https://idp.fake.test";
export const CLIENT_ID = "breeze-web";
export const CLIENT_SECRET = "fake-client-secret-with-enough-entropy";
export const REDIRECT_URI = `${APP_ORIGIN}/api/login/callback`;
export const SSO_VARS = { APP_ORIGIN, OIDC_ISSUER: ISSUER, OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET };

// --- a minimal browser ---------------------------------------------------------------------------------------------

/** The name=value pairs a browser would keep from a response (an empty value or Max-Age=0 deletes). */
export function setCookies(response: Response): Map<string, { value: string; attributes: string }> {
  const cookies = new Map<string, { value: string; attributes: string }>();
  for (const header of response.headers.getSetCookie()) {
    const [pair, ...attributes] = header.split(";").map((part) => part.trim());
    const at = pair.indexOf("=");
    cookies.set(pair.slice(0, at), { value: pair.slice(at + 1), attributes: attributes.join("; ") });
  }
  return cookies;
}

export function cookieHeader(response: Response, name: string): string {
  const cookie = setCookies(response).get(name);
  if (!cookie?.value) throw new Error(`no ${name} cookie set`);
  return `${name}=${cookie.value}`;
}

/** A GET Request carrying exactly `cookie`, for the services that read one (getSession). */
export function get(url: string, cookie?: string) {
  return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
}

/** A browser that keeps its cookies by hand: each request carries exactly the Cookie header the test gives. */
export function browser(context: AppLoadContext, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  return { client: new ApiClient(context), headers };
}

export async function startSignIn(context: AppLoadContext, next?: string, origin = APP_ORIGIN) {
  const url = new URL("/api/login", origin);
  if (next !== undefined) url.searchParams.set("next", next);
  const { client, headers } = browser(context);
  return client.send(loginLoader, "GET", url.toString(), { headers });
}

export async function callback(context: AppLoadContext, callbackUrl: string, cookie?: string) {
  const { client, headers } = browser(context, cookie);
  return client.send(callbackLoader, "GET", callbackUrl, { headers });
}

/** The whole journey: /api/login, the provider's sign-in page, the callback. */
export async function signIn(
  fake: FakeOidc,
  user: FakeUser,
  options: { context?: AppLoadContext; next?: string; tamper?: TokenTamper } = {},
) {
  const context = options.context ?? testContext(SSO_VARS);
  const start = await startSignIn(context, options.next);
  expect(start.status).toBe(302);
  const authorizationUrl = start.headers.get("Location")!;
  const callbackUrl = fake.login(authorizationUrl, user, options.tamper);
  const response = await callback(context, callbackUrl, cookieHeader(start, STATE_COOKIE));
  return { context, start, authorizationUrl, callbackUrl, response };
}

export async function signedInUser(response: Response, context: AppLoadContext) {
  const session = setCookies(response).get(SESSION_COOKIE);
  if (!session?.value) return null;
  return (await getSession(get(`${APP_ORIGIN}/`, `${SESSION_COOKIE}=${session.value}`), context))?.user ?? null;
}

export function person(overrides: Partial<FakeUser> = {}): FakeUser {
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
export function expectRefused(response: Response, description: string | RegExp) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/auth");
  expect(setCookies(response).has(SESSION_COOKIE)).toBe(false);
  expect(setCookies(response).get(STATE_COOKIE)?.attributes).toContain("Max-Age=0");
  const toast = toastOf(response);
  expect(toast).toMatchObject({ title: SIGN_IN_FAILED, variant: "error" });
  expect(toast?.description).toMatch(description);
}

/**
 * Every test of the file gets a fresh fake provider (wired in as the OIDC fetch) and the warnings the routes log about
 * failed sign-ins, kept for assertions instead of the test output.
 */
export function useFakeOidc(take: (fake: FakeOidc, warnings: string[]) => void): void {
  beforeEach(async () => {
    const warnings: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(" ")));
    const fake = await createFakeOidc({ issuer: ISSUER, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI });
    setOidcFetchForTests(fake.fetch, { timeoutMs: 300 });
    take(fake, warnings);
  });
  afterEach(() => {
    setOidcFetchForTests(undefined);
    vi.restoreAllMocks();
  });
}
