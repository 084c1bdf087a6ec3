import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { requireUser } from "#app/services/accounts/auth.server.ts";
import { documentFileResponse } from "#app/services/documents/files.server.ts";
import { allowMethods } from "#app/services/http/api.server.ts";

/** View: a PDF inline in the browser; any other type is downloaded (never rendered). 404 for a foreign id. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET"]);
  const session = await requireUser(request, context);
  const response = await documentFileResponse(context, session.workspaceId, params.id ?? "", "view");
  if (!response)
    throw new Response("Document not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
    });
  return response;
}
