/**
 * Single sign-on's configuration (from the parsed environment) and how its calls reach the provider (an injectable fetch).
 */

import type { AppEnv } from "#app/providers/env.server.ts";
import type { Fetch } from "#app/providers/http.server.ts";

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

export const PROVIDER = "identity provider";
