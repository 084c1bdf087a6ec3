/** The wizards' fields: a select, a set of choices, their error texts, and the count's answer. */

import { inputClass } from "#app/components/ui/input.tsx";
import { CostPreview } from "#app/components/usage/cost-preview.tsx";
import { LEAD_COUNT_SELECT_OPTIONS, type WizardField } from "#app/domain/chat/wizard.ts";
import { formatNumber } from "#app/domain/shared/format.ts";
import type { WizardCount, WizardView } from "#app/services/chat/chat-section.server.ts";

export const FIELD_LABELS: Record<WizardField, string> = {
  cityOrZip: "City or ZIP",
  state: "State",
  sellerType: "Seller type",
  minBedrooms: "Minimum bedrooms",
  price: "Maximum price",
  leadCount: "How many leads to pull",
  buyerType: "Buyer type",
};

export function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export function Select({
  field,
  value,
  error,
  options,
  placeholder,
  onChange,
}: {
  field: WizardField;
  value: string;
  error?: string;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  const id = `wizard-${field}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {FIELD_LABELS[field]}
      </label>
      <select
        id={id}
        name={field}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass()}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

export function Choices({
  field,
  value,
  error,
  options,
  onChange,
}: {
  field: WizardField;
  value: string;
  error?: string;
  options: readonly { value: string; label: string; description: string }[];
  onChange: (value: string) => void;
}) {
  const id = `wizard-${field}`;
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{FIELD_LABELS[field]}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <div
            key={option.value}
            className={`flex gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 ${
              error ? "border-red-300" : "border-slate-200"
            }`}
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name={field}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 accent-brand-700"
            />
            <label htmlFor={`${id}-${option.value}`} className="flex-1 cursor-pointer">
              <span className="block font-semibold text-slate-900">{option.label}</span>
              <span className="block text-slate-600">{option.description}</span>
            </label>
          </div>
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/**
 * How many leads Find Properties pulls, each choice with what it costs (the unit costs the ledger charges, from the
 * root loader), so the price of every choice shows without JavaScript too.
 */
export function LeadCountChoice({ value, error, onChange }: { value: string; error?: string; onChange: (value: string) => void }) {
  const id = "wizard-leadCount";
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{FIELD_LABELS.leadCount}</legend>
      <div className="flex flex-wrap gap-2">
        {LEAD_COUNT_SELECT_OPTIONS.map((option) => (
          <label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              id={`${id}-${option.value}`}
              type="radio"
              name="leadCount"
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="accent-brand-700"
            />
            <CostPreview
              kind="lead"
              count={Number(option.value)}
              extra={{ kind: "skip_trace", count: Number(option.value) }}
              testId="lead-count-cost"
            />
          </label>
        ))}
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </fieldset>
  );
}

export function CountResult({ kind, count }: { kind: WizardView["kind"]; count: WizardCount }) {
  if (!count.ok) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <p className="font-semibold">{count.message}</p>
        {count.error ? <p>{count.error}</p> : null}
      </div>
    );
  }
  const noun = kind === "seller" ? (count.totalResults === 1 ? "lead" : "leads") : count.totalResults === 1 ? "cash buyer" : "cash buyers";
  return (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      <strong>
        {formatNumber(count.totalResults)} {noun}
      </strong>{" "}
      found in {count.location}
    </p>
  );
}
