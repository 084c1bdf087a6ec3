import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import {
  deleteDocument,
  DOCUMENT_DELETED,
  DOCUMENT_NOT_FOUND,
  DocumentPatchSchema,
  getDocument,
  updateDocument,
} from "#app/services/documents/records.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/** GET /api/documents/{id}: one of the user's documents; 404 for anyone else's or an unknown id. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "PATCH", "DELETE"]);
  const session = await requireApiUser(request, context);
  const document = await getDocument(context, session.workspaceId, params.id ?? "");
  return document ? apiJson(document) : apiError(404, DOCUMENT_NOT_FOUND);
}

/**
 * PATCH /api/documents/{id} { status?, name?, type? } → { success, document }.
 * DELETE /api/documents/{id} → { success, message }: the row and its file in R2.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const session = await requireApiUser(request, context);
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const deleted = await deleteDocument(context, session.workspaceId, id);
    return deleted ? apiJson({ success: true, message: DOCUMENT_DELETED }) : apiError(404, DOCUMENT_NOT_FOUND);
  }
  const patch = await readBody(request, DocumentPatchSchema);
  const document = await updateDocument(context, session.workspaceId, id, patch);
  return document ? apiJson({ success: true, document }) : apiError(404, DOCUMENT_NOT_FOUND);
}
