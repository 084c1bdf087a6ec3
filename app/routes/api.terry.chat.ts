import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { TerryChatSchema } from "~/domain/terry-forms";
import { apiJson, methodNotAllowed, readBody } from "~/services/api.server";
import { requireApiUser } from "~/services/auth.server";
import { terryChat } from "~/services/terry.server";

/**
 * POST /api/terry/chat {message, history} → 200 {success, response}: Terry's answer, every figure from the
 * property-data provider's records. 400 with field messages for a bad body; 502 with §8's trouble text when the AI
 * provider fails. Writes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiUser(request, context);
  const input = await readBody(request, TerryChatSchema);
  const outcome = await terryChat(context, input);
  if (!outcome.ok) return apiJson({ success: false, message: outcome.message }, { status: outcome.status });
  return apiJson({ success: true, response: outcome.response });
}

export const loader = () => methodNotAllowed(["POST"]);
