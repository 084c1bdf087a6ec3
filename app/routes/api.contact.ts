import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { ContactSchema } from "#app/domain/accounts/auth-schemas.ts";
import { apiError, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { CONTACT_SENT, contactMeta, sendContactMessage } from "#app/services/support/contact.server.ts";

/**
 * POST /api/contact { name, email, phone, message } → 200 { success, message }; 400 with the field messages in
 * `errors` (nothing stored); 429 when this IP has sent too many messages.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // readBody throws the 400 answer, which Remix returns as it is.
  const input = await readBody(request, ContactSchema);
  const outcome = await sendContactMessage(context, input, await contactMeta(request, context));
  if (!outcome.ok) {
    const response = apiError(outcome.status, outcome.message);
    response.headers.set("Retry-After", String(Math.max(1, outcome.retryAfterSeconds)));
    return response;
  }
  return Response.json({ success: true, message: CONTACT_SENT }, { headers: { "Cache-Control": "no-store" } });
}

export const loader = () => methodNotAllowed(["POST"]);
