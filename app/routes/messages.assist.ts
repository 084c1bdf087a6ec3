import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { draftReply } from "~/domain/reply-draft";
import { apiError, apiJson, readFormData } from "~/services/api.server";
import { requireUser } from "~/services/auth.server";
import { replyContext } from "~/services/conversations.server";

/**
 * AI Assist: drafts a reply from the last message and the linked property (app/domain/reply-draft.ts). With
 * JavaScript the page asks for JSON (`format=json`) and fills the text box; without it the form posts here and the
 * section re-renders with the draft in the text box.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readFormData(request);
  const conversationId = String(form.get("conversationId") ?? "");
  const wantsJson = form.get("format") === "json";
  const ctx = await replyContext(context.db, session.user.id, conversationId);
  if (!ctx) return wantsJson ? apiError(404, "Conversation not found") : redirect("/?section=messages");
  const draft = draftReply({ contactName: ctx.contactName, lastIncoming: ctx.lastIncoming, property: ctx.property });
  if (wantsJson) return apiJson({ success: true, draft });
  return redirect(`/?${new URLSearchParams({ section: "messages", c: conversationId, draft })}`);
}
