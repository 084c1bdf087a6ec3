import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createDb } from "#db/client.ts";
import { conversations, deals, properties } from "#db/schema.ts";
import { seedDemoDeals } from "#db/seed/demo/deals.ts";
import { loader as getDealRoute, action as patchDeal } from "#app/routes/api.deals.$id.ts";
import { loader as listDealsRoute, action as postDeal } from "#app/routes/api.deals.ts";
import { loader as exportCsv } from "#app/routes/dashboard.export[.csv].ts";
import { action as pipelineForm, loader as pipelineFormLoader } from "#app/routes/pipeline.deals.tsx";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { LEADS_WITHOUT_DEAL_CAP, listLeadsWithoutDeal } from "#app/services/deals/deals.server.ts";
import { load as loadDashboard } from "#app/services/sections/dashboard.server.ts";
import { load as loadPipeline } from "#app/services/sections/pipeline.server.ts";

import { ApiClient, registerClient, toastOf } from "./api-client.ts";

const db = createDb(env.DB);
const NOW = new Date("2026-06-15T12:00:00Z");

/** A registered user with a cookie jar and a fixed clock; `send` is the ApiClient's (params, a JSON or form body). */
async function signedUp() {
  const fresh = new ApiClient();
  fresh.context.now = () => NOW;
  const { client, userId } = await registerClient("deals", {}, fresh);
  async function session() {
    const found = await getSession(client.request("GET", "/"), client.context);
    if (!found) throw new Error("no session");
    return found;
  }
  return { userId, client, context: client.context, send: client.send.bind(client), session };
}

async function aProperty(userId: string, overrides: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      userId,
      address: "4821 N 35th Ave",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85019",
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1450,
      maxOffer: 182_000,
      ...overrides,
    })
    .returning();
  return row;
}

const dealCount = async (userId: string) => (await db.select({ id: deals.id }).from(deals).where(eq(deals.userId, userId))).length;
const json = async (response: Response) => (await response.json()) as Record<string, unknown> & { errors?: Record<string, string[]> };

describe("GET and POST /api/deals", () => {
  it("answers 401 without a session", async () => {
    const { send } = await signedUp();
    expect((await send(listDealsRoute, "GET", "/api/deals", { anonymous: true })).status).toBe(401);
    const refused = await send(postDeal, "POST", "/api/deals", { anonymous: true, json: { propertyId: "x" } });
    expect(refused.status).toBe(401);
    expect(await json(refused)).toMatchObject({ success: false, message: "Authentication required. Please log in again." });
  });

  it("creates a deal from one of the user's properties and lists only the user's deals", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const property = await aProperty(pat.userId);
    await db
      .insert(deals)
      .values({ userId: other.userId, propertyId: (await aProperty(other.userId)).id, stage: "analysis", dealValue: 1 });

    const created = await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId: property.id } });
    expect(created.status).toBe(201);
    const body = await json(created);
    expect(body).toMatchObject({
      success: true,
      deal: { propertyId: property.id, stage: "lead_generation", dealValue: 182_000, closeDate: null },
    });
    expect((body.deal as { property: unknown }).property).toEqual({
      address: "4821 N 35th Ave",
      city: "Phoenix",
      state: "AZ",
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1450,
    });

    const second = await aProperty(pat.userId, { address: "915 Elm St", city: "Dallas", state: "TX" });
    const closing = await json(
      await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId: second.id, dealValue: "$215,500", stage: "closing" } }),
    );
    expect(closing.deal).toMatchObject({ dealValue: 215_500, stage: "closing", closeDate: NOW.toISOString() });

    const list = await pat.send(listDealsRoute, "GET", "/api/deals");
    expect(list.status).toBe(200);
    const listed = (await list.json()) as { propertyId: string }[];
    expect(Array.isArray(listed)).toBe(true);
    expect(listed.map((deal) => deal.propertyId).sort()).toEqual([property.id, second.id].sort());
  });

  it("answers 404 for another user's or an unknown property and writes nothing", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const foreign = await aProperty(other.userId);
    for (const propertyId of [foreign.id, crypto.randomUUID()]) {
      const answer = await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId } });
      expect(answer.status).toBe(404);
      expect(await json(answer)).toMatchObject({ success: false, message: "Property not found" });
    }
    expect(await dealCount(pat.userId)).toBe(0);
    expect(await dealCount(other.userId)).toBe(0);
  });

  it("answers 400 with the field messages for bad input and writes nothing", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const missing = await pat.send(postDeal, "POST", "/api/deals", { json: {} });
    expect(missing.status).toBe(400);
    expect((await json(missing)).errors).toEqual({ propertyId: ["Property is required"] });
    const bad = await json(
      await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId: property.id, dealValue: "-5", stage: "won" } }),
    );
    expect(bad).toMatchObject({ success: false });
    expect(bad.errors).toEqual({
      dealValue: ["Deal value cannot be negative"],
      stage: ["Stage must be one of: lead_generation, analysis, negotiation, closing"],
    });
    const notNumber = await json(await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId: property.id, dealValue: "lots" } }));
    expect(notNumber.errors).toEqual({ dealValue: ["Deal value must be a number"] });
    expect(await dealCount(pat.userId)).toBe(0);
  });

  it("refuses a second deal for the same property", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    expect((await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId: property.id } })).status).toBe(201);
    const again = await pat.send(postDeal, "POST", "/api/deals", { json: { propertyId: property.id } });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ message: "This property already has a deal" });
    expect(await dealCount(pat.userId)).toBe(1);
  });

  it("allows only GET and POST", async () => {
    const pat = await signedUp();
    expect((await pat.send(postDeal, "DELETE", "/api/deals")).status).toBe(405);
  });
});

describe("GET and PATCH /api/deals/{id}", () => {
  async function withDeal() {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const [deal] = await db
      .insert(deals)
      .values({ userId: pat.userId, propertyId: property.id, stage: "negotiation", dealValue: 150_000 })
      .returning();
    return { ...pat, deal };
  }

  it("moves a deal into closing (setting today as the close date) and edits value, close date and notes", async () => {
    const { send, deal } = await withDeal();
    const moved = await send(patchDeal, "PATCH", `/api/deals/${deal.id}`, { params: { id: deal.id }, json: { stage: "closing" } });
    expect(moved.status).toBe(200);
    expect((await json(moved)).deal).toMatchObject({ stage: "closing", closeDate: NOW.toISOString(), dealValue: 150_000 });

    const edited = await json(
      await send(patchDeal, "PATCH", `/api/deals/${deal.id}`, {
        params: { id: deal.id },
        json: { dealValue: "160,250.50", closeDate: "2026-05-01", notes: "Title at Fidelity" },
      }),
    );
    expect(edited.deal).toMatchObject({ dealValue: 160_250.5, closeDate: "2026-05-01T12:00:00.000Z", notes: "Title at Fidelity" });

    const cleared = await json(
      await send(patchDeal, "PATCH", `/api/deals/${deal.id}`, { params: { id: deal.id }, json: { dealValue: null, closeDate: null } }),
    );
    expect(cleared.deal).toMatchObject({ dealValue: null, closeDate: null });
    const fetched = await send(getDealRoute, "GET", `/api/deals/${deal.id}`, { params: { id: deal.id } });
    expect(await json(fetched)).toMatchObject({ id: deal.id, stage: "closing", notes: "Title at Fidelity" });
  });

  it("answers 404 for another user's or an unknown deal and changes nothing", async () => {
    const { deal } = await withDeal();
    const intruder = await signedUp();
    for (const id of [deal.id, crypto.randomUUID()]) {
      const answer = await intruder.send(patchDeal, "PATCH", `/api/deals/${id}`, { params: { id }, json: { stage: "closing" } });
      expect(answer.status).toBe(404);
      expect(await json(answer)).toMatchObject({ success: false, message: "Deal not found" });
      expect((await intruder.send(getDealRoute, "GET", `/api/deals/${id}`, { params: { id } })).status).toBe(404);
    }
    const unchanged = await db.select().from(deals).where(eq(deals.id, deal.id)).get();
    expect(unchanged?.stage).toBe("negotiation");
  });

  it("answers 400 for a bad stage, value, date or an empty body, and changes nothing", async () => {
    const { send, deal } = await withDeal();
    const patch = (body: unknown) => send(patchDeal, "PATCH", `/api/deals/${deal.id}`, { params: { id: deal.id }, json: body });
    const bad = await patch({ stage: "won", dealValue: -1, closeDate: "next week", notes: "x".repeat(2001) });
    expect(bad.status).toBe(400);
    expect((await json(bad)).errors).toEqual({
      stage: ["Stage must be one of: lead_generation, analysis, negotiation, closing"],
      dealValue: ["Deal value cannot be negative"],
      closeDate: ["Close date must be a date (YYYY-MM-DD)"],
      notes: ["Notes must be at most 2000 characters"],
    });
    const empty = await patch({});
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toContain("Nothing to update");
    const unchanged = await db.select().from(deals).where(eq(deals.id, deal.id)).get();
    expect(unchanged).toMatchObject({ stage: "negotiation", dealValue: 150_000, notes: null });
    expect((await send(patchDeal, "PUT", `/api/deals/${deal.id}`, { params: { id: deal.id }, json: {} })).status).toBe(405);
  });
});

describe("the pipeline's form actions", () => {
  it("creates a deal from a lead and redirects back to the board's period with a toast", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const answer = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "create", propertyId: property.id, dealValue: "", stage: "analysis", period: "this-month" },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/?section=pipeline&period=this-month");
    expect(toastOf(answer)).toMatchObject({ title: "Deal created", description: "4821 N 35th Ave added to Analysis.", variant: "success" });
    const [row] = await db.select().from(deals).where(eq(deals.userId, pat.userId));
    expect(row).toMatchObject({ stage: "analysis", dealValue: 182_000 });
  });

  it("moves a deal to another stage", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const [deal] = await db.insert(deals).values({ userId: pat.userId, propertyId: property.id }).returning();
    const answer = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "move", dealId: deal.id, stage: "closing", period: "all" },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/?section=pipeline");
    expect(toastOf(answer)).toMatchObject({ title: "Deal moved", description: "4821 N 35th Ave moved to Closing." });
    expect(await db.select().from(deals).where(eq(deals.id, deal.id)).get()).toMatchObject({ stage: "closing", closeDate: NOW });
  });

  it("answers field errors and 404s without writing, and sends a signed-out visitor to sign in", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const property = await aProperty(pat.userId);
    const [foreignDeal] = await db
      .insert(deals)
      .values({ userId: other.userId, propertyId: (await aProperty(other.userId)).id })
      .returning();

    const invalid = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "create", propertyId: property.id, dealValue: "-10" },
    });
    expect(invalid.status).toBe(400);
    const invalidBody = (await invalid.json()) as { result: { error: Record<string, string[]> }; leads: unknown[] };
    expect(invalidBody.result.error.dealValue).toEqual(["Deal value cannot be negative"]);
    expect(invalidBody.leads).toHaveLength(1);

    const foreign = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "move", dealId: foreignDeal.id, stage: "closing" },
    });
    expect(foreign.status).toBe(404);
    const foreignProperty = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "create", propertyId: foreignDeal.propertyId! },
    });
    expect(foreignProperty.status).toBe(404);
    const badStage = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "move", dealId: foreignDeal.id, stage: "won" },
    });
    expect(badStage.status).toBe(400);

    expect(await dealCount(pat.userId)).toBe(0);
    expect((await db.select().from(deals).where(eq(deals.id, foreignDeal.id)).get())?.stage).toBe("lead_generation");

    const anonymous = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      anonymous: true,
      urlencoded: { intent: "move", dealId: foreignDeal.id, stage: "closing" },
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?next=/);
    const page = (await (await pat.send(pipelineFormLoader, "GET", "/pipeline/deals")).json()) as { leads: { address: string }[] };
    expect(page.leads.map((lead) => lead.address)).toEqual(["4821 N 35th Ave"]);
  });
});

describe("the pipeline section", () => {
  it("shows the user's deals of the chosen period with the §4 figures and the leads without a deal", async () => {
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

    const leads = await listLeadsWithoutDeal(db, userId);

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

    const leads = await listLeadsWithoutDeal(db, userId);

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
