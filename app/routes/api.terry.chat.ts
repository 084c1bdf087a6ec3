import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { TerryChatSchema } from "#app/domain/chat/terry-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { terryChat } from "#app/services/chat/terry.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";

/**
 * POST /api/terry/chat {message, history, conversationId?} → 200 {success, response, conversationId}: Terry's answer,
 * every figure from the property-data provider's records, stored with the user's message in the user's Terry
 * conversation (the one given, else a new one). 400 with field messages for a bad body; 404 for a conversation that
 * is not the user's Terry conversation (nothing written); 502 {success: false, message: the spec's trouble text,
 * conversationId} when the AI provider fails (the user's message and that text are kept).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, TerryChatSchema);
  const outcome = await terryChat(context, session.workspaceId, input);
  if (!outcome.ok) {
    if ("retryAfterSeconds" in outcome) return apiRefusal(outcome);
    const { ok: _ok, status, ...body } = outcome;
    return apiJson({ success: false, ...body }, { status });
  }
  return apiJson({ success: true, response: outcome.response, conversationId: outcome.conversationId });
}

export const loader = () => methodNotAllowed(["POST"]);
