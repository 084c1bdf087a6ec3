import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireUser } from "#app/services/accounts/auth.server.ts";
import { isDocumentType } from "#app/services/documents/records.server.ts";
import { readUpload } from "#app/services/documents/uploads.server.ts";
import { allowMethods, plainMethodNotAllowed } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

/** The upload without JavaScript: a multipart form posts here and comes back to the documents with the toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const tab = new URL(request.url).searchParams.get("type");
  const back = `/?section=documents${isDocumentType(tab) ? `&type=${tab}` : ""}`;
  const outcome = await readUpload(request, context, session.workspaceId);
  return redirectWithToast(
    back,
    outcome.ok
      ? { title: "Document Uploaded", description: "Your document has been successfully uploaded.", variant: "success" }
      : { title: "Upload Failed", description: outcome.message || "Upload failed", variant: "error" },
  );
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => plainMethodNotAllowed(["POST"]);
