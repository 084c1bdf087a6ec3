import type { ReactNode } from "react";

/**
 * A titled section of a long dialog or panel that folds away: a native `<details>` (open at first), so it folds with
 * or without JavaScript and a keyboard reaches it as a button. The section stays a named region either way.
 */
export function CollapsibleSection({ title, className = "", children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`rounded-lg border border-slate-200 p-4 ${className}`.trim()}>
      <details open className="group">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
          <span aria-hidden="true" className="text-xs text-slate-500 transition-transform group-open:rotate-180">
            ▾
          </span>
        </summary>
        <div className="mt-3">{children}</div>
      </details>
    </section>
  );
}
