import { forwardRef, type ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-brand-700 text-white hover:bg-brand-900 disabled:bg-slate-400",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

// The shared look is `.btn` with a size (app/tailwind.css): one short class list however many buttons a page repeats.
const SIZES = { md: "btn-md", sm: "btn-sm" } as const;

/** A variant's colours alone, for a child of a `.small-buttons` row (app/tailwind.css), which gives it the rest. */
export function buttonVariantClass(variant: ButtonVariant): string {
  return VARIANTS[variant];
}

/** The classes of a button, for links that look like one. `sm` for buttons repeated down a table. */
export function buttonClass(variant: ButtonVariant = "primary", extra = "", size: keyof typeof SIZES = "md") {
  return `btn ${SIZES[size]} ${VARIANTS[variant]} ${extra}`.trim();
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { variant = "primary", className = "", type = "button", ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass(variant, className)} {...props} />;
});
