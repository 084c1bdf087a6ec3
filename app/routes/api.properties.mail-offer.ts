import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { MailOfferSchema } from "#app/domain/offers/forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { mailOffer } from "#app/services/offers/mail-offer.server.ts";

/**
 * POST /api/properties/mail-offer {propertyId, offerAmount, pdfUrl, recipientName, recipientAddress} → {success,
 * trackingId, provider, status, message}: the letter `pdfUrl` names mailed through the mail provider, once per letter
 * (the idempotency key); the property's status → offer_sent. A mail failure → 502 'Send Offer Failed' with the
 * provider's `error`, and the status stays. The mailed amount is the letter's; `warnings` as confirm-offer's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, MailOfferSchema);
  const outcome = await mailOffer(context, session.user.id, input, context.now());
  if (!outcome.ok) {
    return outcome.error
      ? Response.json(
          { success: false, message: outcome.message, error: outcome.error },
          { status: outcome.status, headers: { "Cache-Control": "no-store" } },
        )
      : apiError(outcome.status, outcome.message);
  }
  const { trackingId, provider, status, expectedDeliveryDate, warnings = [] } = outcome;
  return apiJson({ success: true, trackingId, provider, status, expectedDeliveryDate, message: "Offer Mailed Successfully!", warnings });
}
