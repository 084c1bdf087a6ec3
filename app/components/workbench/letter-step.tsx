/**
 * The Letter of Intent once generated: its panel and, with JavaScript, its dialog (View PDF in New Tab,
 * Download PDF, Mail the Offer), then the mailed panel with the follow-up sequence and Mail Again.
 */
import { Form } from "@remix-run/react";
import { useState } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { StartSequenceForm } from "#app/components/today/start-sequence.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { CostPreview } from "#app/components/usage/cost-preview.tsx";
import { leadAddress } from "#app/domain/leads/property.ts";
import { DEMO_MAILED, DEMO_MODE, SAMPLE_LETTER, SAMPLE_LETTER_URL } from "#app/domain/offers/offer-rules.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import { STEP_ANCHORS } from "#app/domain/workbench/step-anchors.ts";
import { workbenchAction } from "#app/domain/workbench/workbench-rules.ts";

import { Banner, StepConfirmation, StepFields, stepsAction, useBusy, type OfferStepsProps } from "./offer-step-parts.tsx";

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

export function LetterStep(props: OfferStepsProps) {
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

export function MailedPanel(props: OfferStepsProps) {
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
