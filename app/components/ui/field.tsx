import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

import { inputClass } from "./input.tsx";

/** Field errors as conform (or a server action) reports them. */
export type FieldMeta = { id: string; name: string; errorId: string; errors?: string[]; initialValue?: unknown };

function ErrorList({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name"> & {
  label: ReactNode;
  meta: FieldMeta;
  hint?: ReactNode;
};

/** A labelled input with its errors next to it (aria-invalid, aria-describedby), server- or client-validated. */
export function InputField({ label, meta, hint, type = "text", className = "", ...props }: InputFieldProps) {
  const invalid = Boolean(meta.errors?.length);
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : undefined;
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={meta.id}
        name={meta.name}
        type={type}
        defaultValue={type === "password" ? undefined : initial}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? meta.errorId : undefined}
        className={inputClass()}
        {...props}
      />
      {hint && !invalid ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "name"> & {
  label: ReactNode;
  meta: FieldMeta;
  /** Keep the label for screen readers only (a reply box whose purpose is plain from its place). */
  hideLabel?: boolean;
};

/** A labelled textarea with its errors next to it, like InputField; forwards its ref (AI Assist fills it in). */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(function TextareaField(
  { label, meta, hideLabel = false, className = "", defaultValue, ...props },
  ref,
) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={hideLabel ? "sr-only" : "mb-1 block text-sm font-medium text-slate-800"}>
        {label}
      </label>
      <textarea
        ref={ref}
        id={meta.id}
        name={meta.name}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : defaultValue}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? meta.errorId : undefined}
        className={inputClass()}
        {...props}
      />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
});

type SelectFieldProps = {
  label: ReactNode;
  meta: FieldMeta;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  /** A first, disabled option shown until one is chosen ("Choose a contact"). */
  placeholder?: string;
  className?: string;
};

/** A labelled select with its errors next to it, like InputField. */
export function SelectField({ label, meta, options, defaultValue, placeholder, className = "" }: SelectFieldProps) {
  const invalid = Boolean(meta.errors?.length);
  const initial = typeof meta.initialValue === "string" ? meta.initialValue : (defaultValue ?? (placeholder ? "" : undefined));
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={meta.id}
        name={meta.name}
        defaultValue={initial}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? meta.errorId : undefined}
        className={inputClass()}
      >
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A form-level message (e.g. "Invalid email or password") announced to screen readers. */
export function FormError({ id, messages }: { id?: string; messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {messages.join(" ")}
    </div>
  );
}
