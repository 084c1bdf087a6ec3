import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { SIGNUP_SUCCESS } from "#app/domain/accounts/auth-messages.ts";
import { SignupSchema } from "#app/domain/accounts/auth-schemas.ts";
import { requestMeta } from "#app/services/accounts/auth.server.ts";
import { signup } from "#app/services/accounts/registration.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** POST /api/signup { email, password, firstName, lastName }: { success, message }; the user signs in next. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readBody(request, SignupSchema);
  const outcome = await signup(context, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.errors);
  return apiJson({ success: true, message: SIGNUP_SUCCESS }, { status: 201 });
}

export const loader = () => methodNotAllowed(["POST"]);
