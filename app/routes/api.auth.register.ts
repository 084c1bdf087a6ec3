import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { RegisterApiSchema } from "~/domain/auth-schemas";
import { apiError, apiJson, methodNotAllowed, readBody } from "~/services/api.server";
import { getCurrentUser, register, requestMeta } from "~/services/auth.server";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";

/** POST /api/auth/register: the two-step registration body (snake_case, nested company); signs the user in. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await readBody(request, RegisterApiSchema);
  const outcome = await register(context, input, requestMeta(request));
  if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.errors);
  const user = await context.db.select().from(users).where(eq(users.id, outcome.userId)).get();
  return apiJson(
    { success: true, message: "Account created!", user: await getCurrentUser(context, user!) },
    { status: 201, cookies: [outcome.cookie] },
  );
}

export const loader = () => methodNotAllowed(["POST"]);
