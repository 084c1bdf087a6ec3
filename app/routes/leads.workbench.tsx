import {
  data,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense, type ComponentProps } from "react";

import { hydratedChoice, LazyPreloads, preloadable, useLoadOnIntent } from "#app/components/shell/lazy.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import { ActionError } from "#app/components/workbench/action-error.tsx";
import { LeadCard, NoLeads } from "#app/components/workbench/lead-card.tsx";
import type { OfferSteps } from "#app/components/workbench/offer-steps.tsx";
import { useStoredQueueSync } from "#app/components/workbench/use-stored-queue.ts";
import { WorkbenchBar } from "#app/components/workbench/workbench-bar.tsx";
import { WorkbenchHeader } from "#app/components/workbench/workbench-header.tsx";
import type { LeadDetailsDialog, LeadDetailsPanel } from "#app/components/workbench/workbench-lead-details.tsx";
import { leadOwnerOf } from "#app/domain/leads/assignee.ts";
import { dealRuleOf } from "#app/domain/offers/deal-numbers.ts";
import { offerStepsHref, offerStepsOf } from "#app/domain/offers/offer-rules.ts";
import { isOneOf } from "#app/domain/shared/guards.ts";
import { withStepAnchor } from "#app/domain/workbench/step-anchors.ts";
import {
  OFFER_INTENTS,
  WorkbenchActionSchema,
  type WorkbenchAction,
  type WorkbenchActionData,
} from "#app/domain/workbench/workbench-forms.ts";
import {
  ADD_FAILED,
  LEAD_NOT_IN_QUEUE,
  leadIndexOf,
  moveOn,
  NO_LEADS_AVAILABLE,
  NO_LEADS_TOAST,
  onlyPositionChanged,
  requestedQueueId,
  SAVE_FAILED,
  SELLER_WIZARD_HREF,
  WORKBENCH_PATH,
  workbenchHref,
} from "#app/domain/workbench/workbench-rules.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { readSessionToken } from "#app/services/accounts/session.server.ts";
import { readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { lazyPreloads } from "#app/services/platform/lazy-chunks.server.ts";
import { offerAction } from "#app/services/workbench/workbench-offers.server.ts";
import { startWorkedValuation, VALUE_INTENT, valueAction, valueWorkedLead } from "#app/services/workbench/workbench-valuation.server.ts";
import { loadWorkbench, queueLength, readLeadSnapshot, saveQueueLead } from "#app/services/workbench/workbench.server.ts";

export const meta: MetaFunction = () => [
  { title: "Lead Workbench — Breeze" },
  {
    name: "description",
    content: "Review the seller leads your search found, one at a time: save them for later or work them in your CRM.",
  },
];

// The full-details view (Let's Work It) is a chunk of its own, fetched at the user's first pointer, touch, key or
// focus on the page (useLoadOnIntent), or by the navigation that opens it.
const DETAILS_SOURCE = "/app/components/workbench/workbench-lead-details.tsx";
const DETAILS_FILES = import.meta.glob("/app/components/workbench/workbench-lead-details.tsx");
const DetailsDialog = preloadable<ComponentProps<typeof LeadDetailsDialog>>(DETAILS_FILES, DETAILS_SOURCE, "LeadDetailsDialog");
const DetailsPanel = preloadable<ComponentProps<typeof LeadDetailsPanel>>(DETAILS_FILES, DETAILS_SOURCE, "LeadDetailsPanel");
// The offer steps (Get Max Offer … Mail the Offer) show only once the lead is saved: a chunk of their own too.
const OFFER_SOURCE = "/app/components/workbench/offer-steps.tsx";
const OfferStepsPart = preloadable<ComponentProps<typeof OfferSteps>>(
  import.meta.glob("/app/components/workbench/offer-steps.tsx"),
  OFFER_SOURCE,
  "OfferSteps",
);
const LAZY_PARTS = [DetailsDialog, DetailsPanel, OfferStepsPart];
/** Let's Work It's full details: the dialog once JavaScript runs, the in-page panel before (and without it). */
const LeadDetails = hydratedChoice(DetailsDialog, DetailsPanel);

/**
 * The user's latest seller queue, rendered on the server (a reload, another device, no JavaScript), with which of its
 * leads are already in the CRM. No search yet: back to / with the spec's toast. `?lead=` is clamped in the page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // `?request=`: a seller card of an earlier search opens that search's queue; another user's or an unknown id opens
  // the latest queue instead.
  const pinned = requestedQueueId(url.searchParams.get("request"));
  const session = await requireUser(request, context);
  const workbench = await loadWorkbench(context, session.workspaceId, pinned);
  if (!workbench && pinned) throw redirect(WORKBENCH_PATH);
  if (!workbench) throw redirectWithToast("/", { ...NO_LEADS_TOAST, variant: "info" });
  const details = url.searchParams.get("details") === "1" && workbench.leads.length > 0;
  const current = workbench.leads[leadIndexOf(url.searchParams.get("lead"), workbench.leads.length)];
  const offering = current !== undefined && workbench.saved[current.id] !== undefined;
  // A document load with the details or the offer steps open preloads their chunks, so hydration finds them.
  const preloads = [...(details ? [DETAILS_SOURCE.slice(1)] : []), ...(offering ? [OFFER_SOURCE.slice(1)] : [])];
  const dealRule = dealRuleOf(session.user.preferences);
  return { ...workbench, pinned, dealRule, steps: offerStepsOf(url.searchParams), preloads: lazyPreloads(preloads) };
}

/** Moving between leads only changes `?lead=` (and closes the details): the queue on the page is still the one to show. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  (!formMethod || formMethod === "GET") && onlyPositionChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

function failure(intent: string | null, message: string, status: number, title = "Error", retryAfterSeconds?: number) {
  const retry = retryAfterSeconds !== undefined ? { retryAfterSeconds } : {};
  return data({ intent, title, message, status, ...retry } satisfies WorkbenchActionData, {
    status,
    headers: retryAfterSeconds !== undefined ? { "Retry-After": String(retryAfterSeconds) } : undefined,
  });
}

/**
 * The bottom bar's and the details' forms (they work before JavaScript loads): Save for Later (status new), Let's
 * Work It (analyzed, Deal Analyzer; opens the details), Confirm Add to CRM (new) — each for a lead of the user's
 * latest queue only — and, without JavaScript, Next Lead and Pass. Each redirects back with a toast (a workbench
 * step to the `#anchor` of the panel it changed, domain/workbench/step-anchors.ts); a refusal
 * answers the page with the message (404 not in the queue, 400 a bad form), and writes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const signedIn = requireUser(request, context);
  signedIn.catch(() => undefined); // awaited below; a redirect to /login must not count as unhandled meanwhile
  const form = Object.fromEntries(await readFormData(request));
  const pinned = requestedQueueId(new URL(request.url).searchParams.get("request"));
  if (form.intent === VALUE_INTENT || isOneOf(OFFER_INTENTS, form.intent)) return stepAction(context, signedIn, form, pinned);
  const parsed = WorkbenchActionSchema.safeParse(form);
  if (!parsed.success) {
    await signedIn;
    return failure(null, parsed.error.issues[0]?.message ?? LEAD_NOT_IN_QUEUE, 400);
  }
  const input = parsed.data;

  if (!("leadId" in input)) {
    const session = await signedIn;
    const total = await queueLength(context, session.workspaceId, pinned);
    if (total === 0) throw redirectWithToast("/", { ...NO_LEADS_TOAST, variant: "info" });
    const move = moveOn(input.intent, input.index, total);
    return redirectWithToast(workbenchHref(move.index, { request: pinned }), { ...move.toast, variant: "info" });
  }
  return saveAction({ request, context, signedIn, input, pinned });
}

/** A workbench step's form (Get Property Value, the offer steps): where the page goes next, or the refusal it shows. */
async function stepAction(
  context: AppLoadContext,
  signedIn: ReturnType<typeof requireUser>,
  form: Record<string, FormDataEntryValue>,
  pinned: string | null,
) {
  if (form.intent === VALUE_INTENT) {
    const outcome = await valueAction(context, signedIn, form, pinned);
    return "redirect" in outcome
      ? redirectWithToast(withStepAnchor(outcome.redirect, form.intent), outcome.toast)
      : failure(outcome.intent, outcome.message, outcome.status, outcome.title);
  }
  const outcome = await offerAction(context, signedIn, form, pinned);
  if ("redirect" in outcome) return redirectWithToast(withStepAnchor(outcome.redirect, outcome.step ?? form.intent), outcome.toast);
  if ("confirmation" in outcome) {
    const { intent, title, message } = outcome.confirmation;
    return data({ intent, title, message, confirmation: outcome.confirmation } satisfies WorkbenchActionData);
  }
  return failure(outcome.intent, outcome.message, outcome.status, outcome.title, outcome.retryAfterSeconds);
}

/** Save for Later, Let's Work It or Confirm Add to CRM of a lead of the queue; Let's Work It values it too. */
async function saveAction({
  request,
  context,
  signedIn,
  input,
  pinned,
}: {
  request: Request;
  context: AppLoadContext;
  signedIn: ReturnType<typeof requireUser>;
  input: Extract<WorkbenchAction, { leadId: string }>;
  pinned: string | null;
}) {
  // The lead's snapshot is read beside the session lookup (one round trip); the save's batch checks it is the user's.
  const [session, lead] = await Promise.all([
    signedIn,
    readSessionToken(request) ? readLeadSnapshot(context, input.vendor, input.leadId) : null,
  ]);
  if (!lead) return failure(input.intent, LEAD_NOT_IN_QUEUE, 404);
  const save = input.intent === "work" ? ({ status: "analyzed", currentAgent: "deal_analyzer" } as const) : ({ status: "new" } as const);
  // Let's Work It values the lead too: its market reads start beside the save (they need the lead's facts only).
  const valuing = input.intent === "work" ? startWorkedValuation(context, session.workspaceId, lead.item) : null;
  let outcome;
  try {
    outcome = await saveQueueLead(context, leadOwnerOf(session), lead, save);
  } catch (error) {
    console.error("workbench save failed", error);
    return failure(input.intent, input.intent === "add" ? ADD_FAILED : SAVE_FAILED, 500);
  }
  const back = workbenchHref(input.index, { details: input.intent === "work", request: pinned });
  if (!outcome.ok && outcome.status === 409) return redirectWithToast(back, { title: outcome.message, variant: "info" });
  if (!outcome.ok) return failure(input.intent, outcome.message, outcome.status);
  if (valuing) {
    // Let's Work It starts the valuation: the page arrives at the filled Property Value panel, the offers
    // computed from its ARV. A refusal (no comps) leaves Get Property Value to the user, as before.
    const valued = await valueWorkedLead(context, session.workspaceId, valuing, outcome.propertyId, input.index, pinned);
    if ("redirect" in valued)
      return redirectWithToast(withStepAnchor(valued.redirect, VALUE_INTENT), {
        ...valued.toast,
        title: valued.toast.variant === "success" ? "Working This Lead" : valued.toast.title,
        description: `${outcome.address} is in your CRM. ${valued.toast.description ?? ""}`.trim(),
      });
  }
  const toast =
    input.intent === "work"
      ? { title: "Working This Lead", description: `${outcome.address} is in your CRM for the Deal Analyzer.` }
      : input.intent === "save"
        ? { title: "Saved for Later", description: `${outcome.address} was added to your CRM.` }
        : { title: "Added to CRM", description: `${outcome.address} was added to your CRM.` };
  return redirectWithToast(back, { ...toast, variant: "success" });
}

export default function LeadWorkbench() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { leads, saved, requestId, location, pinned } = page;
  const total = leads.length;
  const leadParam = searchParams.get("lead");
  const index = leadIndexOf(leadParam, total);
  const lead = leads[index] ?? null;
  const details = searchParams.get("details") === "1";
  useStoredQueueSync(page, leadParam);

  useLoadOnIntent(LAZY_PARTS);

  const savedLead = lead ? (saved[lead.id] ?? null) : null;
  // Closing the details keeps the offer steps (Let's Work It's valuation) in the URL.
  const closeHref = offerStepsHref(workbenchHref(index, { request: pinned }), page.steps);

  // What changes once JavaScript runs (useHydrated) or reads the stored queue lives in the small components below
  // (ActionError, LeadDetails, WorkbenchBar): that switch is a synchronous re-render right after hydration, and here
  // it would render the whole lead card again in one long task.
  return (
    <div className="flex min-h-full flex-col">
      <LazyPreloads preloads={page.preloads} />
      <WorkbenchHeader total={total} index={index} location={location} wizardHref={page.wizardHref} />
      <main className="mx-auto w-full max-w-4xl flex-1 px-4 pt-6 pb-36 sm:px-6">
        <ActionError actionData={actionData} />
        {lead ? (
          <>
            {details ? (
              <Suspense fallback={null}>
                <LeadDetails
                  key={lead.id}
                  lead={lead}
                  index={index}
                  saved={savedLead}
                  rule={page.dealRule}
                  closeHref={closeHref}
                  request={pinned}
                />
              </Suspense>
            ) : null}
            <LeadCard
              key={lead.id}
              lead={lead}
              crmStatus={savedLead?.status ?? null}
              streetViewUrl={page.streetViews[lead.id] ?? null}
              isNew={page.fromSavedSearch && !savedLead}
            />
            {savedLead ? (
              <Suspense fallback={null}>
                <OfferStepsPart.Component
                  key={lead.id}
                  lead={lead}
                  index={index}
                  saved={savedLead}
                  steps={page.steps}
                  rule={page.dealRule}
                  comps={page.comps[savedLead.propertyId] ?? []}
                  pinnedComps={page.pinnedComps[savedLead.propertyId] ?? []}
                  request={pinned}
                />
              </Suspense>
            ) : null}
          </>
        ) : (
          <NoLeads title={NO_LEADS_AVAILABLE} wizardHref={page.wizardHref} />
        )}
      </main>
      {lead ? (
        <WorkbenchBar
          key={lead.id}
          leadId={lead.id}
          vendor={lead.raw.vendor}
          saved={savedLead !== null}
          index={index}
          total={total}
          requestId={requestId}
          request={pinned}
          wizardHref={page.wizardHref}
        />
      ) : null}
    </div>
  );
}

/** A thrown response or failure renders in this page's frame, with the way back to the wizard. */
export function ErrorBoundary() {
  return <PageError backTo={SELLER_WIZARD_HREF} backLabel="Back to Wizard" />;
}
