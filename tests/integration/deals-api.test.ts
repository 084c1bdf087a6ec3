// Deals: the /api/deals calls and the pipeline's form actions.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { deals } from "#db/schema.ts";
import { loader as getDealRoute, action as patchDeal } from "#app/routes/api.deals.$id.ts";
import { loader as listDealsRoute, action as postDeal } from "#app/routes/api.deals.ts";
import { action as pipelineForm, loader as pipelineFormLoader } from "#app/routes/pipeline.deals.tsx";

import { toastOf } from "./api-client.ts";
import { aProperty, db, dealCount, json, NOW, signedUp } from "./deals-setup.ts";

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
      status: "new",
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

  it("moves a deal to another stage (Under Contract asks for the contract first: tests/integration/dispo-contract.test.ts)", async () => {
    const pat = await signedUp();
    const property = await aProperty(pat.userId);
    const [deal] = await db.insert(deals).values({ userId: pat.userId, propertyId: property.id }).returning();
    const answer = await pat.send(pipelineForm, "POST", "/pipeline/deals", {
      urlencoded: { intent: "move", dealId: deal.id, stage: "negotiation", period: "all" },
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/?section=pipeline");
    expect(toastOf(answer)).toMatchObject({ title: "Deal moved", description: "4821 N 35th Ave moved to Negotiation." });
    expect(await db.select().from(deals).where(eq(deals.id, deal.id)).get()).toMatchObject({ stage: "negotiation", closeDate: null });
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
