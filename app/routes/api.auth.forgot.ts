import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { ForgotSchema } from "#app/domain/accounts/auth-schemas.ts";
import { requestMeta } from "#app/services/accounts/auth.server.ts";
import { requestPasswordReset } from "#app/services/accounts/password-reset.server.ts";
import { apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

export const FORGOT_ANSWER = "If an account exists for that email, we've sent a password reset link.";

/** POST /api/auth/forgot { email }: the same answer whether or not the account exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const { email } = await readBody(request, ForgotSchema);
  await requestPasswordReset(context, email, requestMeta(request));
  return apiJson({ success: true, message: FORGOT_ANSWER });
}

export const loader = () => methodNotAllowed(["POST"]);
