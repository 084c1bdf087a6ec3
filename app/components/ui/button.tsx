import { forwardRef, type ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-brand-700 text-white hover:bg-brand-900 disabled:bg-slate-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

const SIZES = { md: "px-4 py-2 text-sm", sm: "px-2.5 py-1.5 text-xs" } as const;

/** A variant's colours alone, for a row that sets the shared button classes once (Today's task cards, ADR 096). */
export function buttonVariantClass(variant: ButtonVariant): string {
  return VARIANTS[variant];
}

/** The classes of a button, for links that look like one. `sm` for buttons repeated down a table. */
export function buttonClass(variant: ButtonVariant = "primary", extra = "", size: keyof typeof SIZES = "md") {
  return `inline-flex items-center justify-center gap-2 rounded-md ${SIZES[size]} font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed ${VARIANTS[variant]} ${extra}`.trim();
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant = "primary", className = "", type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />;
});
