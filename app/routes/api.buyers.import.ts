import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { buyersImportText, readBuyersUpload } from "#app/services/dispo/import-buyers.server.ts";
import { apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";

/**
 * POST /api/buyers/import, multipart with the field `file` (a CSV of buyers; 5 MB cap → 413, at most 10,000 rows):
 * 200 `{ success, message, imported, updated, unchanged, errors: [] }`, or 400/413
 * `{ success: false, message, imported: 0, updated: 0, errors: [{ line, message }] }` with nothing written.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const outcome = await readBuyersUpload(request, context, session.workspaceId);
  if (!outcome.ok) {
    const { status, message, errors } = outcome;
    return apiJson({ success: false, message, imported: 0, updated: 0, errors }, { status });
  }
  const { imported, updated, unchanged } = outcome;
  return apiJson({ success: true, message: buyersImportText(outcome), imported, updated, unchanged, errors: [] });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
