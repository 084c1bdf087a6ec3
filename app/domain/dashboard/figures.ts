/**
 * The dashboard's derived figures (the spec's "Dashboard"), as pure functions over the user's rows. The formulas
 * are kept exactly, including the odd ones ("Deals Closed" counts deals *created* since the first of the month;
 * "closing" in Deals by Stage is always 0). Beyond the spec, the period select windows the figures and each KPI gets a
 * trend against the previous window of the same length. All calendar arithmetic is in UTC.
 */
import { DEAL_STAGE_LABELS, DEAL_STAGES } from "#db/enums.ts";
import { isActiveLead } from "#app/domain/leads/status-groups.ts";
import { toCsv } from "#app/domain/shared/csv.ts";
import { formatMoney, formatNumber, madeOnFirstUse } from "#app/domain/shared/format.ts";

export type DashboardDeal = {
  id: string;
  stage: "lead_generation" | "analysis" | "negotiation" | "closing";
  dealValue: number | null;
  closeDate: string | null;
  createdAt: string;
  updatedAt: string;
  address: string | null;
};
export type DashboardProperty = { id: string; status: string; createdAt: string; address: string };
export type DashboardConversation = { id: string; title: string | null; createdAt: string };

// ---------------------------------------------------------------------------------------------------------------
// The formulas

/** Total Revenue: the sum of deal values in closing. */
export function totalRevenue(deals: readonly Pick<DashboardDeal, "stage" | "dealValue">[]): number {
  return Math.round(deals.reduce((sum, deal) => sum + (deal.stage === "closing" ? (deal.dealValue ?? 0) : 0), 0) * 100) / 100;
}

/** The first instant of the current UTC month. */
export function startOfMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Deals Closed: the deals created since the first of the current month (whatever their stage — the spec's formula). */
export function dealsClosed(deals: readonly Pick<DashboardDeal, "createdAt">[], now: Date): number {
  const from = startOfMonth(now).getTime();
  return deals.filter((deal) => {
    const created = Date.parse(deal.createdAt);
    return created >= from && created <= now.getTime();
  }).length;
}

/** Active Leads: properties whose status is not closed. */
export function activeLeads(properties: readonly Pick<DashboardProperty, "status">[]): number {
  return properties.filter((property) => isActiveLead(property.status)).length;
}

/** Conversion Rate: closing deals divided by properties, as a percentage with one decimal (0 without properties). */
export function conversionRate(deals: readonly Pick<DashboardDeal, "stage">[], properties: readonly unknown[]): number {
  if (properties.length === 0) return 0;
  const closing = deals.filter((deal) => deal.stage === "closing").length;
  return Math.round((closing / properties.length) * 1000) / 10;
}

export type DealsByStage = { lead_generation: number; analysis: number; negotiation: number; closing: number };

/** What Deals by Stage counts, said under it: leads by their status (the spec's formula), not the Pipeline's deals. */
export const DEALS_BY_STAGE_COUNTS =
  "Counts leads by status, not deals: Lead Generation is every lead added in the period; Analysis, those analyzed or with an offer produced or sent; Negotiation, those with an offer sent. The Pipeline lists the deals.";

/** What each KPI counts, said on its card. */
export const KPI_COUNTS: Record<Kpi["key"], string> = {
  totalRevenue: "Deal values of deals in Closing",
  dealsClosed: "Deals created since the 1st of this month",
  activeLeads: "Leads added in the period that are not Closed",
  conversionRate: "Closing deals per lead added in the period",
};

const ANALYSED = new Set(["analyzed", "offer_produced", "offer_sent"]);

/**
 * Deals by Stage, as the spec counts it from properties: lead generation is all properties, analysis counts
 * analyzed, offer_produced or offer_sent, negotiation counts offer_sent, closing is always 0.
 */
export function dealsByStage(properties: readonly Pick<DashboardProperty, "status">[]): DealsByStage {
  return {
    lead_generation: properties.length,
    analysis: properties.filter((property) => ANALYSED.has(property.status)).length,
    negotiation: properties.filter((property) => property.status === "offer_sent").length,
    closing: 0,
  };
}

export type Activity = { id: string; kind: "deal" | "conversation" | "lead"; label: string; detail: string; at: string };

const newestFirst = <T extends { createdAt: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

/**
 * Recent Activity: the last 3 deals (labelled "Deal closed", as the spec has it), the last 2 conversations and the
 * last 2 leads, sorted newest first, keeping 5.
 */
export function recentActivity(
  deals: readonly Pick<DashboardDeal, "id" | "createdAt" | "address">[],
  conversations: readonly DashboardConversation[],
  properties: readonly Pick<DashboardProperty, "id" | "createdAt" | "address">[],
): Activity[] {
  const entries: Activity[] = [
    ...newestFirst(deals)
      .slice(0, 3)
      .map((deal) => ({
        id: `deal-${deal.id}`,
        kind: "deal" as const,
        label: "Deal closed",
        detail: deal.address ?? "Unknown Property",
        at: deal.createdAt,
      })),
    ...newestFirst(conversations)
      .slice(0, 2)
      .map((conversation) => ({
        id: `conversation-${conversation.id}`,
        kind: "conversation" as const,
        label: "New conversation",
        detail: conversation.title ?? "Untitled conversation",
        at: conversation.createdAt,
      })),
    ...newestFirst(properties)
      .slice(0, 2)
      .map((property) => ({
        id: `lead-${property.id}`,
        kind: "lead" as const,
        label: "New lead added",
        detail: property.address,
        at: property.createdAt,
      })),
  ];
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, 5);
}

// ---------------------------------------------------------------------------------------------------------------
// Periods and trends

export const DASHBOARD_PERIODS = [
  { value: "last-30-days", label: "Last 30 Days", versus: "vs last month" },
  { value: "last-90-days", label: "Last 90 Days", versus: "vs previous 90 days" },
  { value: "this-year", label: "This Year", versus: "vs last year" },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]["value"];

export function dashboardPeriodOf(value: string | null | undefined): DashboardPeriod {
  return DASHBOARD_PERIODS.find((period) => period.value === value)?.value ?? "last-30-days";
}

export type Window = { from: Date; to: Date };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The period's window ending now, and the window before it of the same length (a year before, for This Year). */
export function periodWindows(period: DashboardPeriod, now: Date): { current: Window; previous: Window } {
  if (period === "this-year") {
    const year = now.getUTCFullYear();
    const from = new Date(Date.UTC(year, 0, 1));
    const previousFrom = Date.UTC(year - 1, 0, 1);
    return {
      current: { from, to: now },
      previous: { from: new Date(previousFrom), to: new Date(previousFrom + (now.getTime() - from.getTime())) },
    };
  }
  const days = period === "last-30-days" ? 30 : 90;
  const from = new Date(now.getTime() - days * DAY_MS);
  return { current: { from, to: now }, previous: { from: new Date(from.getTime() - days * DAY_MS), to: from } };
}

/** Month-to-date, and the same span of the previous month (clamped to its length): the Deals Closed comparison. */
export function monthToDateWindows(now: Date): { current: Window; previous: Window } {
  const from = startOfMonth(now);
  const previousFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const previousTo = new Date(Math.min(previousFrom.getTime() + (now.getTime() - from.getTime()), from.getTime()));
  return { current: { from, to: now }, previous: { from: previousFrom, to: previousTo } };
}

function within(at: string | null, window: Window): boolean {
  if (!at) return false;
  const time = Date.parse(at);
  return time >= window.from.getTime() && time <= window.to.getTime();
}

/** When a closing deal counts as closed: its close date, else when it was last changed (moved into closing). */
export function closedAt(deal: Pick<DashboardDeal, "closeDate" | "updatedAt">): string {
  return deal.closeDate ?? deal.updatedAt;
}

/** "+12.5% vs last month"; "—" when the previous period is 0 (no base to compare with). */
export function trendText(current: number, previous: number, versus: string): string {
  if (previous === 0) return "—";
  const change = ((current - previous) / Math.abs(previous)) * 100;
  const rounded = Math.round(change * 10) / 10;
  const sign = rounded > 0 ? "+" : rounded < 0 ? "-" : "";
  return `${sign}${Math.abs(rounded).toFixed(1)}% ${versus}`;
}

export type Kpi = {
  key: "totalRevenue" | "dealsClosed" | "activeLeads" | "conversionRate";
  label: string;
  value: number;
  display: string;
  trend: string;
};

type Inputs = {
  deals: readonly DashboardDeal[];
  properties: readonly DashboardProperty[];
  conversations: readonly DashboardConversation[];
};

/** The four KPIs over one window: deals counted when closed, properties when created. */
function windowFigures({ deals, properties }: Inputs, window: Window) {
  const closedDeals = deals.filter((deal) => deal.stage === "closing" && within(closedAt(deal), window));
  const newProperties = properties.filter((property) => within(property.createdAt, window));
  return {
    totalRevenue: totalRevenue(closedDeals),
    activeLeads: activeLeads(newProperties),
    conversionRate: conversionRate(closedDeals, newProperties),
    newProperties,
  };
}

export type RevenueMonth = { month: string; label: string; revenue: number };

const MONTH_LABEL = madeOnFirstUse(() => new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" }));

/** Closed revenue by UTC month, oldest first: the year's months for This Year, else the last six months. */
export function revenueByMonth(deals: readonly DashboardDeal[], period: DashboardPeriod, now: Date): RevenueMonth[] {
  const count = period === "this-year" ? now.getUTCMonth() + 1 : 6;
  const months: RevenueMonth[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push({ month: start.toISOString().slice(0, 7), label: MONTH_LABEL().format(start), revenue: 0 });
  }
  for (const deal of deals) {
    if (deal.stage !== "closing") continue;
    const at = closedAt(deal);
    if (Date.parse(at) > now.getTime()) continue;
    const entry = months.find((month) => month.month === at.slice(0, 7));
    if (entry) entry.revenue = Math.round((entry.revenue + (deal.dealValue ?? 0)) * 100) / 100;
  }
  return months;
}

export type DashboardFigures = {
  period: DashboardPeriod;
  periodLabel: string;
  kpis: Kpi[];
  revenueByMonth: RevenueMonth[];
  dealsByStage: DealsByStage;
  recentActivity: Activity[];
};

/** Everything the dashboard shows for a period. */
export function dashboardFigures(inputs: Inputs, period: DashboardPeriod, now: Date): DashboardFigures {
  const { label, versus } = DASHBOARD_PERIODS.find((item) => item.value === period)!;
  const windows = periodWindows(period, now);
  const current = windowFigures(inputs, windows.current);
  const previous = windowFigures(inputs, windows.previous);
  const months = monthToDateWindows(now);
  const closedNow = dealsClosed(inputs.deals, now);
  const closedBefore = inputs.deals.filter(
    (deal) => within(deal.createdAt, months.previous) && Date.parse(deal.createdAt) < months.current.from.getTime(),
  ).length;
  return {
    period,
    periodLabel: label,
    kpis: [
      {
        key: "totalRevenue",
        label: "Total Revenue",
        value: current.totalRevenue,
        display: formatMoney(current.totalRevenue),
        trend: trendText(current.totalRevenue, previous.totalRevenue, versus),
      },
      {
        key: "dealsClosed",
        label: "Deals Closed",
        value: closedNow,
        display: formatNumber(closedNow),
        trend: trendText(closedNow, closedBefore, "vs last month"),
      },
      {
        key: "activeLeads",
        label: "Active Leads",
        value: current.activeLeads,
        display: formatNumber(current.activeLeads),
        trend: trendText(current.activeLeads, previous.activeLeads, versus),
      },
      {
        key: "conversionRate",
        label: "Conversion Rate",
        value: current.conversionRate,
        display: `${current.conversionRate.toFixed(1)}%`,
        trend: trendText(current.conversionRate, previous.conversionRate, versus),
      },
    ],
    revenueByMonth: revenueByMonth(inputs.deals, period, now),
    dealsByStage: dealsByStage(current.newProperties),
    recentActivity: recentActivity(inputs.deals, inputs.conversations, inputs.properties),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// CSV export

/** The dashboard's figures as CSV: Section, Metric, Value, Trend; numbers raw (dollars, percent) for spreadsheets. */
export function dashboardCsv(figures: DashboardFigures, now: Date): string {
  const rows: (string | number)[][] = [["Section", "Metric", "Value", "Trend"]];
  rows.push(["Report", "Period", figures.periodLabel, ""]);
  rows.push(["Report", "Generated", now.toISOString(), ""]);
  for (const kpi of figures.kpis) {
    const metric = kpi.key === "totalRevenue" ? "Total Revenue (USD)" : kpi.key === "conversionRate" ? "Conversion Rate (%)" : kpi.label;
    rows.push(["KPI", metric, kpi.value, kpi.trend]);
  }
  for (const month of figures.revenueByMonth) rows.push(["Revenue Trend", month.label, month.revenue, ""]);
  for (const stage of DEAL_STAGES) rows.push(["Deals by Stage", DEAL_STAGE_LABELS[stage], figures.dealsByStage[stage], ""]);
  for (const activity of figures.recentActivity) rows.push(["Recent Activity", activity.label, activity.detail, activity.at]);
  return toCsv(rows);
}
