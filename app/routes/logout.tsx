import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { logout } from "#app/services/accounts/auth.server.ts";
import { clearSessionCookie } from "#app/services/accounts/session.server.ts";

/** POST /logout (the sidebar's Logout form): ends the server-side session and goes to /. */
export async function action({ request, context }: ActionFunctionArgs) {
  await logout(context, request);
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie() } });
}

/** Signing out is never a GET, so a link or image on another site cannot sign anyone out. */
export function loader() {
  return redirect("/");
}
