import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";

import { AI_TROUBLE_TEXT } from "#app/domain/chat/intent.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { ProviderError } from "#app/providers/http.server.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, apiRefusal, plainMethodNotAllowed, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { replyContext } from "#app/services/messages/conversations.server.ts";
import { meteredAiCall } from "#app/services/usage/metered-ai.server.ts";

/**
 * AI Assist: the AI provider drafts a reply from the last message and the linked property (`draftReply`: the local
 * provider's rules are app/domain/messages/reply-draft.ts, OpenAI's a short completion). With JavaScript the page asks for
 * JSON (`format=json`) and fills the text box; without it the form posts here and the section re-renders with the
 * draft in the text box. A failing provider answers the spec's trouble text (502 as JSON, a toast without JavaScript).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const form = await readFormData(request);
  const conversationId = String(form.get("conversationId") ?? "");
  const wantsJson = form.get("format") === "json";
  const ctx = await replyContext(context, session.workspaceId, conversationId);
  if (!ctx) return wantsJson ? apiError(404, "Conversation not found") : redirect("/?section=messages");
  let draft: string;
  try {
    const metered = await meteredAiCall(context, session.workspaceId, () =>
      context.providers.ai.draftReply({ contactName: ctx.contactName, lastIncoming: ctx.lastIncoming, property: ctx.property }),
    );
    if (!metered.ok) {
      if (wantsJson) return apiRefusal(metered);
      const back = `/?${new URLSearchParams({ section: "messages", c: conversationId })}`;
      return redirectWithToast(back, { title: metered.message, variant: "error" });
    }
    // A draft is written nowhere: its charge is the only record of it.
    await context.db.batch(metered.charges as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    // A role without deal numbers gets no amount in a draft either.
    draft = redactFor(session.role, metered.value.text);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    console.warn("AI Assist failed", error.message);
    if (wantsJson) return apiJson({ success: false, message: AI_TROUBLE_TEXT }, { status: 502 });
    return redirectWithToast(`/?${new URLSearchParams({ section: "messages", c: conversationId })}`, {
      title: AI_TROUBLE_TEXT,
      variant: "error",
    });
  }
  if (wantsJson) return apiJson({ success: true, draft });
  return redirect(`/?${new URLSearchParams({ section: "messages", c: conversationId, draft })}`);
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => plainMethodNotAllowed(["POST"]);
