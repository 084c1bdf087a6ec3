import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { logout, requestMeta } from "#app/services/accounts/auth.server.ts";
import { clearStateCookie, LINK_PAGE, linkCookie, readStateCookie } from "#app/services/accounts/oidc-cookies.server.ts";
import {
  describeFailure,
  describeProviderError,
  redirectWithCookies,
  signInFailed,
  STATE_INVALID,
} from "#app/services/accounts/oidc-failures.server.ts";
import { oidcDeps, oidcSettings } from "#app/services/accounts/oidc-settings.server.ts";
import { completeSignIn } from "#app/services/accounts/oidc.server.ts";
import { signInUser } from "#app/services/accounts/sign-in.server.ts";
import { resolveSsoUser } from "#app/services/accounts/sso-accounts.server.ts";
import { allowMethods, methodNotAllowed } from "#app/services/http/api.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

/**
 * GET /api/login/callback?code&state (or ?error): where the identity provider sends the browser back. The state
 * must match the signed cookie set by /api/login; then the code is exchanged, the ID token verified and the
 * person signed into their account (linked identity, else a verified account with the same email, else a new
 * account). An account with that email that we never verified is not handed over: the person goes to /auth/link
 * to prove its password first. Every failure goes back to /auth with a "Sign-in failed" toast; the state cookie is
 * single use either way.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const settings = oidcSettings(context.config);
  if (!settings) return redirectWithCookies("/auth?sso=unavailable", [clearStateCookie()]);
  const clear = clearStateCookie();
  const params = new URL(request.url).searchParams;

  const providerError = params.get("error");
  if (providerError) return signInFailed(describeProviderError(providerError), [clear]);

  const pending = await readStateCookie(request, settings, context.now());
  if (!pending || !params.get("code") || params.get("state") !== pending.state) return signInFailed(STATE_INVALID, [clear]);

  try {
    const identity = await completeSignIn(context, settings, { callbackParams: params, pending }, oidcDeps());
    const account = await resolveSsoUser(context, identity);
    if (account.kind === "refused") return signInFailed(account.description, [clear]);
    if (account.kind === "needs-password") {
      const link = { issuer: identity.issuer, subject: identity.subject, email: account.email, next: pending.next };
      return redirectWithCookies(LINK_PAGE, [clear, await linkCookie(link, settings, context.now())]);
    }
    // A different account may be signed in in this browser: that session ends, a new one starts (new at every sign-in).
    await logout(context, request);
    const { cookie } = await signInUser(context, account.userId, requestMeta(request));
    return redirectWithCookies(safeNext(pending.next), [clear, cookie]);
  } catch (error) {
    const description = describeFailure(error);
    console.warn(`[sso] sign-in failed: ${error instanceof Error ? error.message : String(error)}`);
    return signInFailed(description, [clear]);
  }
}

export function action() {
  return methodNotAllowed(["GET"]);
}
