import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { ResetSchema } from "#app/domain/accounts/auth-schemas.ts";
import { requestMeta } from "#app/services/accounts/auth.server.ts";
import { resetPassword } from "#app/services/accounts/password-reset.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** POST /api/auth/reset { token, password, confirmPassword }: signs the user in; every other session ends. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readBody(request, ResetSchema);
  const outcome = await resetPassword(context, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, message: "Password reset successful!", next: "/" }, { cookies: [outcome.cookie] });
}

export const loader = () => methodNotAllowed(["POST"]);
