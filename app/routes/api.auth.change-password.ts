import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { ChangePasswordApiSchema } from "~/domain/auth-schemas";
import { changePassword } from "~/services/accounts.server";
import { apiError, apiJson, methodNotAllowed, readBody } from "~/services/api.server";
import { requestMeta, requireApiUser } from "~/services/auth.server";

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
