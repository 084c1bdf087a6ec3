/**
 * The workbench after Let's Work It (spec 02 §2 "Workbench banners", §4 "Workbench flow"): Get Property Value
 * (property-value.tsx: the ARV and its comps, which Get Max Offer starts from), Get Max Offer with the 70%
 * rule line (ARV, repair estimate and assignment fee editable), the three offer cards or a custom amount, Generate PDF
 * Letter of Intent, the Letter of Intent modal (View PDF in New Tab, Download PDF, Mail the Offer) and the success
 * panel. Every step is a form post to the page's action, which redirects with the step in the URL, so it works before
 * JavaScript loads; with it, the letter opens in a dialog. Its own chunk (preloadable): shown only for a saved lead.
 */
import { Form, useActionData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { OfferChoice, useOfferChoiceCheck } from "#app/components/offers/offer-choice.tsx";
import { OfferConfirmation } from "#app/components/offers/offer-confirmation.tsx";
import { StartSequenceForm } from "#app/components/today/start-sequence.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { CostPreview } from "#app/components/usage/cost-preview.tsx";
import { leadAddress } from "#app/domain/leads/property.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import { offerOptions, recommendedOffer } from "#app/domain/offers/options.ts";
import {
  DEFAULT_ASSIGNMENT_FEE,
  defaultRepairs,
  DEMO_MAILED,
  DEMO_MODE,
  maxOfferRule,
  offerStepsHref,
  preselectedOffer,
  SAMPLE_LETTER,
  SAMPLE_LETTER_URL,
  type OfferSteps as Steps,
} from "#app/domain/offers/rules.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import type { CompChoiceView, StoredCompDetail } from "#app/domain/valuation/comparables.ts";
import { demoValuation, valuationStepParams, type ValuationStep } from "#app/domain/valuation/view.ts";
import type { WorkbenchActionData } from "#app/domain/workbench/forms.ts";
import { MAX_OFFER_LABEL, MAX_OFFER_RULE, workbenchAction, workbenchHref } from "#app/domain/workbench/rules.ts";
import { STEP_ANCHORS, stepAnchorOf, type StepAnchor } from "#app/domain/workbench/step-anchors.ts";

import { PropertyValue } from "./property-value.tsx";

export type OfferStepsProps = {
  lead: LeadQueueItem;
  index: number;
  saved: {
    propertyId: string;
    status: string;
    arv: number | null;
    analysisArv: number | null;
    repairEstimate: number | null;
    assignmentFee: number | null;
    maxOffer: number | null;
    offerPdfFilename: string | null;
  };
  steps: Steps;
  /** The comps recorded on the saved property (Get Property Value). */
  comps: StoredCompDetail[];
  /** The user's comp choices of the saved property (ADR 091). */
  compChoices: CompChoiceView[];
  /** The search whose queue the page shows, when it is not the latest (`?request=`). */
  request?: string | null;
};

function Banner({
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
function StepFields({
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
function stepsAction(index: number, steps: Steps, request?: string | null): string {
  return offerStepsHref(workbenchHref(index, { request }), steps);
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function NumberField({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <input name={name} inputMode="numeric" defaultValue={value ?? ""} className={inputClass("w-40")} autoComplete="off" />
    </label>
  );
}

/** The ARV Get Property Value answered (§8's demo ARV in Demo Mode), if any. */
function valuedArv(lead: LeadQueueItem, valuation: ValuationStep | null): number | null {
  if (!valuation) return null;
  return valuation === "demo" ? demoValuation(lead.estimatedValue).arv : valuation.arv;
}

/**
 * Get Max Offer: the ARV (Get Property Value's, else the one recorded on the property, else the lead's estimated
 * value) and the rule's figures, editable.
 */
function MaxOfferForm({ lead, index, saved, steps, request }: OfferStepsProps) {
  const busy = useBusy("offers");
  const arv = steps.arv ?? valuedArv(lead, steps.valuation) ?? saved.arv ?? lead.estimatedValue;
  const rounded = arv ? Math.round(arv) : null;
  const repairs = steps.repairs ?? saved.repairEstimate;
  return (
    // Keyed by the ARV it starts from: a new valuation refills the (uncontrolled) fields.
    <Form key={rounded ?? "none"} method="post" action={workbenchAction(request)} className="flex flex-wrap items-end gap-3">
      <StepFields propertyId={saved.propertyId} index={index} valuation={steps.valuation} />
      <NumberField name="arv" label="ARV" value={rounded} />
      <NumberField name="repairs" label="Repair estimate" value={repairs ?? (rounded ? defaultRepairs(rounded) : null)} />
      <NumberField name="fee" label="Assignment fee" value={steps.fee ?? saved.assignmentFee ?? DEFAULT_ASSIGNMENT_FEE} />
      <Button type="submit" name="intent" value="offers" disabled={busy}>
        {busy ? "Calculating..." : steps.arv ? "Update Max Offer" : "Get Max Offer"}
      </Button>
    </Form>
  );
}

function RuleLine({ arv, repairs, fee }: { arv: number; repairs: number | null; fee: number | null }) {
  const rule = maxOfferRule(arv, repairs ?? undefined, fee ?? undefined);
  return (
    <div aria-label={MAX_OFFER_LABEL} role="group" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-emerald-900">{MAX_OFFER_LABEL}</span>
        <span className="text-xl font-bold text-emerald-900">{formatMoney(rule.maxOffer)}</span>
      </p>
      <p className="mt-1 text-xs text-emerald-900">
        {MAX_OFFER_RULE} {formatMoney(rule.arv)} × 70% − {formatMoney(rule.repairs)} repairs − {formatMoney(rule.assignmentFee)} fee.
      </p>
    </div>
  );
}

/** The offer's warnings the action answered for `intent` (a post without `confirm`), with its "Confirm anyway". */
function StepConfirmation({ intent, action }: { intent: "letter" | "mail"; action: string }) {
  const actionData = useActionData<WorkbenchActionData>();
  const confirmation = actionData?.confirmation;
  return confirmation && confirmation.intent === intent ? <OfferConfirmation confirmation={confirmation} action={action} /> : null;
}

const GENERATE_AND_MAIL = "Generate and Mail the Offer";

function LetterForm({ index, saved, steps, request }: OfferStepsProps) {
  const busy = useBusy("letter");
  const arv = steps.arv!;
  const rule = maxOfferRule(arv, steps.repairs ?? undefined, steps.fee ?? undefined);
  const options = offerOptions(arv, rule.maxOffer);
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

function letterLinks(letter: string) {
  return letter === SAMPLE_LETTER
    ? { view: SAMPLE_LETTER_URL, download: SAMPLE_LETTER_URL }
    : { view: `/documents/${letter}/view`, download: `/documents/${letter}/download` };
}

/** View PDF in New Tab, Download PDF and Mail the Offer (until it is mailed). */
function LetterActions({ index, saved, steps, fileName, request }: OfferStepsProps & { fileName: string }) {
  const busy = useBusy("mail");
  const links = letterLinks(steps.letter!);
  const action = stepsAction(index, steps, request);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div className="basis-full empty:hidden">
        <StepConfirmation intent="mail" action={action} />
      </div>
      <a href={links.view} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
        View PDF in New Tab
      </a>
      <a href={links.download} download={fileName} className={buttonClass("secondary")}>
        Download PDF
      </a>
      {steps.mailed ? null : (
        <Form method="post" action={action}>
          <StepFields propertyId={saved.propertyId} index={index} steps={steps} valuation={steps.valuation} />
          <span className="inline-flex items-center gap-2">
            <Button type="submit" name="intent" value="mail" disabled={busy}>
              {busy ? "Mailing..." : "Mail the Offer"}
            </Button>
            <CostPreview kind="letter" count={1} />
          </span>
        </Form>
      )}
    </div>
  );
}

function LetterStep(props: OfferStepsProps) {
  const hydrated = useHydrated();
  const { steps, saved } = props;
  const [open, setOpen] = useState(true);
  const sample = steps.letter === SAMPLE_LETTER;
  const fileName = sample ? "sample-letter-of-intent.pdf" : (saved.offerPdfFilename ?? "letter-of-intent.pdf");
  const summary = sample
    ? `${DEMO_MODE.letter}: a sample letter; no offer was created.`
    : `${fileName} · Offer ${formatMoney(saved.maxOffer)}`;
  return (
    <>
      <Banner id={STEP_ANCHORS.letter} title="Letter of Intent Created" tone="emerald">
        <p className="mb-3 text-sm text-slate-700">{summary}</p>
        <LetterActions {...props} fileName={fileName} />
      </Banner>
      {hydrated && !steps.mailed ? (
        <Dialog open={open} onOpenChange={setOpen} title="Letter of Intent Created" description={summary} closeText="Close">
          <LetterActions {...props} fileName={fileName} />
        </Dialog>
      ) : null}
    </>
  );
}

function MailedPanel(props: OfferStepsProps) {
  const { lead, steps, saved } = props;
  const demo = steps.mailed === DEMO_MAILED;
  const to = lead.raw.ownerMailingAddress || leadAddress(lead);
  return (
    <section
      id={STEP_ANCHORS.mail}
      role="status"
      aria-label="Offer mailed"
      className="scroll-mt-4 rounded-xl border border-emerald-300 bg-emerald-50 p-4 sm:p-5"
    >
      <h2 tabIndex={-1} className="text-base font-semibold text-emerald-900 focus:outline-none">
        {demo ? DEMO_MODE.mailed : "Offer Mailed Successfully!"}
      </h2>
      <p className="mt-1 text-sm wrap-anywhere text-emerald-900">
        {demo
          ? "Demo Mode: the mail service could not be reached, so nothing was mailed and the lead's status was not changed."
          : `The Letter of Intent is on its way to ${lead.ownerName ?? "the owner"} at ${to}. Tracking id: ${steps.mailed}.`}
      </p>
      {demo ? null : <StartSequenceForm propertyId={saved.propertyId} className="mt-3" />}
      {demo ? null : <MailAgainForm {...props} />}
    </section>
  );
}

/** A second letter, on purpose: says it is a second one and what it costs before it is sent. */
function MailAgainForm({ index, saved, steps, request }: OfferStepsProps) {
  const busy = useBusy("mail");
  return (
    <Form method="post" action={workbenchAction(request)} className="mt-3 flex flex-wrap items-center gap-2">
      <StepFields propertyId={saved.propertyId} index={index} steps={{ ...steps, mailed: null }} valuation={steps.valuation} />
      <input type="hidden" name="resend" value="true" />
      <span className="text-sm text-emerald-900">Mail again? This sends a second letter</span>
      <CostPreview kind="letter" count={1} />
      <Button type="submit" variant="secondary" name="intent" value="mail" disabled={busy}>
        {busy ? "Mailing..." : "Mail Again"}
      </Button>
    </Form>
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
 * the max offer the property card shows, issue 35 item 1) when Get Max Offer was
 * not pressed (issue 36: fewer clicks): the 70% rule line and the offer cards show at once, the figures editable above.
 */
function withValuedOffers(lead: LeadQueueItem, saved: OfferStepsProps["saved"], steps: Steps): Steps {
  const valued = steps.arv ? null : valuedArv(lead, steps.valuation);
  if (!valued) return steps;
  const arv = Math.round(valued);
  const costs = { repairs: steps.repairs ?? saved.repairEstimate, fee: steps.fee ?? saved.assignmentFee };
  return { ...steps, arv, repairs: costs.repairs ?? defaultRepairs(arv), fee: costs.fee ?? DEFAULT_ASSIGNMENT_FEE };
}

export function OfferSteps(props: OfferStepsProps) {
  const { lead, index, saved, comps, request } = props;
  const steps = withValuedOffers(lead, saved, props.steps);
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
        compChoices={props.compChoices}
        valuation={steps.valuation}
        request={request}
      />
      <Banner title="Get Max Offer">
        <MaxOfferForm {...props} />
      </Banner>
      {steps.arv ? (
        <Banner id={STEP_ANCHORS.offers} title={steps.demoOffers ? DEMO_MODE.offers : "Offer Options"}>
          <div className="grid grid-cols-1 gap-4">
            <RuleLine arv={steps.arv} repairs={steps.repairs} fee={steps.fee} />
            <LetterForm {...valued} />
          </div>
        </Banner>
      ) : null}
      {steps.letter ? <LetterStep {...valued} /> : null}
      {steps.mailed ? <MailedPanel {...valued} /> : null}
    </div>
  );
}
