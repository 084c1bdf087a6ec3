import { buttonClass } from "#app/components/ui/button.tsx";
import type { DispoFigures, LoopRow } from "#app/domain/dashboard/dispo-figures.ts";
import { formatMoney, formatNumber } from "#app/domain/shared/format.ts";

const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents / 100));
const ratio = (value: number | null) => (value === null ? "—" : `${(Math.round(value * 100) / 100).toFixed(2)}×`);

/** Disposition and marketing return: deals by dispo status, fees, and each source's and channel's cost and return. */
export function DispoPanel({ loop }: { loop: DispoFigures & { medianDaysToAssign: number | null; offersPerDeal: number | null } }) {
  return (
    <section aria-labelledby="loop-closed" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="loop-closed" className="text-base font-semibold text-slate-900">
          Disposition &amp; Marketing Return
        </h2>
        <a href="/dashboard/loop.csv" download className={buttonClass("secondary")}>
          Export CSV
        </a>
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-9" aria-label="Deals by disposition status">
        {loop.byStage.map((stage) => (
          <li key={stage.status} className="min-w-0 rounded-lg bg-slate-50 p-3">
            <p className="truncate text-xs text-slate-600">{stage.label}</p>
            <p className="text-lg font-semibold text-slate-900">{formatNumber(stage.count)}</p>
          </li>
        ))}
        <li className="min-w-0 rounded-lg bg-slate-50 p-3">
          <p className="truncate text-xs text-slate-600">Days to Assign</p>
          <p className="text-lg font-semibold text-slate-900">
            {loop.medianDaysToAssign === null ? "—" : `${formatNumber(loop.medianDaysToAssign)}`}
            <span className="sr-only"> days (median from contract to assignment)</span>
          </p>
        </li>
        <li className="min-w-0 rounded-lg bg-slate-50 p-3">
          <p className="truncate text-xs text-slate-600">Offers per Deal</p>
          <p className="text-lg font-semibold text-slate-900">{loop.offersPerDeal === null ? "—" : loop.offersPerDeal.toFixed(1)}</p>
        </li>
        <li className="min-w-0 rounded-lg bg-slate-50 p-3">
          <p className="truncate text-xs text-slate-600">Fee Asked</p>
          <p className="text-lg font-semibold text-slate-900">{money(loop.feeAskedCents)}</p>
        </li>
        <li className="min-w-0 rounded-lg bg-slate-50 p-3">
          <p className="truncate text-xs text-slate-600">Fee Received</p>
          <p className="text-lg font-semibold text-slate-900">{money(loop.feeReceivedCents)}</p>
        </li>
      </ul>
      <div className="mt-4 overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Marketing cost and return per lead source and channel</caption>
          <thead className="text-xs text-slate-600">
            <tr>
              {[
                "Source / Channel",
                "Spend",
                "Leads",
                "Contracts",
                "Assigned",
                "Fees Received",
                "Per Lead",
                "Per Contract",
                "Per Assigned",
                "Return",
              ].map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap px-2 py-1 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loop.rows.map((r) => (
              <LoopLine key={`${r.group}:${r.label}`} row={r} />
            ))}
            <LoopLine row={loop.total} />
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LoopLine({ row }: { row: LoopRow }) {
  return (
    <tr>
      <th scope="row" className="whitespace-nowrap px-2 py-1 font-medium text-slate-900">
        <span className="sr-only">{row.group}: </span>
        {row.label}
        {row.label !== "Total" ? <span className="ml-1 text-xs font-normal text-slate-500">({row.group.toLowerCase()})</span> : null}
      </th>
      {[
        money(row.spendCents),
        formatNumber(row.leads),
        formatNumber(row.contracts),
        formatNumber(row.assigned),
        money(row.feesReceivedCents),
        money(row.perLeadCents),
        money(row.perContractCents),
        money(row.perAssignedCents),
        ratio(row.returnRatio),
      ].map((cell, i) => (
        <td key={i} className="whitespace-nowrap px-2 py-1 text-slate-700">
          {cell}
        </td>
      ))}
    </tr>
  );
}
