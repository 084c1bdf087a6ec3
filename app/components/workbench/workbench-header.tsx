import { Link } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { positionText, reviewingText, SELLER_WIZARD_HREF } from "#app/domain/workbench/workbench-rules.ts";

/** The back-to-wizard button, the title, 'Reviewing N seller leads' and 'Lead X of N'. */
export function WorkbenchHeader({
  total,
  index,
  location,
  wizardHref = SELLER_WIZARD_HREF,
}: {
  total: number;
  index: number;
  location: string | null;
  /** The wizard with the queue's search filled in (the empty wizard when unknown). */
  wizardHref?: string;
}) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto w-full max-w-4xl px-4 py-4 sm:px-6">
        <Link to={wizardHref} className={buttonClass("ghost", "-ml-3")}>
          <span aria-hidden="true">←</span> Back to Wizard
        </Link>
        <div className="mt-2 flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Lead Workbench</h1>
            <p className="text-sm text-slate-600">
              <span>{reviewingText(total)}</span>
              {location ? <span> · {location}</span> : null}
            </p>
          </div>
          {total > 0 ? (
            <p aria-live="polite" className="text-sm font-semibold text-brand-800">
              {positionText(index, total)}
            </p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
