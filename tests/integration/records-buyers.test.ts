// Records: buyer leads, and the demo records.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { buyerLeads, documents, messages } from "#db/schema.ts";
import { seedDemoRecords } from "#db/seed/demo/records.ts";
import { loader as buyerLeadLoader, action as deleteBuyerLeadRoute } from "#app/routes/api.buyer-leads.$id.ts";
import { action as createBuyerLeadRoute, loader as listBuyerLeadsRoute } from "#app/routes/api.buyer-leads.ts";
import { action as removeBuyerForm } from "#app/routes/buyer-breeze.remove.tsx";
import { loader as buyerBreezePage } from "#app/routes/buyer-breeze.tsx";
import { load as loadBuyerBreeze } from "#app/services/leads/buyer-breeze-section.server.ts";
import { load as loadMessages } from "#app/services/messages/messages-section.server.ts";

import { ApiClient, formData, toastOf } from "./api-client.ts";
import { aProperty, db, signedUp } from "./records-setup.ts";

describe("buyer leads", () => {
  const buyer = {
    buyerName: "Desert Sun Holdings LLC",
    buyerType: "active_landlord",
    market: "Phoenix, AZ",
    totalProperties: 14,
    portfolioValue: "4280000",
    phoneNumbers: ["(602) 555-0191"],
    emailAddresses: ["a@desertsun.example"],
  };

  it("requires buyer name, type and market in the spec's words and writes nothing", async () => {
    const pat = await signedUp();
    const answer = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: { buyerName: " " } });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toMatchObject({
      buyerName: ["Buyer name is required"],
      buyerType: ["Buyer type is required"],
      market: ["Market is required"],
    });
    expect(await db.select().from(buyerLeads).where(eq(buyerLeads.userId, pat.userId))).toHaveLength(0);
  });

  it("saves, lists and deletes a buyer lead; another user's id answers 404", async () => {
    const pat = await signedUp();
    const created = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: buyer });
    expect(created.status).toBe(201);
    const { buyerLead } = (await created.json()) as { buyerLead: { id: string } };
    const list = (await (await pat.send(listBuyerLeadsRoute, "GET", "/api/buyer-leads")).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      buyerName: "Desert Sun Holdings LLC",
      buyerTypeLabel: "Active Landlord",
      portfolioValue: 4280000,
      phoneNumbers: ["(602) 555-0191"],
    });
    expect(list[0].userId).toBeUndefined();

    const sam = await signedUp();
    expect(await (await sam.send(listBuyerLeadsRoute, "GET", "/api/buyer-leads")).json()).toEqual([]);
    expect((await sam.send(deleteBuyerLeadRoute, "DELETE", "/x", { params: { id: buyerLead.id } })).status).toBe(404);
    expect((await pat.send(buyerLeadLoader, "GET", "/x", { params: { id: buyerLead.id } })).status).toBe(405);

    const removed = await pat.send(deleteBuyerLeadRoute, "DELETE", "/x", { params: { id: buyerLead.id } });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true, message: "Buyer lead removed successfully" });
    expect((await pat.send(deleteBuyerLeadRoute, "DELETE", "/x", { params: { id: buyerLead.id } })).status).toBe(404);
  });

  it("saves a buyer once per market: the same save again answers 200 'Already saved' with the saved row and writes nothing", async () => {
    const pat = await signedUp();
    const first = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: buyer });
    expect(first.status).toBe(201);
    const { buyerLead } = (await first.json()) as { buyerLead: { id: string } };
    const again = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: { ...buyer, totalProperties: 99 } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      success: true,
      message: "Already saved",
      buyerLead: { id: buyerLead.id, totalProperties: 14 },
    });
    const elsewhere = await pat.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: { ...buyer, market: "Mesa, AZ" } });
    expect(elsewhere.status).toBe(201);
    expect(await db.select().from(buyerLeads).where(eq(buyerLeads.userId, pat.userId))).toHaveLength(2);
    // Another user saving the same buyer gets a row of their own.
    const sam = await signedUp();
    expect((await sam.send(createBuyerLeadRoute, "POST", "/api/buyer-leads", { json: buyer })).status).toBe(201);
  });

  it("removes through the form action with the spec's toasts and serves /buyer-breeze", async () => {
    const pat = await signedUp();
    const { buyerLead } = (await (await pat.send(createBuyerLeadRoute, "POST", "/x", { json: buyer })).json()) as {
      buyerLead: { id: string };
    };
    const page = await pat.client.load<Awaited<ReturnType<typeof loadBuyerBreeze>>>(
      buyerBreezePage,
      `/buyer-breeze?remove=${buyerLead.id}`,
    );
    expect(page.leads).toHaveLength(1);
    expect(page.confirmRemoveId).toBe(buyerLead.id);

    const sam = await signedUp();
    const refused = await sam.send(removeBuyerForm, "POST", "/buyer-breeze/remove", { form: formData({ id: buyerLead.id }) });
    expect(toastOf(refused)).toEqual({ title: "Error", description: "Failed to remove buyer lead", variant: "error" });
    const done = await pat.send(removeBuyerForm, "POST", "/buyer-breeze/remove", {
      form: formData({ id: buyerLead.id, returnTo: "/buyer-breeze" }),
    });
    expect(done.headers.get("Location")).toBe("/buyer-breeze");
    expect(toastOf(done)).toEqual({ title: "Success", description: "Buyer lead removed successfully", variant: "success" });
    const section = await loadBuyerBreeze(pat.context, await pat.session(), new URL("http://x/?section=buyer-breeze"));
    expect(section.leads).toEqual([]);
  });

  it("sends a signed-out visitor of /buyer-breeze to sign in", async () => {
    const response = await new ApiClient().send(buyerBreezePage, "GET", "/buyer-breeze");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?next=%2Fbuyer-breeze");
  });
});

describe("demo records", () => {
  it("seeds conversations with AI-generated messages, documents in R2 and four buyer leads", async () => {
    const pat = await signedUp();
    await aProperty(pat.userId);
    const counts = await seedDemoRecords(db, pat.userId, env.FILES);
    expect(counts).toEqual({ conversations: 3, documents: 3, buyerLeads: 4 });
    const section = await loadMessages(pat.context, await pat.session(), new URL("http://x/?section=messages"));
    expect(section.conversations).toHaveLength(3);
    expect(section.messages.length).toBeGreaterThan(0);
    const all = await db.select().from(messages).where(eq(messages.userId, pat.userId));
    expect(all.some((m) => m.isAiGenerated)).toBe(true);
    const docs = await db.select().from(documents).where(eq(documents.userId, pat.userId));
    for (const doc of docs) expect(await env.FILES.head(doc.filePath ?? "")).not.toBeNull();
    expect(await db.select().from(buyerLeads).where(eq(buyerLeads.userId, pat.userId))).toHaveLength(4);
  });
});
