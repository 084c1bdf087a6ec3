import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { SendOfferSchema } from "#app/domain/offers/offer-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiJson, apiRefusal, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { sendOffer } from "#app/services/offers/mail-offer.server.ts";

/**
 * POST /api/properties/send-offer {propertyId, ownerName, ownerMailingAddress, offerAmount} → {success, message,
 * trackingId}: the property card's Send Offer. Needs the property's max offer (400 'No Offer Created'); mails its
 * recorded Letter of Intent (or a new one for the max offer) through the same provider as mail-offer; status →
 * offer_sent. A mail failure → 502 'Send Offer Failed'. Once per property and offer: a second time answers 409
 * 'Already mailed' unless `resend: true`; 422 for a recipient not on record; 429/402 at a cap (with Retry-After).
 * `warnings` as confirm-offer's.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, SendOfferSchema);
  const outcome = await sendOffer(context, session.workspaceId, { ...input, actorId: session.user.id });
  if (!outcome.ok) return apiRefusal(outcome);
  const { trackingId, status, amount, warnings = [] } = outcome;
  return apiJson({ success: true, message: "Offer Sent", trackingId, status, amount, warnings });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
