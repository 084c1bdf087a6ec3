// Deals: the pipeline section, the leads a deal can start from, the dashboard and its CSV, the demo deals.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { conversations, deals } from "#db/schema.ts";
import { seedDemoDeals } from "#db/seed/demo/deals.ts";
import { loader as exportCsv } from "#app/routes/dashboard.export[.csv].ts";
import { load as loadDashboard } from "#app/services/dashboard/dashboard-section.server.ts";
import { LEADS_WITHOUT_DEAL_CAP, listLeadsWithoutDeal } from "#app/services/deals/deals.server.ts";
import { load as loadPipeline } from "#app/services/deals/pipeline-section.server.ts";

import { aProperty, db, NOW, signedUp } from "./deals-setup.ts";

describe("the pipeline section", () => {
  it("shows the user's deals of the chosen period with the spec's figures and the leads without a deal", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    await db.insert(deals).values({ userId: other.userId, propertyId: (await aProperty(other.userId)).id, dealValue: 999_999 });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map((n) => aProperty(pat.userId, { address: `${n} Oak St` })));
    await aProperty(pat.userId, { address: "5 Free Lead Rd" });
    await db.insert(deals).values([
      { userId: pat.userId, propertyId: a.id, stage: "lead_generation", dealValue: 100_000, createdAt: new Date("2026-06-10T00:00:00Z") },
      {
        userId: pat.userId,
        propertyId: b.id,
        stage: "closing",
        dealValue: 200_000,
        closeDate: new Date("2026-06-12T00:00:00Z"),
        createdAt: new Date("2026-06-02T00:00:00Z"),
      },
      { userId: pat.userId, propertyId: c.id, stage: "closing", dealValue: 50_000, createdAt: new Date("2026-05-25T00:00:00Z") },
      { userId: pat.userId, propertyId: d.id, stage: "analysis", dealValue: null, createdAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    const session = await pat.session();
    const all = await loadPipeline(pat.context, session, new URL("http://x/?section=pipeline"));
    expect(all.period).toBe("all");
    expect(all.deals).toHaveLength(4);
    expect(all.figures).toEqual({ totalPipeline: 350_000, closedThisMonth: 200_000, activeDeals: 2, closeRate: 50 });
    expect(all.leads.map((lead) => lead.address)).toEqual(["5 Free Lead Rd"]);

    const month = await loadPipeline(pat.context, session, new URL("http://x/?section=pipeline&period=this-month"));
    expect(month.deals.map((deal) => deal.property?.address).sort()).toEqual(["1 Oak St", "2 Oak St"]);
    expect(month.figures).toEqual({ totalPipeline: 300_000, closedThisMonth: 200_000, activeDeals: 1, closeRate: 50 });
    const last30 = await loadPipeline(pat.context, session, new URL("http://x/?period=last-30-days"));
    expect(last30.deals).toHaveLength(3);
    const quarter = await loadPipeline(pat.context, session, new URL("http://x/?period=this-quarter"));
    expect(quarter.deals).toHaveLength(3);
  });

  it("keeps a deal whose property is gone, as Unknown Property", async () => {
    const pat = await signedUp();
    await db.insert(deals).values({ userId: pat.userId, propertyId: null, dealValue: null });
    const data = await loadPipeline(pat.context, await pat.session(), new URL("http://x/"));
    expect(data.deals[0]).toMatchObject({ property: null, dealValue: null });
  });
});

describe("the leads a new deal can start from", () => {
  it("filters leads with a deal before the cap, so late leads without a deal still show among thousands", async () => {
    const { userId } = await signedUp();
    // 600 leads, the newest 550 already with a deal; only the 50 oldest have none. Inserted in SQL for speed.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
       INSERT INTO properties (id, user_id, address, zip_code, property_type, status, created_at, updated_at)
       SELECT 'bulk-' || i, ?1, i || ' Bulk St', '85019', 'single_family', 'new', ?2 + i * 1000, ?2 + i * 1000 FROM n`,
    )
      .bind(userId, NOW.getTime())
      .run();
    await env.DB.prepare(
      `INSERT INTO deals (id, user_id, property_id, stage, created_at, updated_at)
       SELECT 'deal-' || id, user_id, id, 'lead_generation', created_at, updated_at FROM properties
       WHERE user_id = ?1 AND CAST(substr(id, 6) AS INTEGER) > 50`,
    )
      .bind(userId)
      .run();

    const leads = await listLeadsWithoutDeal({ db }, userId);

    expect(leads).toHaveLength(50);
    expect(leads[0]).toMatchObject({ id: "bulk-50", address: "50 Bulk St" });
    expect(leads.at(-1)).toMatchObject({ id: "bulk-1" });
  });

  it("caps the list at the newest leads without a deal", async () => {
    const { userId } = await signedUp();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       INSERT INTO properties (id, user_id, address, zip_code, created_at, updated_at)
       SELECT 'cap-' || i, ?1, i || ' Cap St', '85019', ?2 + i * 1000, ?2 + i * 1000 FROM n`,
    )
      .bind(userId, NOW.getTime(), LEADS_WITHOUT_DEAL_CAP + 20)
      .run();

    const leads = await listLeadsWithoutDeal({ db }, userId);

    expect(leads).toHaveLength(LEADS_WITHOUT_DEAL_CAP);
    expect(leads[0].id).toBe(`cap-${LEADS_WITHOUT_DEAL_CAP + 20}`);
  });
});

describe("the dashboard section and its CSV export", () => {
  async function withData() {
    const pat = await signedUp();
    const other = await signedUp();
    // Another user's rows must never count.
    const foreign = await aProperty(other.userId, { status: "offer_sent" });
    await db.insert(deals).values({
      userId: other.userId,
      propertyId: foreign.id,
      stage: "closing",
      dealValue: 1_000_000,
      closeDate: new Date("2026-06-01T00:00:00Z"),
    });
    await db.insert(conversations).values({ userId: other.userId, title: "Not yours" });

    const day = (d: string) => new Date(`${d}T09:00:00Z`);
    const p1 = await aProperty(pat.userId, { address: "1 Peach St", status: "offer_sent", createdAt: day("2026-06-01") });
    const p2 = await aProperty(pat.userId, { address: "2 Peach St", status: "analyzed", createdAt: day("2026-06-05") });
    const p3 = await aProperty(pat.userId, { address: "3 Peach St", status: "closed", createdAt: day("2026-06-08") });
    const p4 = await aProperty(pat.userId, { address: "4 Peach St", status: "new", createdAt: day("2026-05-01") });
    await db.insert(deals).values([
      {
        userId: pat.userId,
        propertyId: p1.id,
        stage: "closing",
        dealValue: 120_000,
        closeDate: day("2026-06-10"),
        createdAt: day("2026-06-02"),
      },
      {
        userId: pat.userId,
        propertyId: p4.id,
        stage: "closing",
        dealValue: 100_000,
        closeDate: day("2026-05-05"),
        createdAt: day("2026-04-20"),
      },
      { userId: pat.userId, propertyId: p2.id, stage: "negotiation", dealValue: 80_000, createdAt: day("2026-06-06") },
    ]);
    await db.insert(conversations).values([
      { userId: pat.userId, title: "Seller at 1 Peach St", createdAt: day("2026-06-12") },
      { userId: pat.userId, title: "Title company", createdAt: day("2026-06-13") },
    ]);
    void p3;
    return pat;
  }

  it("computes the KPIs, trends, revenue by month, Deals by Stage and Recent Activity from the user's rows only", async () => {
    const pat = await withData();
    const data = await loadDashboard(pat.context, await pat.session(), new URL("http://x/?section=dashboard"));
    expect(data.period).toBe("last-30-days");
    const kpi = Object.fromEntries(data.kpis.map((k) => [k.key, k]));
    // Window May 16 – Jun 15 against Apr 16 – May 16.
    expect(kpi.totalRevenue).toMatchObject({ value: 120_000, display: "$120,000", trend: "+20.0% vs last month" });
    expect(kpi.dealsClosed).toMatchObject({ value: 2, trend: "—" });
    expect(kpi.activeLeads).toMatchObject({ value: 2, trend: "+100.0% vs last month" });
    expect(kpi.conversionRate).toMatchObject({ value: 33.3, display: "33.3%" });
    expect(data.dealsByStage).toEqual({ lead_generation: 3, analysis: 2, negotiation: 1, closing: 0 });
    expect(data.revenueByMonth.slice(-2)).toEqual([
      { month: "2026-05", label: "May 2026", revenue: 100_000 },
      { month: "2026-06", label: "Jun 2026", revenue: 120_000 },
    ]);
    expect(data.recentActivity).toHaveLength(5);
    expect(data.recentActivity.map((entry) => entry.detail)).toEqual([
      "Title company",
      "Seller at 1 Peach St",
      "3 Peach St",
      "2 Peach St",
      "2 Peach St",
    ]);
    expect(JSON.stringify(data)).not.toContain("Not yours");

    const year = await loadDashboard(pat.context, await pat.session(), new URL("http://x/?section=dashboard&period=this-year"));
    expect(year.kpis[0]).toMatchObject({ value: 220_000, trend: "—" });
    expect(year.revenueByMonth).toHaveLength(6);
  });

  it("downloads the figures of the chosen period as CSV", async () => {
    const pat = await withData();
    const answer = await pat.send(exportCsv, "GET", "/dashboard/export.csv?period=last-90-days");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toBe('attachment; filename="breeze-dashboard-last-90-days-2026-06-15.csv"');
    const lines = (await answer.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Section,Metric,Value,Trend");
    expect(lines).toContain("Report,Period,Last 90 Days,");
    expect(lines).toContain("KPI,Total Revenue (USD),220000,—");
    expect(lines).toContain("Deals by Stage,Lead Generation,4,");
    expect(lines.join("\n")).not.toContain("1000000");

    const anonymous = await pat.send(exportCsv, "GET", "/dashboard/export.csv", { anonymous: true });
    expect(anonymous.status).toBe(302);
  });
});

describe("demo deals", () => {
  it("seeds deals in every stage with closing deals over the last months", async () => {
    const pat = await signedUp();
    const ids = [];
    for (let n = 0; n < 14; n += 1) ids.push((await aProperty(pat.userId, { address: `${100 + n} Demo Ave` })).id);
    expect(await seedDemoDeals(db, pat.userId, ids, NOW)).toBe(14);
    const rows = await db.select().from(deals).where(eq(deals.userId, pat.userId));
    expect(new Set(rows.map((row) => row.stage))).toEqual(new Set(["lead_generation", "analysis", "negotiation", "closing"]));
    const data = await loadDashboard(pat.context, await pat.session(), new URL("http://x/?period=last-90-days"));
    expect(data.revenueByMonth.filter((month) => month.revenue > 0).length).toBeGreaterThanOrEqual(5);
    expect(await seedDemoDeals(db, pat.userId, [], NOW)).toBe(0);
  });
});
