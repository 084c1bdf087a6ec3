import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { LoginSchema } from "#app/domain/accounts/auth-schemas.ts";
import { requestMeta } from "#app/services/accounts/auth.server.ts";
import { login } from "#app/services/accounts/sign-in.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { safeNext } from "#app/services/http/request.server.ts";

/** POST /api/auth/login { email, password, remember, next? }: { success, message, next } and a session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readBody(request, LoginSchema);
  const outcome = await login(context, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, message: "Login successful!", next: safeNext(input.next) }, { cookies: [outcome.cookie] });
}

export const loader = () => methodNotAllowed(["POST"]);
