import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { MailOfferSchema } from "#app/domain/offers/offer-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { mailOffer } from "#app/services/offers/mail-offer.server.ts";

/**
 * POST /api/properties/mail-offer {propertyId, offerAmount, pdfUrl, recipientName, recipientAddress} → {success,
 * trackingId, provider, status, message}: the letter `pdfUrl` names mailed through the mail provider, once per letter
 * (the idempotency key); the property's status → offer_sent. A mail failure → 502 'Send Offer Failed' with the
 * provider's `error`, and the status stays. Once per property and offer (409 'Already mailed' unless `resend: true`);
 * the recipient must be the owner's mailing address on record or the property's (422); 429/402 at a cap. `amount`
 * is the letter's own, whatever `offerAmount` said; `warnings` as confirm-offer's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, MailOfferSchema);
  const outcome = await mailOffer(context, session.workspaceId, { ...input, actorId: session.user.id });
  if (!outcome.ok) return apiRefusal(outcome);
  const { trackingId, provider, status, amount, expectedDeliveryDate, warnings = [] } = outcome;
  return apiJson({
    success: true,
    trackingId,
    provider,
    status,
    amount,
    expectedDeliveryDate,
    message: "Offer Mailed Successfully!",
    warnings,
  });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
