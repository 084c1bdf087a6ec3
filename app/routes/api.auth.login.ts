import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { LoginSchema } from "~/domain/auth-schemas";
import { login } from "~/services/accounts.server";
import { apiError, apiJson, methodNotAllowed, readBody } from "~/services/api.server";
import { requestMeta } from "~/services/auth.server";
import { safeNext } from "~/services/request.server";

/** POST /api/auth/login { email, password, remember, next? }: { success, message, next } and a session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readBody(request, LoginSchema);
  const outcome = await login(context, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, message: "Login successful!", next: safeNext(input.next) }, { cookies: [outcome.cookie] });
}

export const loader = () => methodNotAllowed(["POST"]);
