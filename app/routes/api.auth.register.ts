import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { RegisterApiSchema } from "#app/domain/accounts/auth-schemas.ts";
import { getCurrentUserById, requestMeta } from "#app/services/accounts/auth.server.ts";
import { register } from "#app/services/accounts/registration.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** POST /api/auth/register: the two-step registration body (snake_case, nested company); signs the user in. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readBody(request, RegisterApiSchema);
  const outcome = await register(context, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.errors);
  return apiJson(
    { success: true, message: "Account created!", user: await getCurrentUserById(context, outcome.userId) },
    { status: 201, cookies: [outcome.cookie] },
  );
}

export const loader = () => methodNotAllowed(["POST"]);
