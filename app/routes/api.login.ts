import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { getSession } from "#app/services/accounts/auth.server.ts";
import { describeFailure, redirectWithCookies, signInFailed } from "#app/services/accounts/oidc-failures.server.ts";
import { oidcDeps, oidcSettings } from "#app/services/accounts/oidc-settings.server.ts";
import { beginSignIn } from "#app/services/accounts/oidc.server.ts";
import { allowMethods, methodNotAllowed } from "#app/services/http/api.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

/**
 * GET /api/login?next=/path: the "Continue with …" button's target (a browser navigation, the spec). Sends the
 * browser to the identity provider with state, nonce and a PKCE S256 challenge; the verifier waits in a signed
 * cookie for /api/login/callback.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const settings = oidcSettings(context.config);
  if (!settings) return redirectWithCookies("/auth?sso=unavailable");
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  // Signed-in visitors go on to where they were heading, as the other auth pages send them on.
  if (await getSession(request, context)) return redirectWithCookies(next);
  try {
    const { location, cookie } = await beginSignIn(context, settings, next, oidcDeps());
    return redirectWithCookies(location, [cookie]);
  } catch (error) {
    const description = describeFailure(error);
    console.warn(`[sso] sign-in could not start: ${error instanceof Error ? error.message : String(error)}`);
    return signInFailed(description);
  }
}

export function action() {
  return methodNotAllowed(["GET"]);
}
