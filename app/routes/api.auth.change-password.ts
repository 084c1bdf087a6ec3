import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { ChangePasswordApiSchema } from "#app/domain/accounts/auth-schemas.ts";
import { requestMeta, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { changePassword } from "#app/services/accounts/profile.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** POST /api/auth/change-password { currentPassword, newPassword }: every session ends; this one continues anew. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, ChangePasswordApiSchema);
  const outcome = await changePassword(context, session, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.errors);
  return apiJson({ success: true, message: "Password changed successfully" }, { cookies: [outcome.cookie] });
}

export const loader = () => methodNotAllowed(["POST"]);
