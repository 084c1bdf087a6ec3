/**
 * What the workbench's offer steps share (offer-steps.tsx, letter-step.tsx): their props, the step panel, the hidden
 * fields every step's form carries, where the letter and mail forms post, and the offer's "Confirm anyway".
 */
import { useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

import { OfferConfirmation } from "#app/components/offers/offer-confirmation.tsx";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import type { DealRule } from "#app/domain/offers/deal-numbers.ts";
import { offerStepsHref, type OfferSteps as Steps } from "#app/domain/offers/offer-rules.ts";
import type { PinnedCompView, StoredCompDetail } from "#app/domain/valuation/comparables.ts";
import { valuationStepParams, type ValuationStep } from "#app/domain/valuation/view.ts";
import type { SavedLead } from "#app/domain/workbench/saved-lead.ts";
import type { StepAnchor } from "#app/domain/workbench/step-anchors.ts";
import type { WorkbenchActionData } from "#app/domain/workbench/workbench-forms.ts";
import { workbenchHref } from "#app/domain/workbench/workbench-rules.ts";

export type OfferStepsProps = {
  lead: LeadQueueItem;
  index: number;
  saved: Omit<SavedLead, "ruleMaxOffer">;
  steps: Steps;
  /** The user's deal rule: the rule line and the tiers are of it. */
  rule: DealRule;
  /** The comps recorded on the saved property (Get Property Value). */
  comps: StoredCompDetail[];
  /** The user's pinned and excluded comps of the saved property (ADR 091). */
  pinnedComps: PinnedCompView[];
  /** The search whose queue the page shows, when it is not the latest (`?request=`). */
  request?: string | null;
};

export function Banner({
  title,
  children,
  tone = "brand",
  id,
}: {
  title: string;
  children: ReactNode;
  tone?: "brand" | "emerald";
  /** The panel's anchor, when a step lands on it (step-anchors.ts). */
  id?: StepAnchor;
}) {
  const tones = { brand: "border-brand-200 bg-brand-50", emerald: "border-emerald-200 bg-emerald-50" };
  return (
    <section id={id} aria-label={title} className={`scroll-mt-4 rounded-xl border p-4 sm:p-5 ${tones[tone]}`}>
      <h2 tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** The hidden fields every step's form carries: the lead's property, its position and the steps so far. */
export function StepFields({
  propertyId,
  index,
  steps,
  valuation,
}: {
  propertyId: string;
  index: number;
  steps?: Partial<Steps>;
  valuation: ValuationStep | null;
}) {
  return (
    <>
      <input type="hidden" name="propertyId" value={propertyId} />
      <input type="hidden" name="index" value={index} />
      {valuationStepParams(valuation).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {steps?.arv ? <input type="hidden" name="arv" value={steps.arv} /> : null}
      {steps?.repairs !== null && steps?.repairs !== undefined ? <input type="hidden" name="repairs" value={steps.repairs} /> : null}
      {steps?.fee !== null && steps?.fee !== undefined ? <input type="hidden" name="fee" value={steps.fee} /> : null}
      {steps?.letter ? <input type="hidden" name="letter" value={steps.letter} /> : null}
    </>
  );
}

/**
 * Where the letter and mail forms post: the page as it is (the lead and its steps in the URL), so an answer that is
 * not a redirect — the offer's warnings with "Confirm anyway" — shows on the same steps, with and without JavaScript.
 */
export function stepsAction(index: number, steps: Steps, request?: string | null): string {
  return offerStepsHref(workbenchHref(index, { request }), steps);
}

export function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

/** The offer's warnings the action answered for `intent` (a post without `confirm`), with its "Confirm anyway". */
export function StepConfirmation({ intent, action }: { intent: "letter" | "mail"; action: string }) {
  const actionData = useActionData<WorkbenchActionData>();
  const confirmation = actionData?.confirmation;
  return confirmation && confirmation.intent === intent ? <OfferConfirmation confirmation={confirmation} action={action} /> : null;
}
