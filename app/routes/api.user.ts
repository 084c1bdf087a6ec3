import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { UserInfoSchema } from "#app/domain/accounts/auth-schemas.ts";
import { getCurrentUserById, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { updateUserInfo } from "#app/services/accounts/profile.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/**
 * PATCH /api/user { fullName, email, mobileE164, currentPassword? }: changing the email needs the current password;
 * the new address must then be verified again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, UserInfoSchema);
  const outcome = await updateUserInfo(context, session.user, input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.errors);
  return apiJson({
    success: true,
    message: "User information updated successfully",
    user: await getCurrentUserById(context, session.user.id, session.workspaceId),
  });
}

export const loader = () => methodNotAllowed(["PATCH"]);
