/**
 * Single sign-on's failures: the words a person sees, the detail the log keeps, and the redirect that carries them.
 */
import * as oauth from "oauth4webapi";

import { ProviderError } from "#app/providers/http.server.ts";
import { toastCookie } from "#app/services/http/toast.server.ts";

import { PROVIDER } from "./oidc-settings.server.ts";

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
export const EMAIL_MISSING = "Your identity provider did not share your email address.";
export const PROVIDER_UNREADABLE = "Your identity provider's answer could not be verified. Please try again or contact support.";
const PROVIDER_TIMEOUT = "Your identity provider did not answer in time. Please try again in a moment.";
const PROVIDER_UNREACHABLE = "We could not reach your identity provider. Please try again in a moment.";
export const PROVIDER_REFUSED = "Your identity provider did not accept the sign-in. Please try again.";
const CANCELLED = "The sign-in was cancelled at your identity provider.";
export const IDENTITY_CONFLICT =
  "This email address belongs to an account linked to another identity at your provider. Please contact support.";
export const IDENTITY_TAKEN = "This sign-in is already linked to another Breeze account. Please contact support.";
export const CANNOT_LINK = "An account with this email address already exists and cannot be linked automatically. Please contact support.";

/** The person-facing words for a failure; unknown errors (bugs, D1 down) are not sign-in failures and rethrow. */
export function describeFailure(error: unknown): string {
  if (error instanceof SignInError) return error.description;
  if (error instanceof ProviderError) {
    if (error.status) return PROVIDER_REFUSED;
    return error.message.includes("timed out") ? PROVIDER_TIMEOUT : PROVIDER_UNREACHABLE;
  }
  throw error;
}

/** The words for the `error` an authorization server sends back (RFC 6749 section 4.1.2.1); its free text is not echoed. */
export function describeProviderError(code: string): string {
  return code === "access_denied" ? CANCELLED : PROVIDER_REFUSED;
}

/**
 * oauth4webapi's refusals as ours: an OAuth error answer is the provider refusing; a response that fails a check is
 * one we could not verify. Its TypeErrors are wrong arguments (our bugs) and, like network failures (already
 * ProviderErrors from fetchWithTimeout), pass through.
 */
export function refusal(stage: string, error: unknown): unknown {
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
