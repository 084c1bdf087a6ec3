/**
 * The offer warnings on the server (domain/offers/warnings.ts): confirm-offer, mail-offer and
 * send-offer answer them; the screens' forms ask "Confirm anyway" first (`NeedsConfirmation`, nothing written).
 */
import { propertyOfferWarnings, type OfferWarning } from "#app/domain/offers/warnings.ts";

export { propertyOfferWarnings };

/** A form's post whose offer has warnings and no `confirm`: nothing was written; the page asks first. */
export type NeedsConfirmation = { ok: false; status: 409; message: string; warnings: OfferWarning[]; error?: undefined };

export const CHECK_THIS_OFFER = "Check this offer";

export function needsConfirmation(warnings: OfferWarning[]): NeedsConfirmation {
  return { ok: false, status: 409, message: `${CHECK_THIS_OFFER}: ${warnings.map((warning) => warning.message).join(" ")}`, warnings };
}
