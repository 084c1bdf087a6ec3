import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { CompanyInfoSchema } from "#app/domain/accounts/auth-schemas.ts";
import { getCurrentUserById, requireApiUser } from "#app/services/accounts/auth.server.ts";
import { upsertCompany } from "#app/services/accounts/profile.server.ts";
import { apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** PATCH /api/company { companyName, title, offerContactEmail, offerContactPhoneE164, address fields }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, CompanyInfoSchema);
  await upsertCompany(context, session.workspaceId, input);
  // Read again: the session's user carries the company as it was before this change.
  const current = await getCurrentUserById(context, session.user.id, session.workspaceId);
  return apiJson({ success: true, message: "Company information updated successfully", company: current?.company ?? null });
}

export const loader = () => methodNotAllowed(["PATCH"]);
