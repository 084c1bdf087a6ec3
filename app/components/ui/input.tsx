import { forwardRef, type InputHTMLAttributes } from "react";

/**
 * The look of every text input, select and textarea. `extra` adds layout classes (width, min-width); the state
 * styles (focus ring, aria-invalid border) stay the same everywhere.
 */
export function inputClass(extra = "") {
  return `block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-invalid:border-red-500 ${extra}`.trim();
}

type InputProps = InputHTMLAttributes<HTMLInputElement>;

/** A bare input with the shared look, for inputs whose label is elsewhere (search boxes); forms use InputField. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className = "", ...props }, ref) {
  return <input ref={ref} className={inputClass(className)} {...props} />;
});
