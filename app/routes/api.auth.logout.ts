import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { logout } from "#app/services/accounts/auth.server.ts";
import { clearSessionCookie } from "#app/services/accounts/session.server.ts";
import { apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";

/** POST /api/auth/logout: deletes the server-side session and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await logout(context, request);
  return apiJson({ success: true, message: "Logged out" }, { cookies: [clearSessionCookie()] });
}

export const loader = () => methodNotAllowed(["POST"]);
