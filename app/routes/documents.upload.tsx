import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { requireUser } from "~/services/auth.server";
import { isDocumentType } from "~/services/documents/records.server";
import { readUpload } from "~/services/documents/uploads.server";
import { redirectWithToast } from "~/services/toast.server";

/** The upload without JavaScript: a multipart form posts here and comes back to the documents with the toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const tab = new URL(request.url).searchParams.get("type");
  const back = `/?section=documents${isDocumentType(tab) ? `&type=${tab}` : ""}`;
  const outcome = await readUpload(request, context, session.user.id);
  return redirectWithToast(
    back,
    outcome.ok
      ? { title: "Document Uploaded", description: "Your document has been successfully uploaded.", variant: "success" }
      : { title: "Upload Failed", description: outcome.message || "Upload failed", variant: "error" },
  );
}
