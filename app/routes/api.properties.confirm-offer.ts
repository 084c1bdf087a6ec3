import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { ConfirmOfferSchema } from "#app/domain/offers/offer-forms.ts";
import { requireApiUser } from "#app/services/accounts/auth.server.ts";
import { apiError, apiJson, methodNotAllowed, readBody } from "#app/services/http/api.server.ts";
import { confirmOffer } from "#app/services/offers/offers.server.ts";

/**
 * POST /api/properties/confirm-offer {propertyId, offerType (Aggressive | Fair | Likely | custom), customOffer, arv,
 * propertyDetails, ownerInfo} → {success, data: {offerAmount, offerType, fileName, documentId, downloadUrl, status},
 * pdfUrl, message}: the Letter of Intent, stored and listed in Documents; the property's status → offer_produced.
 * `pdfUrl` opens only for its owner (the document's view route; anyone else 404). `warnings: [{code, message}]`: why
 * the offer deserves a second look (above the max offer, low ARV confidence, ARV far above the as-is value); the
 * letter is made all the same (the screens ask first). `repairs`, `assignmentFee`: the 70% rule's figures (optional).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const session = await requireApiUser(request, context);
  const input = await readBody(request, ConfirmOfferSchema);
  const outcome = await confirmOffer(context, session.workspaceId, { ...input, actorId: session.user.id });
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  const { offerAmount, offerType, fileName, documentId, downloadUrl, status, pdfUrl, warnings } = outcome;
  return apiJson({
    success: true,
    data: { offerAmount, offerType, fileName, documentId, downloadUrl, status },
    pdfUrl,
    message: "Letter of Intent Created",
    warnings,
  });
}

/** Only POST is served: a GET, HEAD or OPTIONS is a 405 naming it. */
export const loader = () => methodNotAllowed(["POST"]);
