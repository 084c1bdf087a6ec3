import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiJson, methodNotAllowed } from "#app/services/http/api.server.ts";
import { importSummaryText, readSalesUpload } from "#app/services/sales/import-user-sales.server.ts";

/**
 * POST /api/sales/import, multipart with the field `file` (a CSV of sold homes, docs/import.md; 10 MB cap → 413,
 * at most 50,000 rows): the user's own comps, used in their valuations only. Answers 200
 * `{ success, message, imported, updated, unchanged, errors: [] }`, or 400/413
 * `{ success: false, message, imported: 0, updated: 0, errors: [{ line, message }] }` with nothing written.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const outcome = await readSalesUpload(request, context, session.workspaceId);
  if (!outcome.ok) {
    const { status, message, errors } = outcome;
    return apiJson({ success: false, message, imported: 0, updated: 0, errors }, { status });
  }
  const { imported, updated, unchanged } = outcome;
  return apiJson({ success: true, message: importSummaryText(outcome), imported, updated, unchanged, errors: [] });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
