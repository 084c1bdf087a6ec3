/**
 * The Seller Lead Wizard and the Cash Buyer Wizard. One form for both ways of working:
 *
 * - Without JavaScript each step is a GET form to the chat section carrying the answers so far (Next and Back are
 *   buttons named `step`, Check Lead/Buyer Count `intent=count`), and Find Properties / Find Cash Buyers post the
 *   whole form to /chat/search, which runs the search on the server.
 * - With JavaScript the same buttons are handled here: the steps change in place with the same rules
 *   (domain/chat/wizard), the count and the search go to the /api routes (search-flow.ts). The fields are in
 *   wizard-fields.tsx, its state in wizard-state.ts.
 */
import { Link } from "@remix-run/react";
import { type ReactNode } from "react";

import { useHydrated } from "#app/components/hooks/use-hydrated.ts";
import { SaveSearchName } from "#app/components/leads/save-search-name.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { CostPreview } from "#app/components/usage/cost-preview.tsx";
import {
  BEDROOM_OPTIONS,
  BUYER_TYPE_OPTIONS,
  leadCountOf,
  PRICE_SELECT_OPTIONS,
  SELLER_TYPE_OPTIONS,
  STEP_FIELDS,
  STEP_TITLES,
  WIZARD_STEPS,
  WIZARD_TITLES,
  wizardFields,
  type WizardAnswers,
  type WizardErrors,
  type WizardField,
} from "#app/domain/chat/wizard.ts";
import type { CoveredPlace } from "#app/domain/leads/covered-places.ts";
import { US_STATES } from "#app/domain/shared/us-states.ts";
import type { WizardView } from "#app/services/chat/chat-section.server.ts";

import { usePlaceSuggestions } from "./use-place-suggestions.ts";
import { Choices, CountResult, ErrorText, FIELD_LABELS, LeadCountChoice, Select } from "./wizard-fields.tsx";
import { useWizardForm, type WizardBusy } from "./wizard-state.ts";

export type WizardProps = {
  view: WizardView;
  /** The chat the results go into: its agent and conversation (null: start one). */
  agent: string;
  conversationId: string | null;
  /** Where Cancel goes without JavaScript (the chat without the wizard). */
  closeHref: string;
  /** Closes the wizard in place (with JavaScript). */
  onClose?: () => void;
  /** False on the search route's page: the form always posts (it only shows without JavaScript). */
  interactive?: boolean;
  /** The location field's first suggestions (the server's covered places). */
  places?: readonly CoveredPlace[];
};

export default function Wizard({ view, agent, conversationId, closeHref, onClose, interactive = true, places = [] }: WizardProps) {
  const hydrated = useHydrated();
  const handles = hydrated && interactive;
  const { kind } = view;
  const { step, answers, errors, count, busy, heading, set, onSubmit } = useWizardForm({ view, agent, conversationId, onClose });
  const total = WIZARD_STEPS[kind];
  const visible = STEP_FIELDS[kind][step - 1]!;
  const title = WIZARD_TITLES[kind];
  const suggestions = usePlaceSuggestions(places, answers.cityOrZip, handles);

  const hidden: ReactNode[] = wizardFields(kind)
    .filter((field) => !visible.includes(field))
    .map((field) => <input key={field} type="hidden" name={field} value={answers[field]} />);
  const last = step === total;

  return (
    <section aria-labelledby="wizard-heading" className="rounded-xl border border-brand-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
        Step {step} of {total}
      </p>
      <h2 id="wizard-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {title}: {STEP_TITLES[kind][step - 1]}
      </h2>
      <form method="get" action="/" onSubmit={handles ? onSubmit : undefined} noValidate className="mt-4 space-y-4" aria-label={title}>
        <input type="hidden" name="section" value="chat" />
        <input type="hidden" name="agent" value={agent} />
        {conversationId ? <input type="hidden" name="c" value={conversationId} /> : null}
        <input type="hidden" name="wizard" value={kind} />
        <input type="hidden" name="at" value={String(step)} />
        {hidden}

        {step === 1 ? <LocationStep answers={answers} errors={errors} set={set} suggestions={suggestions} /> : null}
        {step === 2 && kind === "seller" ? (
          <Choices
            field="sellerType"
            value={answers.sellerType}
            error={errors.sellerType}
            options={SELLER_TYPE_OPTIONS}
            onChange={set("sellerType")}
          />
        ) : null}
        {step === 2 && kind === "buyer" ? (
          <Choices
            field="buyerType"
            value={answers.buyerType}
            error={errors.buyerType}
            options={BUYER_TYPE_OPTIONS}
            onChange={set("buyerType")}
          />
        ) : null}
        {step === 3 ? <FiltersStep answers={answers} errors={errors} set={set} /> : null}

        {count ? <CountResult kind={kind} count={count} /> : null}
        {busy === "search" ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
            {kind === "seller" ? "Searching for properties..." : "Searching for cash buyers..."}
          </p>
        ) : null}

        {last ? <SaveSearchName disabled={busy !== null} /> : null}
        <WizardButtons
          kind={kind}
          step={step}
          last={last}
          busy={busy}
          leads={leadCountOf(answers)}
          closeHref={closeHref}
          onClose={handles ? onClose : undefined}
        />
      </form>
    </section>
  );
}

/** The seller wizard's last step: the optional filters and how many leads to pull. */
function FiltersStep({
  answers,
  errors,
  set,
}: {
  answers: WizardAnswers;
  errors: WizardErrors;
  set: (field: WizardField) => (value: string) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        field="minBedrooms"
        value={answers.minBedrooms}
        error={errors.minBedrooms}
        options={BEDROOM_OPTIONS}
        onChange={set("minBedrooms")}
      />
      <Select field="price" value={answers.price} error={errors.price} options={PRICE_SELECT_OPTIONS} onChange={set("price")} />
      <p className="text-xs text-slate-600 sm:col-span-2">Both filters are optional.</p>
      <LeadCountChoice value={answers.leadCount} error={errors.leadCount} onChange={set("leadCount")} />
    </div>
  );
}

function LocationStep({
  answers,
  errors,
  set,
  suggestions,
}: {
  answers: WizardAnswers;
  errors: WizardErrors;
  set: (field: WizardField) => (value: string) => void;
  suggestions: ReturnType<typeof usePlaceSuggestions>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
      <div>
        <label htmlFor="wizard-cityOrZip" className="mb-1 block text-sm font-medium text-slate-800">
          {FIELD_LABELS.cityOrZip}
        </label>
        <input
          id="wizard-cityOrZip"
          name="cityOrZip"
          value={answers.cityOrZip}
          onChange={(event) => set("cityOrZip")(event.target.value)}
          maxLength={300}
          autoComplete="off"
          list="wizard-places"
          placeholder="Phoenix or 85004"
          aria-invalid={errors.cityOrZip ? true : undefined}
          aria-describedby={errors.cityOrZip ? "wizard-cityOrZip-error" : "wizard-cityOrZip-hint"}
          className={inputClass()}
        />
        <datalist id="wizard-places">
          {suggestions.map((place) => (
            <option key={place.value} value={place.value}>
              {place.label}
            </option>
          ))}
        </datalist>
        {errors.cityOrZip ? null : (
          <p id="wizard-cityOrZip-hint" className="mt-1 text-xs text-slate-600">
            A city, a 5-digit ZIP, several ZIPs separated by commas, or &quot;City, ST&quot;.
          </p>
        )}
        <ErrorText id="wizard-cityOrZip-error" error={errors.cityOrZip} />
      </div>
      <Select
        field="state"
        value={answers.state}
        error={errors.state}
        options={US_STATES.map((code) => ({ value: code, label: code }))}
        placeholder="Choose a state"
        onChange={set("state")}
      />
    </div>
  );
}

/** Cancel, Back, Next, the count and the search, in each wizard's order. */
function WizardButtons({
  kind,
  step,
  last,
  busy,
  leads,
  closeHref,
  onClose,
}: {
  kind: WizardView["kind"];
  step: number;
  last: boolean;
  busy: WizardBusy;
  /** How many leads Find Properties pulls (its cost preview prices that many). */
  leads: number;
  closeHref: string;
  /** Closes in place; without it Cancel follows its link. */
  onClose?: () => void;
}) {
  const cancel = (
    <Link
      to={closeHref}
      preventScrollReset
      onClick={(event) => {
        if (!onClose) return;
        event.preventDefault();
        onClose();
      }}
      className={buttonClass("secondary")}
    >
      Cancel
    </Link>
  );
  const back = (
    <Button type="submit" variant="secondary" name="step" value={String(step - 1)} formNoValidate disabled={busy !== null}>
      Back
    </Button>
  );
  const next = (
    <Button type="submit" name="step" value={String(step + 1)} disabled={busy !== null}>
      Next
    </Button>
  );
  const countButton = (
    <Button type="submit" variant="secondary" name="intent" value="count" disabled={busy !== null}>
      {busy === "count" ? "Counting..." : kind === "seller" ? "Check Lead Count" : "Check Buyer Count"}
    </Button>
  );
  const find = (
    <span className="inline-flex items-center gap-2">
      <Button type="submit" name="intent" value="search" formMethod="post" formAction="/chat/search" disabled={busy !== null}>
        {kind === "seller" ? "Find Properties" : "Find Cash Buyers"}
      </Button>
      {kind === "seller" ? (
        <CostPreview kind="lead" count={leads} extra={{ kind: "skip_trace", count: leads }} />
      ) : (
        <CostPreview kind="cash_buyer_page" count={1} />
      )}
    </span>
  );
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
      {kind === "seller" ? (
        <>
          {cancel}
          {step > 1 ? back : null}
          {last ? countButton : next}
          {last ? find : null}
        </>
      ) : (
        <>
          {step === 1 ? cancel : back}
          {last ? countButton : next}
          {last ? find : null}
        </>
      )}
    </div>
  );
}
