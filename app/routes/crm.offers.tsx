import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { PageError } from "#app/components/shell/route-error.tsx";
import { MAILING_UNCONFIRMED } from "#app/domain/offers/mailing.ts";
import { OfferFormSchema } from "#app/domain/offers/offer-forms.ts";
import { NO_OFFER_CREATED, SEND_OFFER_FAILED, splitMessage } from "#app/domain/offers/offer-rules.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { sendOffer } from "#app/services/offers/mail-offer.server.ts";
import { CHECK_THIS_OFFER } from "#app/services/offers/offer-checks.server.ts";
import { confirmOffer } from "#app/services/offers/offers.server.ts";

/** The CRM with the property card of `propertyId` open, and optionally the Create Offer form or the letter just made. */
function cardHref(propertyId: string, extra: Record<string, string> = {}) {
  return `/?${new URLSearchParams({ section: "crm", lead: propertyId, ...extra })}`;
}

/**
 * The property card's Create Offer / Update Max Offer (confirm-offer: the Letter of Intent for the chosen offer, which
 * becomes the max offer) and Send Offer (send-offer: needs a max offer, 'No Offer Created'; 'Send Offer Failed' when
 * the mail provider fails). Form posts that redirect back to the card with a toast, with or without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = OfferFormSchema.safeParse(form);
  const propertyId = typeof form.propertyId === "string" ? form.propertyId : "";
  if (!parsed.success) {
    const { title, description } = splitMessage(parsed.error.issues[0]?.message ?? "");
    return redirectWithToast(cardHref(propertyId, form.intent === "letter" ? { offer: "1" } : {}), {
      title,
      description,
      variant: "error",
    });
  }
  const input = parsed.data;
  if (input.intent === "letter") {
    const outcome = await confirmOffer(
      context,
      session.workspaceId,
      { ...input, assignmentFee: input.fee, actorId: session.user.id },
      !input.confirm,
    );
    if (!outcome.ok && outcome.status === 409 && "warnings" in outcome) {
      // The offer has warnings: back to the card, which shows them with "Confirm anyway" (nothing was written).
      const back: Record<string, string> = { offer: "1", check: input.offerType };
      if (input.offerType === "custom" && input.customOffer !== null && input.customOffer !== undefined)
        back.custom = String(input.customOffer);
      return redirectWithToast(cardHref(input.propertyId, back), {
        title: CHECK_THIS_OFFER,
        description: outcome.warnings.map((warning) => warning.message).join(" "),
        variant: "info",
      });
    }
    if (!outcome.ok) {
      const { title, description } = splitMessage(outcome.message);
      return redirectWithToast(cardHref(input.propertyId, { offer: "1" }), { title, description, variant: "error" });
    }
    return redirectWithToast(cardHref(input.propertyId, { letter: outcome.documentId }), {
      title: "Letter of Intent Created",
      description: `Offer ${outcome.offerAmount.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 })}`,
      variant: "success",
    });
  }
  const outcome = await sendOffer(
    context,
    session.workspaceId,
    { propertyId: input.propertyId, actorId: session.user.id },
    !("confirm" in input && input.confirm),
  );
  if (!outcome.ok && outcome.status === 409 && "warnings" in outcome) {
    return redirectWithToast(cardHref(input.propertyId, { send: "check" }), {
      title: CHECK_THIS_OFFER,
      description: outcome.warnings.map((warning) => warning.message).join(" "),
      variant: "info",
    });
  }
  if (!outcome.ok) {
    // 'No Offer Created' as it is; a letter the mail service may have made is unconfirmed, never failed; anything else
    // is 'Send Offer Failed' with what went wrong.
    const message = outcome.message.startsWith(NO_OFFER_CREATED.title)
      ? NO_OFFER_CREATED
      : outcome.status === 504
        ? MAILING_UNCONFIRMED
        : { title: SEND_OFFER_FAILED.title, description: outcome.status === 502 ? SEND_OFFER_FAILED.description : outcome.message };
    return redirectWithToast(cardHref(input.propertyId), { ...message, variant: "error" });
  }
  return redirectWithToast(cardHref(input.propertyId), {
    title: "Offer Sent",
    description: `The Letter of Intent was mailed. Tracking id: ${outcome.trackingId}`,
    variant: "success",
  });
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=crm" backLabel="Back to CRM" />;
}
