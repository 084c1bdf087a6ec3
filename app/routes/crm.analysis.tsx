import type { ActionFunctionArgs } from "@remix-run/cloudflare";

import { PageError } from "#app/components/shell/route-error.tsx";
import { ANALYSIS_FAILED, splitAnalysisMessage, UNABLE_TO_START } from "#app/domain/deals/analysis-events.ts";
import { AnalyzeDealSchema } from "#app/domain/deals/analysis-forms.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { settledAnalysis, startDealAnalysis } from "#app/services/deals/analysis.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";

/** The CRM with the property card of `propertyId` open. */
function cardHref(propertyId: string, extra: Record<string, string> = {}) {
  return `/?${new URLSearchParams({ section: "crm", lead: propertyId, ...extra })}`;
}

/** How long the form waits for the run before it redirects to a page that says it is still running. */
const WAIT_MS = 20_000;

/**
 * The property card's Analyze Deal / Re-analyze Deal without JavaScript (with it, the card calls POST
 * /api/deals/analyze and follows the stream): starts or joins the run, waits for it (bounded) and redirects back to the
 * card with a toast — 'Analysis Complete', or the spec's 'Analysis Failed' / 'Unable to start analysis' — or, when the run
 * outlasts the wait, with `analysis=<start>` so the card says it is running and refreshes itself until it is done.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = AnalyzeDealSchema.safeParse(form);
  const propertyId = typeof form.propertyId === "string" ? form.propertyId : "";
  if (!parsed.success) {
    return redirectWithToast(cardHref(propertyId), {
      title: UNABLE_TO_START,
      description: parsed.error.issues[0]?.message,
      variant: "error",
    });
  }
  const userId = session.workspaceId;
  const started = await startDealAnalysis(context, userId, parsed.data.propertyId);
  if (!started.ok) {
    if (started.status === 404)
      return redirectWithToast("/?section=crm", { title: UNABLE_TO_START, description: started.message, variant: "error" });
    const { title, description } = splitAnalysisMessage(started.message, UNABLE_TO_START);
    return redirectWithToast(cardHref(propertyId), { title, description, variant: "error" });
  }
  const startedAt = started.state.status === "running" ? started.state.startedAt : Date.now();
  const state = await settledAnalysis(context, userId, propertyId, WAIT_MS);
  if (state?.status === "complete") {
    return redirectWithToast(cardHref(propertyId), {
      title: "Analysis Complete",
      description: state.result.is_deal ? "This property is a deal." : "This property is not a deal.",
      variant: "success",
    });
  }
  if (state?.status === "error") {
    const { title, description } = splitAnalysisMessage(state.message, ANALYSIS_FAILED);
    return redirectWithToast(cardHref(propertyId), { title, description, variant: "error" });
  }
  return redirectWithToast(cardHref(propertyId, { analysis: String(startedAt) }), { title: "Analysis running", variant: "info" });
}

export function ErrorBoundary() {
  return <PageError backTo="/?section=crm" backLabel="Back to CRM" />;
}
