import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { PageError } from "#app/components/shell/route-error.tsx";
import { safeReturnTo } from "#app/domain/valuation/pinned-comps-form.ts";
import { compsCardHref } from "#app/domain/valuation/view.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { generateCompReport } from "#app/services/valuation/comp-report.server.ts";

/**
 * "Comp report" in the property card's and the workbench's valuation panels (docs/decisions/091-comps-the-user-can-defend.md):
 * a form post (into a new tab) that values the user's property with their pinned and excluded comps, stores the report
 * PDF in R2 and lists it in Documents, then answers with the PDF itself: a redirect to the document's view, which streams
 * it, with or without JavaScript. Another user's property: an error toast back where the form was, nothing written.
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
  const form = await readFormData(request);
  const raw = form.get("propertyId");
  const propertyId = typeof raw === "string" && /^[\w-]{1,64}$/.test(raw.trim()) ? raw.trim() : "";
  const back = safeReturnTo(form.get("returnTo"), propertyId ? compsCardHref(propertyId) : "/?section=crm");
  const failed = (description: string) => redirectWithToast(back, { title: "Comp Report Not Made", description, variant: "error" });
  if (!propertyId) return failed("Choose a property.");
  let outcome;
  try {
    outcome = await generateCompReport(context, session.workspaceId, propertyId);
  } catch (error) {
    console.error("comp report failed", error);
    return failed("The report could not be made. Please try again in a moment.");
  }
  if (!outcome.ok) return failed(outcome.message);
  // The new tab shows the PDF; it is in Documents too, as the button's note says, so no toast waits for a later page.
  return redirect(`/documents/${encodeURIComponent(outcome.document.id)}/view`, 303);
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=crm" backLabel="Back to CRM" />;
}
