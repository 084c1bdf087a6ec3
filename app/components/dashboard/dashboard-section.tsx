import { DEAL_STAGE_LABELS as STAGE_LABELS } from "#db/enums.ts";
import { DispoPanel } from "#app/components/dashboard/dispo-panel.tsx";
import { TodayLink } from "#app/components/today/start-sequence.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { PeriodSelect } from "#app/components/ui/period-select.tsx";
import { SectionHeader } from "#app/components/ui/section-header.tsx";
import { UsageLine } from "#app/components/usage/usage-line.tsx";
import {
  DASHBOARD_PERIODS,
  DEALS_BY_STAGE_COUNTS,
  KPI_COUNTS,
  type DealsByStage,
  type RevenueMonth,
} from "#app/domain/dashboard/figures.ts";
import { formatMoney, formatNumber, madeOnFirstUse, relativeTime } from "#app/domain/shared/format.ts";
import type { load } from "#app/services/dashboard/dashboard-section.server.ts";

type Data = Awaited<ReturnType<typeof load>>;

export default function DashboardSection({ data }: { data: Data }) {
  const now = new Date(data.now);
  return (
    <div className="space-y-6">
      <TodayLink />
      <UsageLine usage={data.usage} />
      <SectionHeader
        align="end"
        title="Dashboard"
        description={`Your deals, leads and revenue — ${data.periodLabel.toLowerCase()}.`}
        actions={
          <>
            <PeriodSelect section="dashboard" period={data.period} options={DASHBOARD_PERIODS} />
            <a href={`/dashboard/export.csv?period=${data.period}`} download className={buttonClass("secondary")}>
              Export Report
            </a>
          </>
        }
      />

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {data.kpis.map((kpi) => (
          <li key={kpi.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-sm text-slate-600">{kpi.label}</h2>
            <p className="mt-1 text-2xl font-bold text-slate-900">{kpi.display}</p>
            <p className="mt-1 text-xs text-slate-500">{KPI_COUNTS[kpi.key]}</p>
            <p
              className={`mt-1 text-xs font-medium ${kpi.trend.startsWith("+") ? "text-emerald-700" : kpi.trend.startsWith("-") ? "text-red-700" : "text-slate-500"}`}
            >
              {kpi.trend === "—" ? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">No previous period to compare with</span>
                </>
              ) : (
                kpi.trend
              )}
            </p>
          </li>
        ))}
      </ul>

      <div className="grid gap-4 lg:grid-cols-3">
        <section aria-labelledby="revenue-trend" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2">
          <h2 id="revenue-trend" className="text-base font-semibold text-slate-900">
            Revenue Trend
          </h2>
          <RevenueChart months={data.revenueByMonth} />
        </section>
        <section aria-labelledby="deals-by-stage" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="deals-by-stage" className="text-base font-semibold text-slate-900">
            Deals by Stage
          </h2>
          <p className="mt-1 text-xs text-slate-500">{DEALS_BY_STAGE_COUNTS}</p>
          <StageBars stages={data.dealsByStage} />
        </section>
      </div>

      <DispoPanel loop={data.loop} />

      <RecentActivity activities={data.recentActivity} now={now} />
    </div>
  );
}

/** The latest things that happened to the user's leads and deals, newest first. */
function RecentActivity({ activities, now }: { activities: Data["recentActivity"]; now: Date }) {
  return (
    <section aria-labelledby="recent-activity" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="recent-activity" className="text-base font-semibold text-slate-900">
        Recent Activity
      </h2>
      {activities.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No activity yet</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {activities.map((activity) => (
            <li key={activity.id} className="flex items-center justify-between gap-4 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{activity.label}</p>
                <p className="truncate text-xs text-slate-600">{activity.detail}</p>
              </div>
              <time dateTime={activity.at} className="shrink-0 text-xs text-slate-500">
                {relativeTime(activity.at, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 32, left: 64 };

/** Closed revenue by month as bars: an inline SVG for sight, a visually hidden table for screen readers. */
function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const max = Math.max(...months.map((month) => month.revenue), 0);
  const top = max === 0 ? 1 : niceCeiling(max);
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(months.length, 1);
  const barWidth = Math.min(48, slot * 0.6);
  const total = months.reduce((sum, month) => sum + month.revenue, 0);
  const summary =
    months.length === 0
      ? "Revenue Trend: no months to show"
      : `Revenue Trend: closed revenue by month from ${months[0].label} to ${months[months.length - 1].label}, ${formatMoney(total)} in total; ` +
        months.map((month) => `${month.label} ${formatMoney(month.revenue)}`).join(", ");
  const ticks = [0, 0.5, 1].map((share) => share * top);
  return (
    <div className="mt-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} className="h-auto w-full">
        {ticks.map((tick) => {
          const y = PAD.top + plotHeight - (tick / top) * plotHeight;
          return (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} stroke="#e2e8f0" />
              <text x={PAD.left - 8} y={y + 4} textAnchor="end" fontSize="11" fill="#64748b">
                {max === 0 && tick > 0 ? "" : compactMoney(tick)}
              </text>
            </g>
          );
        })}
        {months.map((month, index) => {
          const height = (month.revenue / top) * plotHeight;
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          return (
            <g key={month.month}>
              <rect x={x} y={PAD.top + plotHeight - height} width={barWidth} height={height} rx="3" fill="#0e7490">
                <title>{`${month.label}: ${formatMoney(month.revenue)}`}</title>
              </rect>
              <text x={x + barWidth / 2} y={HEIGHT - 10} textAnchor="middle" fontSize="11" fill="#475569">
                {month.label.slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      {max === 0 ? <p className="text-sm text-slate-500">No closed revenue in these months yet.</p> : null}
      <table className="sr-only">
        <caption>Closed revenue by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{month.label}</th>
              <td>{formatMoney(month.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function niceCeiling(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/** The chart's axis labels ("$1.5M"): one formatter, made when the chart first draws (not per tick, nor at load). */
const COMPACT_MONEY = madeOnFirstUse(
  () => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", maximumFractionDigits: 1 }),
);

function compactMoney(value: number): string {
  return COMPACT_MONEY().format(value);
}

function StageBars({ stages }: { stages: DealsByStage }) {
  const max = Math.max(stages.lead_generation, 1);
  return (
    <ul className="mt-3 space-y-3">
      {/* TypeScript's lib types Object.keys as string[]; STAGE_LABELS has exactly the stages as keys. */}
      {(Object.keys(STAGE_LABELS) as (keyof DealsByStage)[]).map((stage) => (
        <li key={stage}>
          <div className="flex justify-between text-sm">
            <span id={`dash-stage-${stage}`} className="text-slate-700">
              {STAGE_LABELS[stage]}
            </span>
            <span className="font-semibold text-slate-900">{formatNumber(stages[stage])}</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby={`dash-stage-${stage}`}
            aria-valuemin={0}
            aria-valuemax={max}
            aria-valuenow={stages[stage]}
            className="mt-1 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${(stages[stage] / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
