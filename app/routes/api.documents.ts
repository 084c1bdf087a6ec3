import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { isDocumentType, listDocuments } from "#app/services/documents/records.server.ts";
import { allowMethods, apiJson } from "#app/services/http/api.server.ts";

/** GET /api/documents[?type=…]: the user's documents, most recently updated first (a bare array). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireApiUser(request, context);
  const type = new URL(request.url).searchParams.get("type");
  return apiJson(await listDocuments(context, session.workspaceId, isDocumentType(type) ? type : null));
}
