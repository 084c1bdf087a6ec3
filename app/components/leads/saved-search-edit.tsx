/**
 * Edit on a saved search's card: its name and the wizard's answers for its kind, posted to /saved-searches as a form
 * that works without JavaScript. A refused edit comes back with what was typed and each field's message.
 */
import { Form, Link } from "@remix-run/react";

import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import {
  BEDROOM_OPTIONS,
  BUYER_TYPE_OPTIONS,
  LEAD_COUNT_SELECT_OPTIONS,
  PRICE_SELECT_OPTIONS,
  SELLER_TYPE_OPTIONS,
  type WizardAnswers,
  type WizardField,
  type WizardKind,
} from "#app/domain/chat/wizard.ts";
import { SAVED_SEARCH_NAME_MAX } from "#app/domain/leads/saved-search-words.ts";
import { US_STATES } from "#app/domain/shared/us-states.ts";

/** The edit the page shows: the search's id, and after a refusal what was typed with its errors. */
export type SavedSearchEditing = {
  id: string;
  name?: string;
  answers?: WizardAnswers;
  errors?: Record<string, string[]>;
};

type Option = { value: string; label: string };

const STATE_OPTIONS: Option[] = US_STATES.map((code) => ({ value: code, label: code }));

/** The fields each kind of search edits beside its name and location. */
const KIND_FIELDS: Record<WizardKind, readonly { field: WizardField; label: string; options: readonly Option[] }[]> = {
  seller: [
    { field: "sellerType", label: "Seller type", options: SELLER_TYPE_OPTIONS },
    { field: "minBedrooms", label: "Minimum bedrooms", options: BEDROOM_OPTIONS },
    { field: "price", label: "Maximum price", options: PRICE_SELECT_OPTIONS },
    { field: "leadCount", label: "Leads a run", options: LEAD_COUNT_SELECT_OPTIONS },
  ],
  buyer: [{ field: "buyerType", label: "Buyer type", options: BUYER_TYPE_OPTIONS }],
};

export function SavedSearchEditForm({
  search,
  editing,
}: {
  search: { id: string; name: string; kind: WizardKind; answers: WizardAnswers };
  editing: SavedSearchEditing;
}) {
  const answers = editing.answers ?? search.answers;
  const errors = editing.errors ?? {};
  const idFor = (field: string) => `edit-${search.id}-${field}`;
  const described = (field: string) => (errors[field]?.length ? { "aria-invalid": true, "aria-describedby": `${idFor(field)}-error` } : {});
  const error = (field: string) =>
    errors[field]?.length ? (
      <p id={`${idFor(field)}-error`} className="mt-1 text-sm text-red-700">
        {errors[field]![0]}
      </p>
    ) : null;
  const select = (field: WizardField, label: string, options: readonly Option[], placeholder?: string) => (
    <div key={field}>
      <label htmlFor={idFor(field)} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={idFor(field)} name={field} defaultValue={answers[field]} className={inputClass()} {...described(field)}>
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error(field)}
    </div>
  );
  return (
    <Form
      method="post"
      action="/saved-searches"
      className="mt-3 space-y-3 border-t border-slate-100 pt-3"
      aria-label={`Edit ${search.name}`}
    >
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={search.id} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={idFor("name")}
          name="name"
          label="Name"
          defaultValue={editing.name ?? search.name}
          maxLength={SAVED_SEARCH_NAME_MAX}
          errors={errors.name}
          className="sm:col-span-2"
        />
        <TextField
          id={idFor("cityOrZip")}
          name="cityOrZip"
          label="City or ZIP"
          defaultValue={answers.cityOrZip}
          maxLength={300}
          errors={errors.cityOrZip}
        />
        {select("state", "State", STATE_OPTIONS, "Choose a state")}
        {KIND_FIELDS[search.kind].map(({ field, label, options }) =>
          select(field, label, options, field.endsWith("Type") ? "Choose one" : undefined),
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Save changes</Button>
        <Link to="/saved-searches" className={buttonClass("secondary")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** A text input with its label and its first error, described for screen readers. */
function TextField(props: {
  id: string;
  name: string;
  label: string;
  defaultValue: string | undefined;
  maxLength: number;
  errors: string[] | undefined;
  className?: string;
}) {
  const { id, name, label, defaultValue, maxLength, errors, className } = props;
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        className={inputClass()}
        {...(invalid ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {})}
      />
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {errors![0]}
        </p>
      ) : null}
    </div>
  );
}
