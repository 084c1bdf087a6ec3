import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { apiJson, methodNotAllowed } from "~/services/api.server";
import { logout } from "~/services/auth.server";
import { clearSessionCookie } from "~/services/session.server";

/** POST /api/auth/logout: deletes the server-side session and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await logout(context, request);
  return apiJson({ success: true, message: "Logged out" }, { cookies: [clearSessionCookie()] });
}

export const loader = () => methodNotAllowed(["POST"]);
