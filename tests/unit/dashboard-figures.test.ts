import { describe, expect, it } from "vitest";

import {
  activeLeads,
  conversionRate,
  dashboardCsv,
  dashboardFigures,
  dashboardPeriodOf,
  dealsByStage,
  dealsClosed,
  monthToDateWindows,
  periodWindows,
  recentActivity,
  revenueByMonth,
  totalRevenue,
  trendText,
  type DashboardDeal,
  type DashboardProperty,
} from "#app/domain/dashboard/figures.ts";

const NOW = new Date("2026-06-15T12:00:00Z");
let seq = 0;
function deal(overrides: Partial<DashboardDeal>): DashboardDeal {
  seq += 1;
  return {
    id: `d${seq}`,
    stage: "lead_generation",
    dealValue: null,
    closeDate: null,
    createdAt: "2026-06-01T00:00:00.000Z",
    updatedAt: "2026-06-01T00:00:00.000Z",
    address: `${seq} Main St`,
    ...overrides,
  };
}
const property = (status: string, createdAt = "2026-06-10T00:00:00.000Z", id = `p${++seq}`): DashboardProperty => ({
  id,
  status,
  createdAt,
  address: `${id} Elm St`,
});

describe("dashboard KPIs", () => {
  it("Total Revenue is the sum of deal values in closing", () => {
    expect(
      totalRevenue([
        deal({ stage: "closing", dealValue: 100_000 }),
        deal({ stage: "closing", dealValue: null }),
        deal({ stage: "negotiation", dealValue: 90_000 }),
        deal({ stage: "closing", dealValue: 0.25 }),
      ]),
    ).toBe(100_000.25);
    expect(totalRevenue([])).toBe(0);
  });

  it("Deals Closed counts deals created since the first of the current month, whatever their stage", () => {
    const deals = [
      deal({ createdAt: "2026-06-01T00:00:00.000Z", stage: "lead_generation" }),
      deal({ createdAt: "2026-06-14T23:00:00.000Z", stage: "closing" }),
      deal({ createdAt: "2026-05-31T23:59:59.999Z", stage: "closing" }),
    ];
    expect(dealsClosed(deals, NOW)).toBe(2);
  });

  it("Active Leads counts properties whose status is not closed", () => {
    expect(activeLeads([property("new"), property("closed"), property("offer_sent"), property("under_contract")])).toBe(3);
  });

  it("Conversion Rate is closing deals divided by properties as a percentage with one decimal", () => {
    const deals = [deal({ stage: "closing" }), deal({ stage: "closing" }), deal({ stage: "analysis" })];
    expect(conversionRate(deals, [property("new"), property("new"), property("new")])).toBe(66.7);
    expect(
      conversionRate(
        deals,
        Array.from({ length: 7 }, () => property("new")),
      ),
    ).toBe(28.6);
    expect(conversionRate(deals, [])).toBe(0);
  });
});

describe("Deals by Stage (counted from properties)", () => {
  it("lead generation is all properties, analysis analyzed|offer_produced|offer_sent, negotiation offer_sent, closing always 0", () => {
    const properties = ["new", "analyzed", "offer_produced", "offer_sent", "offer_sent", "closed", "under_contract"].map((status) =>
      property(status),
    );
    expect(dealsByStage(properties)).toEqual({ lead_generation: 7, analysis: 4, negotiation: 2, closing: 0 });
    expect(dealsByStage([])).toEqual({ lead_generation: 0, analysis: 0, negotiation: 0, closing: 0 });
  });
});

describe("Recent Activity", () => {
  it("takes the last 3 deals as Deal closed, the last 2 conversations and the last 2 leads, newest first, keeping 5", () => {
    const at = (day: number) => `2026-06-${String(day).padStart(2, "0")}T10:00:00.000Z`;
    const deals = [1, 5, 9, 13].map((day) => deal({ createdAt: at(day), address: `deal ${day}` }));
    const conversations = [2, 6, 10].map((day) => ({ id: `c${day}`, title: `conversation ${day}`, createdAt: at(day) }));
    const properties = [3, 7, 14].map((day) => ({ id: `p${day}`, status: "new", createdAt: at(day), address: `lead ${day}` }));
    const activity = recentActivity(deals, conversations, properties);
    expect(activity.map((entry) => entry.detail)).toEqual(["lead 14", "deal 13", "conversation 10", "deal 9", "lead 7"]);
    expect(activity.filter((entry) => entry.kind === "deal").every((entry) => entry.label === "Deal closed")).toBe(true);
    // The 4th-newest deal and the 3rd-newest conversation never enter, even when newer than what is kept.
    expect(activity.map((entry) => entry.detail)).not.toContain("deal 1");
  });

  it("names a deal without its property Unknown Property and shows what there is", () => {
    expect(recentActivity([deal({ address: null })], [], [])).toMatchObject([{ label: "Deal closed", detail: "Unknown Property" }]);
    expect(recentActivity([], [], [])).toEqual([]);
  });
});

describe("trends and periods", () => {
  it("writes the change against the previous period, and — when that was 0", () => {
    expect(trendText(112.5, 100, "vs last month")).toBe("+12.5% vs last month");
    expect(trendText(96.9, 100, "vs last month")).toBe("-3.1% vs last month");
    expect(trendText(100, 100, "vs last month")).toBe("0.0% vs last month");
    expect(trendText(5, 0, "vs last month")).toBe("—");
  });

  it("reads the period from the URL, Last 30 Days by default", () => {
    expect(dashboardPeriodOf("this-year")).toBe("this-year");
    expect(dashboardPeriodOf("nonsense")).toBe("last-30-days");
  });

  it("compares a window with the one before it of the same length", () => {
    const thirty = periodWindows("last-30-days", NOW);
    expect(thirty.current.from.toISOString()).toBe("2026-05-16T12:00:00.000Z");
    expect(thirty.previous.from.toISOString()).toBe("2026-04-16T12:00:00.000Z");
    expect(thirty.previous.to.toISOString()).toBe("2026-05-16T12:00:00.000Z");
    const year = periodWindows("this-year", NOW);
    expect(year.current.from.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(year.previous.from.toISOString()).toBe("2025-01-01T00:00:00.000Z");
    expect(year.previous.to.toISOString()).toBe("2025-06-15T12:00:00.000Z");
    const month = monthToDateWindows(new Date("2026-03-31T00:00:00Z"));
    expect(month.previous.from.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(month.previous.to.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("revenue by month", () => {
  it("sums closing deals by the month of their close date (else their last change), over the last six months", () => {
    const deals = [
      deal({ stage: "closing", dealValue: 100, closeDate: "2026-06-02T00:00:00.000Z" }),
      deal({ stage: "closing", dealValue: 50, closeDate: "2026-06-20T00:00:00.000Z" }), // in the future: not yet
      deal({ stage: "closing", dealValue: 70, closeDate: null, updatedAt: "2026-04-09T00:00:00.000Z" }),
      deal({ stage: "closing", dealValue: 30, closeDate: "2025-12-31T00:00:00.000Z" }), // too old
      deal({ stage: "negotiation", dealValue: 999, closeDate: "2026-06-01T00:00:00.000Z" }),
    ];
    const months = revenueByMonth(deals, "last-30-days", NOW);
    expect(months.map((m) => m.label)).toEqual(["Jan 2026", "Feb 2026", "Mar 2026", "Apr 2026", "May 2026", "Jun 2026"]);
    expect(months.map((m) => m.revenue)).toEqual([0, 0, 0, 70, 0, 100]);
    expect(revenueByMonth(deals, "this-year", new Date("2026-02-10T00:00:00Z")).map((m) => m.month)).toEqual(["2026-01", "2026-02"]);
  });
});

describe("the dashboard for a period", () => {
  const deals = [
    deal({ stage: "closing", dealValue: 110_000, closeDate: "2026-06-05T00:00:00.000Z", createdAt: "2026-06-02T00:00:00.000Z" }),
    deal({ stage: "closing", dealValue: 100_000, closeDate: "2026-05-01T00:00:00.000Z", createdAt: "2026-04-02T00:00:00.000Z" }),
    deal({ stage: "analysis", dealValue: 5, createdAt: "2026-05-10T00:00:00.000Z" }),
  ];
  const properties = [
    property("new", "2026-06-01T00:00:00.000Z"),
    property("closed", "2026-06-02T00:00:00.000Z"),
    property("offer_sent", "2026-05-01T00:00:00.000Z"),
  ];

  it("windows the KPIs and computes each trend against the previous window", () => {
    const figures = dashboardFigures({ deals, properties, conversations: [] }, "last-30-days", NOW);
    const kpi = Object.fromEntries(figures.kpis.map((k) => [k.key, k]));
    expect(kpi.totalRevenue).toMatchObject({ label: "Total Revenue", value: 110_000, display: "$110,000", trend: "+10.0% vs last month" });
    expect(kpi.dealsClosed).toMatchObject({ label: "Deals Closed", value: 1, trend: "0.0% vs last month" });
    expect(kpi.activeLeads).toMatchObject({ label: "Active Leads", value: 1, trend: "0.0% vs last month" });
    expect(kpi.conversionRate).toMatchObject({ label: "Conversion Rate", value: 50, display: "50.0%", trend: "-50.0% vs last month" });
    expect(figures.dealsByStage).toEqual({ lead_generation: 2, analysis: 0, negotiation: 0, closing: 0 });
  });

  it("exports the figures as CSV with quoting", () => {
    const figures = dashboardFigures(
      { deals, properties, conversations: [{ id: "c", title: 'Offer on "Oak", Dallas', createdAt: "2026-06-14T00:00:00.000Z" }] },
      "this-year",
      NOW,
    );
    const csv = dashboardCsv(figures, NOW);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("Section,Metric,Value,Trend");
    expect(lines).toContain("Report,Period,This Year,");
    expect(lines).toContain("KPI,Total Revenue (USD),210000,—");
    expect(lines).toContain("Deals by Stage,Analysis,1,");
    expect(lines).toContain("Revenue Trend,May 2026,100000,");
    expect(csv).toContain('"Offer on ""Oak"", Dallas"');
    // A trend is text, so its leading minus gets the formula guard; the figures themselves stay bare numbers.
    const trended = dashboardCsv(dashboardFigures({ deals, properties, conversations: [] }, "last-30-days", NOW), NOW);
    expect(trended).toContain("KPI,Conversion Rate (%),50,'-50.0% vs last month\r\n");
  });
});
