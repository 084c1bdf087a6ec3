import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { UserInfoSchema } from "~/domain/auth-schemas";
import { apiError, apiJson, methodNotAllowed, readBody } from "~/services/api.server";
import { getCurrentUser, requireApiUser, updateUserInfo } from "~/services/auth.server";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";

/** PATCH /api/user { fullName, email, mobileE164 }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, UserInfoSchema);
  const outcome = await updateUserInfo(context, session.user.id, input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.errors);
  const user = await context.db.select().from(users).where(eq(users.id, session.user.id)).get();
  return apiJson({ success: true, message: "User information updated successfully", user: await getCurrentUser(context, user!) });
}

export const loader = () => methodNotAllowed(["PATCH"]);
