import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { apiJson } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { isDocumentType, listDocuments } from "~/services/documents/records.server";

/** GET /api/documents[?type=…]: the user's documents, most recently updated first (a bare array). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireApiUser(request, context);
  const type = new URL(request.url).searchParams.get("type");
  return apiJson(await listDocuments(context.db, session.user.id, isDocumentType(type) ? type : null));
}
