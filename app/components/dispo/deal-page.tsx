import { propertyTypeLabel } from "#app/components/leads/lead-facts.tsx";
import { placeOf, type DealPageView } from "#app/domain/dispo/deal-page.ts";
import { formatBaths, formatDate, formatMoney, formatNumber } from "#app/domain/shared/format.ts";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** The deal as a buyer sees it: the place, the home, the numbers (from the deal's stored valuation), the terms. */
export function DealPageFacts({ page }: { page: DealPageView }) {
  const range = page.arvLow !== null && page.arvHigh !== null ? `${formatMoney(page.arvLow)} – ${formatMoney(page.arvHigh)}` : null;
  return (
    <section aria-labelledby="deal-facts" className="space-y-4">
      <div>
        <p className="text-sm font-medium text-brand-700">{propertyTypeLabel(page.propertyType)} under contract</p>
        <h1 id="deal-facts" className="text-2xl font-bold text-slate-900">
          {placeOf(page)}
        </h1>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Bedrooms" value={formatNumber(page.bedrooms)} />
        <Fact label="Bathrooms" value={formatBaths(page.bathrooms)} />
        <Fact label="Square feet" value={formatNumber(page.squareFeet)} />
        <Fact label="Year built" value={page.yearBuilt ? String(page.yearBuilt) : "N/A"} />
        <Fact label="Asking price" value={formatMoney(page.asking)} />
        <Fact label="ARV" value={formatMoney(page.arv)} />
        <Fact label="Estimated repairs" value={formatMoney(page.repairs)} />
        <Fact label="Closing date" value={formatDate(page.closeDate)} />
      </dl>
      <div className="space-y-1 text-sm text-slate-700">
        {range ? <p>ARV range (80 %): {range}</p> : null}
        {page.compSummary ? <p>ARV from {page.compSummary}.</p> : null}
        <p>Sold as is, by assignment of contract. Buyers verify every figure themselves.</p>
      </div>
    </section>
  );
}
