import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";

import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { ConversationInputSchema, createConversation } from "#app/services/messages/conversation-writes.server.ts";
import { listConversations } from "#app/services/messages/conversations.server.ts";

/** GET /api/conversations: the user's conversations, most recent first (a bare array). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  allowMethods(request, ["GET", "POST"]);
  const session = await requireApiUser(request, context);
  return apiJson(redactFor(session.role, await listConversations(context, session.workspaceId)));
}

/** POST /api/conversations {agentType, title, contactId?, propertyId?} → 201 {success, id}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, ConversationInputSchema);
  const outcome = await createConversation(context, session.workspaceId, input);
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return apiJson({ success: true, id: outcome.id }, { status: 201 });
}
