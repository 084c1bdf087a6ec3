import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { CONVERSATION_NOT_FOUND } from "#app/domain/messages/message-forms.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { addMessage, MessageInputSchema } from "#app/services/messages/conversation-writes.server.ts";
import { listMessages } from "#app/services/messages/conversations.server.ts";

/** GET /api/conversations/{id}/messages: oldest first; 404 for a conversation that is not the caller's. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const list = await listMessages(context, session.workspaceId, params.id ?? "");
  return list ? apiJson(redactFor(session.role, list)) : apiError(404, CONVERSATION_NOT_FOUND);
}

/** POST {content, role, isAiGenerated} → 201 {success, message}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, MessageInputSchema);
  const message = await addMessage(context, session.workspaceId, params.id ?? "", input);
  return message ? apiJson({ success: true, message }, { status: 201 }) : apiError(404, CONVERSATION_NOT_FOUND);
}
