/**
 * The Sequences screen's editor (ADR 075): one Remix <Form> holding every step; each button posts the whole draft with
 * its own intent (Up, Down, Remove, Add step, Preview, Save sequence), so it works without JavaScript and an edit made
 * before pressing Up is kept. The preview fills each template with a sample lead.
 */
import { Form } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { previewOf, stepFieldName, type DraftStep, type StepField } from "#app/domain/sequences/editor.ts";
import { MAX_SEQUENCE_DAY } from "#app/domain/sequences/step-schema.ts";
import { ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES } from "#app/domain/sequences/steps.ts";
import { WITHOUT_OFFER_CHOICES, WITHOUT_OFFER_LABELS, type WithoutOffer } from "#app/domain/sequences/task-state.ts";
import { PLACEHOLDERS } from "#app/domain/sequences/templates.ts";

export const SEQUENCES_PATH = "/sequences";

export type EditorProps = {
  sequenceId: string | null;
  name: string;
  steps: readonly DraftStep[];
  errors: Record<string, string[]>;
  companyName: string | null;
  /** What letters and emails naming an amount do on a lead without a chosen offer. */
  withoutOffer: WithoutOffer;
  /** Set when the steps shown are an unsaved draft (after Up, Add, Preview …). */
  unsaved: boolean;
};

function Errors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/** The label, input and errors of one field of one step. */
function fieldProps(index: number, field: StepField, errors: Record<string, string[]>) {
  const name = stepFieldName(index, field);
  const fieldErrors = errors[name];
  const id = `step-${index}-${field}`;
  return {
    input: {
      id,
      name,
      "aria-invalid": fieldErrors?.length ? true : undefined,
      "aria-describedby": fieldErrors?.length ? `${id}-errors` : undefined,
    },
    errors: <Errors id={`${id}-errors`} errors={fieldErrors} />,
  };
}

const LABEL = "mb-1 block text-sm font-medium text-slate-800";

function StepFields({ step, index, count, props }: { step: DraftStep; index: number; count: number; props: EditorProps }) {
  const day = fieldProps(index, "dayNumber", props.errors);
  const type = fieldProps(index, "activityType", props.errors);
  const template = fieldProps(index, "template", props.errors);
  const number = index + 1;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" aria-label={`Step ${number}`}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Step {number}</legend>
      <div className="grid gap-3 sm:grid-cols-[8rem_10rem_1fr]">
        <div>
          <label htmlFor={day.input.id} className={LABEL}>
            Day
          </label>
          <input {...day.input} type="number" min={0} max={MAX_SEQUENCE_DAY} defaultValue={step.dayNumber} className={inputClass()} />
          {day.errors}
        </div>
        <div>
          <label htmlFor={type.input.id} className={LABEL}>
            Activity
          </label>
          <select {...type.input} defaultValue={step.activityType} className={inputClass()}>
            {ACTIVITY_TYPES.map((activity) => (
              <option key={activity} value={activity}>
                {ACTIVITY_TYPE_LABELS[activity]}
              </option>
            ))}
          </select>
          {type.errors}
        </div>
        <div className="flex flex-wrap items-end gap-2 sm:justify-end">
          <button type="submit" name="intent" value={`up-${index}`} disabled={index === 0} className={buttonClass("secondary", "", "sm")}>
            Up<span className="sr-only"> (step {number})</span>
          </button>
          <button
            type="submit"
            name="intent"
            value={`down-${index}`}
            disabled={index === count - 1}
            className={buttonClass("secondary", "", "sm")}
          >
            Down<span className="sr-only"> (step {number})</span>
          </button>
          <button type="submit" name="intent" value={`remove-${index}`} disabled={count === 1} className={buttonClass("ghost", "", "sm")}>
            Remove<span className="sr-only"> step {number}</span>
          </button>
        </div>
      </div>
      <div className="mt-3">
        <label htmlFor={template.input.id} className={LABEL}>
          Template
        </label>
        <textarea {...template.input} rows={3} defaultValue={step.template} className={inputClass()} />
        {template.errors}
      </div>
      {step.activityType === "letter" ? (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name={stepFieldName(index, "mailAgain")} defaultChecked={step.mailAgain === "on"} />
          Mail again: send this letter even when the offer's letter was already mailed (a reminder)
        </label>
      ) : null}
      <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <p className="font-medium text-slate-900">Preview</p>
        <p className="mt-1 break-words whitespace-pre-wrap" data-preview={number}>
          {previewOf(step.template, props.companyName)}
        </p>
      </div>
    </fieldset>
  );
}

export function SequenceEditor(props: EditorProps) {
  const { steps, errors } = props;
  // A new key for every new set of steps: the uncontrolled fields must show the answered draft, not the old DOM values.
  const version = JSON.stringify([steps, props.withoutOffer]);
  return (
    <Form method="post" action={SEQUENCES_PATH} key={version} className="space-y-4" aria-label={props.name}>
      {/* Enter in a field previews (the first submit button is the form's default): it never saves by accident. */}
      <button type="submit" name="intent" value="preview" tabIndex={-1} aria-hidden="true" className="sr-only">
        Preview
      </button>
      <input type="hidden" name="sequenceId" value={props.sequenceId ?? ""} />
      <p className="text-sm text-slate-600">
        Placeholders: {PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}. The preview fills them with a sample lead. Sequences you start
        after saving use these steps; running ones keep theirs.
      </p>
      {props.unsaved ? (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Not saved yet: press Save sequence to keep these steps.
        </p>
      ) : null}
      <Errors id="steps-errors" errors={errors.steps} />
      <fieldset className="rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Lead without a chosen offer</legend>
        <p className="mb-2 text-sm text-slate-600">
          What a letter or email naming {"{offerAmount}"} does when the lead has no offer chosen yet:
        </p>
        {WITHOUT_OFFER_CHOICES.map((choice) => (
          <label key={choice} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="withoutOffer" value={choice} defaultChecked={props.withoutOffer === choice} />
            {WITHOUT_OFFER_LABELS[choice]}
          </label>
        ))}
        <Errors id="without-offer-errors" errors={errors.withoutOffer} />
      </fieldset>
      <ol className="space-y-4">
        {steps.map((step, index) => (
          <li key={index}>
            <StepFields step={step} index={index} count={steps.length} props={props} />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="save" className={buttonClass("primary")}>
          Save sequence
        </button>
        <button type="submit" name="intent" value="preview" className={buttonClass("secondary")}>
          Preview
        </button>
        <button type="submit" name="intent" value="add" className={buttonClass("secondary")}>
          Add step
        </button>
        <button type="submit" name="intent" value="reset" className={buttonClass("ghost")}>
          Restore default
        </button>
      </div>
    </Form>
  );
}
