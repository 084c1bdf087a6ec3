import { Link } from "@remix-run/react";

import type { DealDeadline } from "#app/domain/dispo/deadlines.ts";

/** Today's contract deadlines: each deal's inspection / option deadline and closing, counting down, soonest first. */
export function DealDeadlines({ deadlines }: { deadlines: readonly DealDeadline[] }) {
  if (deadlines.length === 0) return null;
  return (
    <section aria-labelledby="deal-deadlines" className="mb-6">
      <h2 id="deal-deadlines" className="mb-2 text-lg font-semibold text-slate-900">
        Contract deadlines
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm" aria-label="Contract deadlines">
        {deadlines.map((deadline) => (
          <li
            key={`${deadline.dealId}-${deadline.kind}`}
            className="flex flex-wrap items-center justify-between gap-2 p-3"
            data-testid="deal-deadline"
          >
            <span className="min-w-0">
              <span className={deadline.days < 0 ? "font-semibold text-red-700" : "font-semibold text-slate-900"}>{deadline.label}</span>
              <span className="block break-words text-slate-600">
                {deadline.address} · <time dateTime={deadline.date}>{deadline.date}</time>
              </span>
            </span>
            <Link to={`/deals/${deadline.dealId}/blast`} className="font-medium text-brand-700 underline">
              Email buyers
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
