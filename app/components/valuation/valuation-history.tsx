/**
 * The property card's valuation history: every valuation the property has had, newest first — the
 * current one and those a re-valuation replaced — with its date, what made it, its ARV and its 80 % range.
 */
import type { ValuationSource } from "#db/enums.ts";
import { VALUATION_SOURCE_LABELS } from "#app/domain/offers/deal-numbers.ts";
import { formatDate, formatMoney } from "#app/domain/shared/format.ts";

export type HistoryEntry = {
  id: string;
  arv: number;
  rangeLow: number | null;
  rangeHigh: number | null;
  source: ValuationSource;
  valuedAt: string;
};

export function ValuationHistory({ history }: { history: HistoryEntry[] }) {
  return (
    <section aria-label="Valuation history" className="rounded-lg border border-slate-200 p-4 md:col-span-2">
      <h3 className="mb-3 text-sm font-semibold text-slate-900">Valuation history</h3>
      {history.length === 0 ? (
        <p className="text-sm text-slate-500">Not valued yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100 text-sm">
          {history.map((entry, i) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-1.5">
              <span>
                {formatDate(entry.valuedAt)} · {VALUATION_SOURCE_LABELS[entry.source]}
                {i === 0 ? <span className="ml-2 text-xs font-semibold text-emerald-800">Current</span> : null}
              </span>
              <span className="text-slate-900">
                ARV {formatMoney(entry.arv)}
                {entry.rangeLow !== null && entry.rangeHigh !== null ? (
                  <span className="text-slate-600">
                    {" "}
                    (80 % range {formatMoney(entry.rangeLow)} – {formatMoney(entry.rangeHigh)})
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
