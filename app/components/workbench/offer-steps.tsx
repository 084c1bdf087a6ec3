/**
 * The workbench after Let's Work It (the spec's "Workbench banners"; "Workbench flow"): Get Property Value
 * (property-value.tsx: the ARV and its comps, which Get Max Offer starts from), Get Max Offer with the 70%
 * rule line (ARV, repair estimate and assignment fee editable), the three offer cards or a custom amount, Generate PDF
 * Letter of Intent, the Letter of Intent modal (View PDF in New Tab, Download PDF, Mail the Offer) and the success
 * panel. Every step is a form post to the page's action, which redirects with the step in the URL, so it works before
 * JavaScript loads; with it, the letter opens in a dialog. Its own chunk (preloadable): shown only for a saved lead.
 */
import { Form, useLocation } from "@remix-run/react";
import { useEffect } from "react";

import { OfferChoice, useOfferChoiceCheck } from "#app/components/offers/offer-choice.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { CostPreview } from "#app/components/usage/cost-preview.tsx";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import {
  maxOfferLabel,
  maxOfferRule,
  maxOfferRuleText,
  recommendedOffer,
  tiersOf,
  type DealRule,
} from "#app/domain/offers/deal-numbers.ts";
import { defaultRepairs } from "#app/domain/offers/max-offer.ts";
import { DEMO_MODE, preselectedOffer, type OfferSteps as Steps } from "#app/domain/offers/offer-rules.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { demoValuation, type ValuationStep } from "#app/domain/valuation/view.ts";
import { STEP_ANCHORS, stepAnchorOf } from "#app/domain/workbench/step-anchors.ts";
import { workbenchAction } from "#app/domain/workbench/workbench-rules.ts";

import { LetterStep, MailedPanel } from "./letter-step.tsx";
import { Banner, StepConfirmation, StepFields, stepsAction, useBusy, type OfferStepsProps } from "./offer-step-parts.tsx";
import { PropertyValue } from "./property-value.tsx";

export type { OfferStepsProps } from "./offer-step-parts.tsx";

function NumberField({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <input name={name} inputMode="numeric" defaultValue={value ?? ""} className={inputClass("w-40")} autoComplete="off" />
    </label>
  );
}

/** The ARV Get Property Value answered (the spec's demo ARV in Demo Mode), if any. */
function valuedArv(lead: LeadQueueItem, valuation: ValuationStep | null): number | null {
  if (!valuation) return null;
  return valuation === "demo" ? demoValuation(lead.estimatedValue).arv : valuation.arv;
}

/**
 * Get Max Offer: the ARV (Get Property Value's, else the one recorded on the property, else the lead's estimated
 * value) and the rule's figures, editable.
 */
function MaxOfferForm({ lead, index, saved, steps, rule, request }: OfferStepsProps) {
  const busy = useBusy("offers");
  const arv = steps.arv ?? valuedArv(lead, steps.valuation) ?? saved.arv ?? lead.estimatedValue;
  const rounded = arv ? Math.round(arv) : null;
  const repairs = steps.repairs ?? saved.repairEstimate;
  return (
    // Keyed by the ARV it starts from: a new valuation refills the (uncontrolled) fields.
    <Form key={rounded ?? "none"} method="post" action={workbenchAction(request)} className="flex flex-wrap items-end gap-3">
      <StepFields propertyId={saved.propertyId} index={index} valuation={steps.valuation} />
      <NumberField name="arv" label="ARV" value={rounded} />
      <NumberField name="repairs" label="Repair estimate" value={repairs ?? (rounded ? defaultRepairs(rounded, rule) : null)} />
      <NumberField name="fee" label="Assignment fee" value={steps.fee ?? saved.assignmentFee ?? rule.assignmentFee} />
      <Button type="submit" name="intent" value="offers" disabled={busy}>
        {busy ? "Calculating..." : steps.arv ? "Update Max Offer" : "Get Max Offer"}
      </Button>
    </Form>
  );
}

function RuleLine({ arv, repairs, fee, rule }: { arv: number; repairs: number | null; fee: number | null; rule: DealRule }) {
  const line = maxOfferRule(arv, repairs, fee, rule);
  return (
    <div aria-label={maxOfferLabel(rule)} role="group" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-emerald-900">{maxOfferLabel(rule)}</span>
        <span className="text-xl font-bold text-emerald-900">{formatMoney(line.maxOffer)}</span>
      </p>
      <p className="mt-1 text-xs text-emerald-900">
        {maxOfferRuleText(rule)} {formatMoney(line.arv)} × {line.percentage}% − {formatMoney(line.repairs)} repairs −{" "}
        {formatMoney(line.assignmentFee)} fee.
      </p>
    </div>
  );
}

const GENERATE_AND_MAIL = "Generate and Mail the Offer";

function LetterForm({ index, saved, steps, rule: dealRule, request }: OfferStepsProps) {
  const busy = useBusy("letter");
  const arv = steps.arv!;
  const rule = maxOfferRule(arv, steps.repairs, steps.fee, dealRule);
  const options = tiersOf(rule, dealRule);
  const check = useOfferChoiceCheck(options, arv);
  const preselected = preselectedOffer(recommendedOffer(options), rule.maxOffer);
  const action = stepsAction(index, steps, request);
  return (
    <>
      <StepConfirmation intent="letter" action={action} />
      <Form
        method="post"
        action={action}
        className="grid grid-cols-1 gap-4"
        onSubmit={(event) => {
          if (!check(event.currentTarget)) event.preventDefault();
        }}
      >
        <StepFields propertyId={saved.propertyId} index={index} steps={steps} valuation={steps.valuation} />
        <OfferChoice
          // Keyed by the rule: new figures (Update Max Offer) start from their own preselection.
          key={`${arv}-${rule.maxOffer}`}
          options={options}
          idPrefix="workbench-offer"
          initial={preselected.initial}
          initialCustom={preselected.customOffer}
        />
        {/* Both buttons generate the letter; "Generate and Mail" (andMail) mails it in the same confirmed step. */}
        <input type="hidden" name="intent" value="letter" />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button type="submit" variant="secondary" name="intent" value="letter" disabled={busy}>
            {busy ? "Generating..." : "Generate PDF Letter of Intent"}
          </Button>
          <span className="inline-flex items-center gap-2">
            <Button type="submit" name="andMail" value="1" disabled={busy}>
              {busy ? "Generating..." : GENERATE_AND_MAIL}
            </Button>
            <CostPreview kind="letter" count={1} />
          </span>
        </div>
      </Form>
    </>
  );
}

/**
 * With JavaScript, the panel a step landed on (the redirect's `#anchor`) scrolls into view and its heading takes the
 * focus, so a keyboard or screen-reader user continues from there; the letter's dialog keeps its own focus.
 */
function useStepLanding() {
  const location = useLocation();
  useEffect(() => {
    const anchor = stepAnchorOf(location.hash);
    const panel = anchor ? document.getElementById(anchor) : null;
    if (!panel) return;
    panel.scrollIntoView({ block: "start" });
    if (!document.querySelector('[role="dialog"]')) panel.querySelector<HTMLElement>("h2")?.focus({ preventScroll: true });
  }, [location.key, location.hash]);
}

/**
 * The steps with the offers computed from Get Property Value's ARV (the stored repairs and fee, else the defaults:
 * the max offer the property card shows) when Get Max Offer was
 * not pressed (fewer clicks): the 70% rule line and the offer cards show at once, the figures editable above.
 */
function withValuedOffers(lead: LeadQueueItem, saved: OfferStepsProps["saved"], steps: Steps, rule: DealRule): Steps {
  const valued = steps.arv ? null : valuedArv(lead, steps.valuation);
  if (!valued) return steps;
  const arv = Math.round(valued);
  const costs = { repairs: steps.repairs ?? saved.repairEstimate, fee: steps.fee ?? saved.assignmentFee };
  return { ...steps, arv, repairs: costs.repairs ?? defaultRepairs(arv, rule), fee: costs.fee ?? rule.assignmentFee };
}

export function OfferSteps(props: OfferStepsProps) {
  const { lead, index, saved, comps, request } = props;
  const steps = withValuedOffers(lead, saved, props.steps, props.rule);
  const valued = { ...props, steps };
  useStepLanding();
  // grid-cols-1 (minmax(0, 1fr)): a wide child (the comps table, which scrolls in its own box) never widens the page.
  return (
    <div className="mt-6 grid grid-cols-1 gap-4">
      <PropertyValue
        lead={lead}
        index={index}
        propertyId={saved.propertyId}
        storedArv={saved.arv}
        comps={comps}
        pinnedComps={props.pinnedComps}
        model={saved.modelValue !== null && saved.modelShare !== null ? { value: saved.modelValue, share: saved.modelShare } : null}
        valuation={steps.valuation}
        request={request}
      />
      <Banner title="Get Max Offer">
        <MaxOfferForm {...props} />
      </Banner>
      {steps.arv ? (
        <Banner id={STEP_ANCHORS.offers} title={steps.demoOffers ? DEMO_MODE.offers : "Offer Options"}>
          <div className="grid grid-cols-1 gap-4">
            <RuleLine arv={steps.arv} repairs={steps.repairs} fee={steps.fee} rule={props.rule} />
            <LetterForm {...valued} />
          </div>
        </Banner>
      ) : null}
      {steps.letter ? <LetterStep {...valued} /> : null}
      {steps.mailed ? <MailedPanel {...valued} /> : null}
    </div>
  );
}
