import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";

import { DOCUMENT_STATUS_LABELS, DOCUMENT_STATUSES } from "#db/enums.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import {
  deleteDocument,
  DOCUMENT_DELETED,
  DOCUMENT_NOT_FOUND,
  isDocumentType,
  updateDocument,
} from "#app/services/documents/records.server.ts";
import { allowMethods, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast, type Toast } from "#app/services/http/toast.server.ts";

const DocumentFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.string().trim().min(1).max(64) }),
  z.object({
    intent: z.literal("status"),
    id: z.string().trim().min(1).max(64),
    status: z.enum(DOCUMENT_STATUSES, { error: "Status must be draft, pending, signed or completed" }),
  }),
]);

/** A bare visit goes to the documents; the forms POST. Anything else is a 405. */
const METHODS = ["GET", "POST"] as const;

/**
 * A document card's forms, with or without JavaScript: delete (after the confirmation) or change its status. Back to
 * the category the user was on, with a toast (post/redirect/get).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, METHODS);
  const session = await requireUser(request, context);
  const form = Object.fromEntries(await readFormData(request));
  const tab = isDocumentType(form.returnType) ? `&type=${form.returnType}` : "";
  const back = (toast: Toast) => redirectWithToast(`/?section=documents${tab}`, toast);
  const parsed = DocumentFormSchema.safeParse(form);
  if (!parsed.success) return back({ title: "Error", description: parsed.error.issues[0]?.message ?? "Invalid request", variant: "error" });
  const input = parsed.data;
  if (input.intent === "delete") {
    const deleted = await deleteDocument(context, session.workspaceId, input.id);
    return deleted
      ? back({ title: "Document Deleted", description: DOCUMENT_DELETED, variant: "success" })
      : back({ title: "Error", description: DOCUMENT_NOT_FOUND, variant: "error" });
  }
  const document = await updateDocument(context, session.workspaceId, input.id, { status: input.status });
  return document
    ? back({ title: "Status Updated", description: `${document.name} is now ${DOCUMENT_STATUS_LABELS[input.status]}.`, variant: "success" })
    : back({ title: "Error", description: DOCUMENT_NOT_FOUND, variant: "error" });
}

export function loader({ request }: LoaderFunctionArgs) {
  allowMethods(request, METHODS);
  return redirect("/?section=documents");
}
