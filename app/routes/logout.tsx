import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { logout } from "#app/services/accounts/auth.server.ts";
import { clearSessionCookie } from "#app/services/accounts/session.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";

/** GET (a bare visit, sent home) and POST (the form) are served; anything else is a 405. */
const METHODS = ["GET", "POST"] as const;

/** POST /logout (the sidebar's Logout form): ends the server-side session and goes to /. */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, METHODS);
  await logout(context, request);
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie() } });
}

/** Signing out is never a GET, so a link or image on another site cannot sign anyone out. */
export function loader({ request }: LoaderFunctionArgs) {
  allowMethods(request, METHODS);
  return redirect("/");
}
