// The dashboard's "loop closed" figures: deals by disposition status, fees asked and received, and the ledger's spend
// per lead source and per channel against the leads, contracts and assigned deals it produced; and its CSV export.
// Every expected figure is worked out here from the rows this test seeds.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { dealOffers, deals, leadRequests, letterMailings, usageEvents } from "#db/schema.ts";
import type { ContractInput } from "#app/domain/dispo/contract.ts";
import * as loopCsv from "#app/routes/dashboard.loop[.csv].ts";
import { loadDispoFigures } from "#app/services/dashboard/dispo-figures.server.ts";
import { putUnderContract } from "#app/services/dispo/contract.server.ts";

import type { Handler } from "./api-client.ts";
import { aProperty, db, NOW, signedUp } from "./deals-setup.ts";

type Event = { kind: "lead" | "skip_trace" | "letter" | "ai_tokens" | "buyer_email"; microcents: number; ref: string | null };

/** A user with high-equity and inherited leads, one hand-added lead, ledger entries of five kinds and two deals in dispo. */
async function seeded(hostileSource = '=HYPERLINK("https://evil.example")') {
  const user = await signedUp();
  const { userId } = user;
  const equity = [
    await aProperty(userId, { leadType: "high_equity" }),
    await aProperty(userId, { leadType: "high_equity" }),
    await aProperty(userId, { leadType: "high_equity" }),
  ];
  const inherited = [await aProperty(userId, { leadType: "inherited" }), await aProperty(userId, { leadType: "inherited" })];
  const byHand = await aProperty(userId, { leadType: hostileSource });
  const [equitySearch, inheritedSearch] = await db
    .insert(leadRequests)
    .values(
      ["high_equity", "inherited"].map((sellerType) => ({ userId, vendor: "local", requestParams: { sellerType }, requestedCount: 3 })),
    )
    .returning();
  await db.insert(letterMailings).values(
    [equity[0], inherited[0]].map((property, i) => ({
      userId,
      propertyId: property.id,
      claimKey: `${property.id}:letter`,
      status: "mailed" as const,
      recipientName: "Owner",
      recipientAddress: "1 Main St",
      amount: 150_000,
      actorId: userId,
      trackingId: `ltr_${userId}_${i}`,
    })),
  );
  const events: Event[] = [
    { kind: "lead", microcents: 3 * 25_000_000, ref: equitySearch.id },
    { kind: "skip_trace", microcents: 3 * 12_000_000, ref: equitySearch.id },
    { kind: "lead", microcents: 2 * 25_000_000, ref: inheritedSearch.id },
    { kind: "skip_trace", microcents: 2 * 12_000_000, ref: inheritedSearch.id },
    { kind: "letter", microcents: 104_500_000, ref: `ltr_${userId}_0` },
    { kind: "letter", microcents: 104_500_000, ref: `ltr_${userId}_1` },
    { kind: "ai_tokens", microcents: 3_333_333, ref: null },
    { kind: "buyer_email", microcents: 400_000, ref: "email_1" },
  ];
  await db.insert(usageEvents).values(
    events.map((e) => ({
      userId,
      actorId: userId,
      kind: e.kind,
      quantity: 1,
      unitCostMicrocents: e.microcents,
      costMicrocents: e.microcents,
      provider: "test",
      providerRequestId: e.ref,
      period: "2026-06",
    })),
  );
  const assigned = { propertyId: equity[0].id, dispoStatus: "fee_received" as const, assignmentFeeAsked: 12_500, profit: 11_000.5 };
  const open = { propertyId: inherited[0].id, dispoStatus: "under_contract" as const, assignmentFeeAsked: 9_000, profit: null };
  const [assignedDeal] = await db
    .insert(deals)
    .values([
      { userId, stage: "closing" as const, contractPrice: 150_000, ...assigned },
      { userId, stage: "closing" as const, contractPrice: 120_000, ...open },
      // A deal not under contract: no dispo status, so none of the loop's figures.
      { userId, propertyId: equity[1].id, stage: "negotiation" as const, assignmentFeeAsked: 7_000 },
    ])
    .returning();
  // Two offers with an amount and one bare inquiry on the assigned deal.
  const offers = [162_000, 165_500, null].map((amount, i) => ({
    userId,
    dealId: assignedDeal.id,
    name: `Buyer ${i}`,
    email: `b${i}@example.com`,
    amount,
  }));
  await db.insert(dealOffers).values(offers);
  return { user, events, equity, inherited, byHand, assigned, open, offers };
}

const cents = (microcents: number) => Math.round(microcents / 1_000_000);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("the dashboard's disposition and marketing figures", () => {
  it("counts deals by dispo status, fees asked and received, and each source's and channel's cost per lead, contract, assigned deal and return", async () => {
    const { user, events, equity, inherited, assigned, open, offers } = await seeded();
    // Another user's leads, ledger and fee never reach these figures.
    await seeded();
    const loop = await loadDispoFigures(user.context, user.userId);

    expect(Object.fromEntries(loop.byStage.map((s) => [s.status, s.count]))).toEqual({
      under_contract: 1,
      marketed: 0,
      offers_in: 0,
      assigned: 0,
      fee_received: 1,
    });
    // Offers with an amount per deal with a dispo status (the two seeded with one; the negotiation deal has none).
    expect(loop.offersPerDeal).toBe(offers.filter((o) => o.amount !== null).length / 2);
    expect(loop.feeAskedCents).toBe(Math.round((assigned.assignmentFeeAsked + open.assignmentFeeAsked) * 100));
    expect(loop.feeReceivedCents).toBe(Math.round(assigned.profit * 100));

    const equityEvents = events.filter((e) => e.ref !== null && (e.ref.endsWith("_0") || e.ref === events[0].ref));
    const equitySpend = cents(sum(equityEvents.map((e) => e.microcents)));
    const equityRow = loop.rows.find((r) => r.group === "Lead source" && r.label === "High equity")!;
    expect(equityRow).toMatchObject({
      spendCents: equitySpend,
      leads: equity.length,
      contracts: 1,
      assigned: 1,
      feesReceivedCents: 1_100_050,
    });
    expect(equityRow.perLeadCents).toBe(Math.round(equitySpend / equity.length));
    expect(equityRow.perContractCents).toBe(equitySpend);
    expect(equityRow.perAssignedCents).toBe(equitySpend);
    expect(equityRow.returnRatio).toBeCloseTo(1_100_050 / equitySpend, 10);

    const inheritedSpend = cents(sum(events.filter((e) => e.ref === events[2].ref || e.ref?.endsWith("_1")).map((e) => e.microcents)));
    expect(loop.rows.find((r) => r.label === "Inherited")).toMatchObject({
      spendCents: inheritedSpend,
      leads: inherited.length,
      contracts: 1,
      assigned: 0,
      perLeadCents: Math.round(inheritedSpend / inherited.length),
      perContractCents: inheritedSpend,
      perAssignedCents: null,
      returnRatio: 0,
    });
    expect(loop.rows.find((r) => r.label === "Not tied to a lead")).toMatchObject({ spendCents: cents(3_333_333 + 400_000), leads: 0 });

    const channel = (label: string) => loop.rows.find((r) => r.group === "Channel" && r.label === label)!;
    const totalLeads = equity.length + inherited.length + 1;
    for (const [label, kind] of [
      ["Letters", "letter"],
      ["Skip traces", "skip_trace"],
      ["Lead lists", "lead"],
      ["AI", "ai_tokens"],
      ["Buyer emails", "buyer_email"],
    ] as const) {
      const spend = cents(sum(events.filter((e) => e.kind === kind).map((e) => e.microcents)));
      expect(channel(label), label).toMatchObject({ spendCents: spend, leads: totalLeads, contracts: 2, assigned: 1 });
      expect(channel(label).perLeadCents).toBe(Math.round(spend / totalLeads));
      expect(channel(label).perAssignedCents).toBe(spend);
    }
    const allSpend = sum(loop.rows.filter((r) => r.group === "Channel").map((r) => r.spendCents));
    expect(allSpend).toBe(
      sum(
        ["letter", "skip_trace", "lead", "ai_tokens", "buyer_email"].map((k) =>
          cents(sum(events.filter((e) => e.kind === k).map((e) => e.microcents))),
        ),
      ),
    );
    expect(loop.total).toMatchObject({ spendCents: allSpend, leads: totalLeads, contracts: 2, assigned: 1, feesReceivedCents: 1_100_050 });
    expect(loop.total.returnRatio).toBeCloseTo(1_100_050 / allSpend, 10);
  });

  it("the section's loader carries the figures beside the spec's, unchanged", async () => {
    const { user } = await seeded();
    const { load } = await import("#app/services/dashboard/dashboard-section.server.ts");
    const data = await load(user.context, await user.session(), new URL("http://localhost/?section=dashboard&period=this-year"));
    expect(data.loop).toEqual(await loadDispoFigures(user.context, user.userId));
    expect(data.kpis.length).toBeGreaterThan(0);
  });
});

describe("days from contract to assignment", () => {
  it("is the median of the user's assigned deals, dated when the contract form first set each status", async () => {
    const user = await signedUp();
    expect((await loadDispoFigures(user.context, user.userId)).medianDaysToAssign).toBeNull();
    const day = 86_400_000;
    const spans = [10, 4, 30, 7];
    for (const days of spans) {
      const property = await aProperty(user.userId);
      await db.insert(deals).values({
        userId: user.userId,
        propertyId: property.id,
        stage: "closing",
        dispoStatus: "assigned",
        contractedAt: new Date(NOW.getTime() - days * day),
        assignedAt: NOW,
      });
    }
    // Not assigned yet, or another user's: never in the median.
    await db.insert(deals).values({ userId: user.userId, stage: "closing", dispoStatus: "offers_in", contractedAt: new Date(0) });
    const other = await signedUp();
    await db
      .insert(deals)
      .values({ userId: other.userId, stage: "closing", dispoStatus: "assigned", contractedAt: new Date(0), assignedAt: NOW });
    const sorted = [...spans].sort((a, b) => a - b);
    expect((await loadDispoFigures(user.context, user.userId)).medianDaysToAssign).toBe((sorted[1] + sorted[2]) / 2);

    // Through the contract form: signed today, assigned three days later; editing the terms again keeps both days.
    const fresh = await signedUp();
    const property = await aProperty(fresh.userId);
    const [deal] = await db.insert(deals).values({ userId: fresh.userId, propertyId: property.id, stage: "negotiation" }).returning();
    const terms = {
      contractPrice: 150_000,
      closeDate: "2026-07-15",
      inspectionDeadline: "2026-06-22",
      earnestMoney: 1_000,
      assignmentFeeAsked: 10_000,
    };
    const put = (dispoStatus: "under_contract" | "assigned" | "fee_received", at: Date) =>
      putUnderContract(
        { db, now: () => at },
        { userId: fresh.userId, dealId: deal.id, contract: { ...terms, dispoStatus } as ContractInput },
      );
    await put("under_contract", NOW);
    await put("assigned", new Date(NOW.getTime() + 3 * day));
    await put("fee_received", new Date(NOW.getTime() + 9 * day));
    const [stored] = await db.select().from(deals).where(eq(deals.id, deal.id));
    expect([stored.contractedAt?.getTime(), stored.assignedAt?.getTime()]).toEqual([NOW.getTime(), NOW.getTime() + 3 * day]);
    expect((await loadDispoFigures(fresh.context, fresh.userId)).medianDaysToAssign).toBe(3);
  });
});

describe("GET /dashboard/loop.csv", () => {
  it("answers the owner's table as text/csv with formula-looking cells neutralised, another user's never in it", async () => {
    const { user } = await seeded();
    const other = await seeded("@SUM(1+1)");
    const answer = await user.send(loopCsv.loader as Handler, "GET", "/dashboard/loop.csv");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const csv = await answer.text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Group,Name,Spend,Leads,Contracts,Assigned,Fees Received,Cost per Lead,Cost per Contract,Cost per Assigned Deal,Return",
    );
    const loop = await loadDispoFigures(user.context, user.userId);
    expect(lines).toHaveLength(loop.rows.length + 2);
    expect(lines.at(-1)).toBe(
      `Channel,Total,${loop.total.spendCents / 100},6,2,1,11000.5,${loop.total.perLeadCents! / 100},${loop.total.perContractCents! / 100},${loop.total.perAssignedCents! / 100},${Math.round(loop.total.returnRatio! * 100) / 100}`,
    );
    // The hand-added lead's hostile type is one text cell starting with the apostrophe; the other user's is absent.
    expect(csv).toMatch(/,"'=hyperlink/i);
    for (const line of lines.slice(1)) expect(line.split(",")[1]).not.toMatch(/^[=+\-@]/);
    expect(csv.toLowerCase()).not.toContain("sum(1+1)");
    const theirs = await other.user.send(loopCsv.loader as Handler, "GET", "/dashboard/loop.csv");
    expect((await theirs.text()).toLowerCase()).toContain("'@sum(1+1)");
  });

  it("answers 405 with Allow to another method, and asks a signed-out visitor to sign in", async () => {
    const { user } = await seeded();
    const posted = await user.send(loopCsv.loader as Handler, "POST", "/dashboard/loop.csv", { form: {} });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("Allow")).toContain("GET");
    const { ApiClient } = await import("./api-client.ts");
    const anonymous = await new ApiClient().send(loopCsv.loader as Handler, "GET", "/dashboard/loop.csv");
    expect([302, 401]).toContain(anonymous.status);
  });
});
