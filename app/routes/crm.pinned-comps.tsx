import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { PageError } from "#app/components/shell/route-error.tsx";
import { offerStepsHref } from "#app/domain/offers/offer-rules.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { COMPS_ANALYSIS_FAILED } from "#app/domain/valuation/comparables.ts";
import { CompPinSchema, safeReturnTo } from "#app/domain/valuation/pinned-comps-form.ts";
import { compsCardHref } from "#app/domain/valuation/view.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { chooseComp } from "#app/services/valuation/pinned-comps.server.ts";

/**
 * The property card's and the workbench's pinned and excluded comps as form posts (docs/decisions/091-comps-the-user-can-defend.md):
 * pin, unpin, exclude with a reason, include, add by address — the same service as POST
 * /api/properties/{id}/pinned-comps — then back to the page the form came from with the recomputed ARV (the workbench
 * carries it in its URL) and a toast, with or without JavaScript. A bad form or another user's property: an error
 * toast, nothing written.
 */
/**
 * Only a form posts here. A GET (a reload after the post, a typed address) goes to the CRM rather than answering an
 * empty page whose root loader would take the toast the post left for the page it went back to.
 */
export function loader() {
  return redirect("/?section=crm");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = Object.fromEntries((await readFormData(request)).entries());
  const rawId = typeof form.propertyId === "string" ? form.propertyId.trim() : "";
  const propertyId = /^[\w-]{1,64}$/.test(rawId) ? rawId : "";
  const back = safeReturnTo(form.returnTo, propertyId ? compsCardHref(propertyId) : "/?section=crm");
  const parsed = CompPinSchema.safeParse(form);
  if (!propertyId || !parsed.success) {
    const description = propertyId ? (parsed.error?.issues[0]?.message ?? "Check the form.") : "Choose a property.";
    return redirectWithToast(back, { title: "Comp Not Changed", description, variant: "error" });
  }
  let outcome;
  try {
    outcome = await chooseComp(context, session.user.id, propertyId, parsed.data);
  } catch (error) {
    console.error("comp choice failed", error);
    const description = "The comps could not be valued again. Please try again in a moment.";
    return redirectWithToast(back, { title: COMPS_ANALYSIS_FAILED, description, variant: "error" });
  }
  if (!outcome.ok) return redirectWithToast(back, { title: "Comp Not Changed", description: outcome.message, variant: "error" });
  const valuation = {
    arv: outcome.arv,
    low: outcome.range_low,
    high: outcome.range_high,
    confidence: Math.round(outcome.confidence * 100),
  };
  // The workbench shows the value it carries in its URL: the recomputed one.
  const to = back.startsWith("/leads/workbench") ? offerStepsHref(withoutArv(back), { valuation }) : back;
  return redirectWithToast(to, {
    title: "ARV Recomputed",
    description: `ARV ${formatMoney(outcome.arv)} from ${outcome.comps.length} comps (${formatMoney(outcome.range_low)} – ${formatMoney(outcome.range_high)}, ${outcome.confidenceLabel} confidence).`,
    variant: "success",
  });
}

/** The offers start again from the recomputed ARV, not an ARV the URL carried before. */
function withoutArv(path: string): string {
  const url = new URL(path, "http://breeze.invalid");
  url.searchParams.delete("arv");
  return `${url.pathname}${url.search}`;
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=crm" backLabel="Back to CRM" />;
}
