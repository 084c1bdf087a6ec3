// A deal under contract: moving a deal to "Under Contract" asks for the contract's terms (strict money, real dates),
// the deal then carries its disposition status, the card counts down its deadlines and shows the spread, and the
// board filters by disposition status.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals } from "#db/schema.ts";
import * as contractPage from "#app/routes/deals.$id.contract.tsx";
import { action as pipelineForm } from "#app/routes/pipeline.deals.tsx";
import { load as loadPipeline } from "#app/services/deals/pipeline-section.server.ts";

import { toastOf, type Handler } from "./api-client.ts";
import { aProperty, db, signedUp } from "./deals-setup.ts";

/** NOW in deals-setup.ts is 2026-06-15 at noon UTC. */
const TERMS = {
  contractPrice: "$182,000",
  inspectionDeadline: "2026-06-22",
  closeDate: "2026-07-15",
  earnestMoney: "1,000",
  assignmentFeeAsked: "12500.50",
};

async function aDeal(userId: string, stage: "negotiation" | "closing" = "negotiation") {
  const property = await aProperty(userId, { address: `${crypto.randomUUID().slice(0, 4)} Elm St` });
  const [deal] = await db.insert(deals).values({ userId, propertyId: property.id, stage, dealValue: 180_000 }).returning();
  return deal!;
}

const stored = async (id: string) => (await db.select().from(deals).where(eq(deals.id, id)))[0]!;

describe("moving a deal to Under Contract", () => {
  it("asks for the contract's terms first (the move form answers a redirect to them) and leaves the deal where it was", async () => {
    const pat = await signedUp();
    const deal = await aDeal(pat.userId);
    const moved = await pat.send(pipelineForm, "POST", "/pipeline/deals", { form: { intent: "move", dealId: deal.id, stage: "closing" } });
    expect(moved.status).toBe(302);
    expect(moved.headers.get("Location")).toBe(`/deals/${deal.id}/contract`);
    expect((await stored(deal.id)).stage).toBe("negotiation");

    const page = await pat.client.load<{ underContract: boolean; values: Record<string, string> }>(
      contractPage.loader as Handler,
      `/deals/${deal.id}/contract`,
      { params: { id: deal.id } },
    );
    expect(page).toMatchObject({ underContract: false, values: { contractPrice: "180000" } });
  });

  it("refuses loose money, unreal dates and terms that contradict each other with each field's message, writing nothing", async () => {
    const pat = await signedUp();
    const deal = await aDeal(pat.userId);
    const before = await stored(deal.id);
    const form = {
      contractPrice: "12,34,56",
      inspectionDeadline: "2026-07-20",
      closeDate: "2026-07-15",
      earnestMoney: "-5",
      assignmentFeeAsked: "",
      buyerPrice: "1e6",
      dispoStatus: "sold",
    };
    const refused = await pat.send(contractPage.action as Handler, "POST", `/deals/${deal.id}/contract`, { form, params: { id: deal.id } });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      contractPrice: ["Contract price must be a number"],
      earnestMoney: ["Earnest money cannot be negative"],
      assignmentFeeAsked: ["Assignment fee asked must be a number"],
      buyerPrice: ["Buyer price must be a number"],
      dispoStatus: ["Status must be one of under_contract, marketed, offers_in, assigned, fee_received"],
    });
    const unreal = await pat.send(contractPage.action as Handler, "POST", `/deals/${deal.id}/contract`, {
      form: { ...TERMS, closeDate: "2026-02-30" },
      params: { id: deal.id },
    });
    expect(((await unreal.json()) as { errors: unknown }).errors).toEqual({ closeDate: ["Closing date is not a real date"] });
    const contradictory = await pat.send(contractPage.action as Handler, "POST", `/deals/${deal.id}/contract`, {
      form: { ...TERMS, inspectionDeadline: "2026-07-20", earnestMoney: "200000" },
      params: { id: deal.id },
    });
    expect(((await contradictory.json()) as { errors: unknown }).errors).toEqual({
      inspectionDeadline: ["Inspection deadline must be on or before the closing date"],
      earnestMoney: ["Earnest money cannot be more than the contract price"],
    });
    expect(await stored(deal.id)).toEqual(before);
  });

  it("saves the terms, moves the deal to Closing as under contract, and a foreign deal answers 404 with nothing changed", async () => {
    const pat = await signedUp();
    const other = await signedUp();
    const deal = await aDeal(pat.userId);
    const theirs = await aDeal(other.userId);
    const foreign = await pat.send(contractPage.action as Handler, "POST", `/deals/${theirs.id}/contract`, {
      form: TERMS,
      params: { id: theirs.id },
    });
    expect(foreign.status).toBe(404);
    expect((await stored(theirs.id)).contractPrice).toBeNull();

    const saved = await pat.send(contractPage.action as Handler, "POST", `/deals/${deal.id}/contract`, {
      form: TERMS,
      params: { id: deal.id },
    });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)).toMatchObject({ title: "Under contract" });
    expect(await stored(deal.id)).toMatchObject({
      stage: "closing",
      dispoStatus: "under_contract",
      contractPrice: 182_000,
      earnestMoney: 1000,
      assignmentFeeAsked: 12_500.5,
      buyerPrice: null,
      closeDate: new Date("2026-07-15T12:00:00Z"),
      inspectionDeadline: new Date("2026-06-22T12:00:00Z"),
    });
  });
});

describe("a deal under contract on the board", () => {
  it("shows its status, the deadlines counting down and the spread, and the board filters by status", async () => {
    const pat = await signedUp();
    const marketed = await aDeal(pat.userId);
    const assigned = await aDeal(pat.userId);
    await aDeal(pat.userId);
    const save = (id: string, extra: Record<string, string>) =>
      pat.send(contractPage.action as Handler, "POST", `/deals/${id}/contract`, { form: { ...TERMS, ...extra }, params: { id } });
    await save(marketed.id, { dispoStatus: "marketed", inspectionDeadline: "2026-06-14" });
    await save(assigned.id, { dispoStatus: "assigned", buyerPrice: "$199,500", inspectionDeadline: "2026-06-15", closeDate: "2026-06-16" });
    const session = await pat.session();

    const all = await loadPipeline(pat.context, session, new URL("http://x/?section=pipeline"));
    expect(all.deals).toHaveLength(3);
    const card = (id: string) => all.deals.find((deal) => deal.id === id)!.dispo;
    expect(card(marketed.id)).toEqual({
      status: "marketed",
      badge: "Marketed",
      countdowns: ["Inspection ended 1 day ago", "Closes in 30 days"],
      spread: null,
    });
    // Assigned: the inspection period no longer binds; the spread is the buyer's price less the contract price.
    expect(card(assigned.id)).toEqual({ status: "assigned", badge: "Assigned", countdowns: ["Closes in 1 day"], spread: 17_500 });

    const filtered = await loadPipeline(pat.context, session, new URL("http://x/?section=pipeline&dispo=assigned"));
    expect(filtered.dispo).toBe("assigned");
    expect(filtered.deals.map((deal) => deal.id)).toEqual([assigned.id]);
    // The header figures stay those of the period, whatever the filter.
    expect(filtered.figures).toEqual(all.figures);
    const unknown = await loadPipeline(pat.context, session, new URL("http://x/?section=pipeline&dispo=nonsense"));
    expect([unknown.dispo, unknown.deals.length]).toEqual([null, 3]);
  });
});
