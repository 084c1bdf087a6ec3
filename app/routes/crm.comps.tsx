import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { PageError } from "#app/components/shell/route-error.tsx";
import { splitMessage } from "#app/domain/offers/offer-rules.ts";
import { COMPS_ANALYSIS_FAILED } from "#app/domain/valuation/comparables.ts";
import { compsCardHref } from "#app/domain/valuation/view.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { runComps } from "#app/services/valuation/property-comps.server.ts";

/**
 * The property card's Find Comps / Refresh Comps (the spec's "Property card dialog"; "Comps", 'Comps Analysis
 * Failed'): a form post that runs the comps search of POST /api/properties/{id}/comps (the same service) for the
 * user's property and redirects back to the card with its comps shown and a toast, with or without JavaScript.
 * Another user's property or an unknown id: 'Comps Analysis Failed' (Property not found), nothing written.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = await readFormData(request);
  const raw = form.get("propertyId");
  const propertyId = typeof raw === "string" && /^[\w-]{1,64}$/.test(raw.trim()) ? raw.trim() : "";
  if (!propertyId)
    return redirectWithToast("/?section=crm", { title: COMPS_ANALYSIS_FAILED, description: "Choose a property.", variant: "error" });
  let outcome;
  try {
    // "Refresh comps — about N records, $x.xx": buy the vendor's comparables again rather than use the kept ones.
    outcome = await runComps(context, session.workspaceId, propertyId, form.get("refresh") === "1");
  } catch (error) {
    console.error("comps search failed", error);
    return redirectWithToast(compsCardHref(propertyId, true), {
      title: COMPS_ANALYSIS_FAILED,
      description: "The comps search could not be run. Please try again in a moment.",
      variant: "error",
    });
  }
  if (!outcome.ok) {
    const { title, description } = splitMessage(outcome.message);
    return redirectWithToast(compsCardHref(propertyId, true), {
      title: title === COMPS_ANALYSIS_FAILED ? title : COMPS_ANALYSIS_FAILED,
      description: title === COMPS_ANALYSIS_FAILED ? description : outcome.message,
      variant: "error",
    });
  }
  return redirectWithToast(compsCardHref(propertyId), {
    title: "Comps Found",
    description: `${outcome.comps.length} comparable sales; ARV ${outcome.arv.toLocaleString("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 })}.`,
    variant: "success",
  });
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=crm" backLabel="Back to CRM" />;
}
