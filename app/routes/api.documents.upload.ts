import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { readUpload } from "#app/services/documents/uploads.server.ts";
import { apiError, apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";

/**
 * POST /api/documents/upload, multipart with the field `file` (.pdf .doc .docx .txt, checked by content, 10 MB cap
 * → 413). Answers 201 `{ success, message, document }`, or `{ success: false, message }`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const outcome = await readUpload(request, context, session.workspaceId);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, message: "Your document has been successfully uploaded.", document: outcome.document }, { status: 201 });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
