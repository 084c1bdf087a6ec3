// A lead's assignee: every path that creates a lead assigns the member who creates it; owners and Acquisitions
// reassign it to a current member of the workspace (anyone else, or a person outside it, writes nothing); a removed
// member's leads go to the owner who removed them, in the batch that removes them.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { properties } from "#db/schema.ts";
import { seedDemoCrm } from "#db/seed/demo/crm.ts";
import { ASSIGNEE_NOT_MEMBER, REASSIGNED } from "#app/domain/leads/assignee.ts";
import type { LeadQueueItem } from "#app/domain/leads/search-options.ts";
import * as index from "#app/routes/_index.tsx";
import { action as propertiesBatch } from "#app/routes/api.properties.batch.ts";
import { action as cardAction } from "#app/routes/chat.card.tsx";
import { action as searchAction } from "#app/routes/chat.search.tsx";
import * as exportCsv from "#app/routes/crm.export[.csv].ts";
import * as crmLeads from "#app/routes/crm.leads.tsx";
import * as leadsWorkbench from "#app/routes/leads.workbench.tsx";
import * as team from "#app/routes/team.tsx";
import * as today from "#app/routes/today.tsx";
import type { ChatData } from "#app/services/chat/chat-section.server.ts";

import { registerClient, toastOf, type ApiClient, type Handler, type SignedIn } from "./api-client.ts";
import { db } from "./db.ts";
import { seedTestMarket } from "./market-fixture.ts";
import { addLead, assigneeOf, joinAs, pageOf, teamOf } from "./team-fixture.ts";

beforeAll(async () => {
  await seedTestMarket(db, 2_000);
});

/** The section's Export link, as the page renders it. */
function exportLinkOf(html: string) {
  const href = /<a href="(\/crm\/export\.csv[^"]*)"[^>]*>Export<\/a>/.exec(html)?.[1];
  expect(href).toBeTruthy();
  return href!.replaceAll("&amp;", "&");
}

/** The Address column of a CSV export (these tests' addresses hold no comma or quote). */
function addressesOf(csv: string) {
  const [header, ...rows] = csv.trimEnd().split("\r\n");
  const column = header.split(",").indexOf("Address");
  return rows.map((row) => row.split(",")[column]);
}

const reassign = (client: ApiClient, fields: Record<string, string>) =>
  client.send(today.action as Handler, "POST", "/today", { form: { intent: "reassign", ...fields } });

describe("a new lead's assignee", () => {
  it("is the member who adds it by hand (Add Lead and the API)", async () => {
    const { owner, acquisitions } = await teamOf("assign-manual");
    const byApi = await addLead(acquisitions);
    expect(await assigneeOf(byApi)).toBe(acquisitions.userId);
    const form = await acquisitions.client.send(crmLeads.action as Handler, "POST", "/crm/leads", {
      form: { address: "9 E Form Way", city: "Phoenix", state: "AZ", zipCode: "85004" },
    });
    expect(form.status).toBe(302);
    const [added] = await db
      .select({ userId: properties.userId, assignedTo: properties.assignedTo })
      .from(properties)
      .where(eq(properties.address, "9 E Form Way"));
    expect(added).toEqual({ userId: owner.userId, assignedTo: acquisitions.userId });
    // The owner's own leads are the owner's.
    expect(await assigneeOf(await addLead(owner))).toBe(owner.userId);
  });

  it("is the member who saves it from a seller search on the workbench", async () => {
    const { owner, acquisitions } = await teamOf("assign-search");
    const answer = await acquisitions.client.call(propertiesBatch as Handler, "POST", "/api/properties/batch", {
      count: 5,
      criteria: { location: "Phoenix, AZ", sellerType: "high_equity" },
    });
    expect(answer.status).toBe(200);
    const [lead] = answer.body.properties as LeadQueueItem[];
    const saved = await acquisitions.client.send(leadsWorkbench.action as Handler, "POST", "/leads/workbench", {
      urlencoded: { intent: "save", leadId: lead.id, vendor: lead.raw.vendor, index: "0" },
    });
    expect(saved.status).toBe(302);
    const rows = await db.select({ assignedTo: properties.assignedTo }).from(properties).where(eq(properties.userId, owner.userId));
    expect(rows).toEqual([{ assignedTo: acquisitions.userId }]);
  });

  it("is the member who adds it from the Lead Finder's card", async () => {
    const { owner, acquisitions } = await teamOf("assign-chat");
    const { client } = acquisitions;
    await client.send(searchAction as Handler, "POST", "/chat/search", {
      form: { wizard: "seller", cityOrZip: "85004", sellerType: "high_equity" },
    });
    const chats = await client.load<{ payload: { data: ChatData } }>(index.loader as Handler, "/?section=chat");
    const chat = chats.payload.data.conversations[0].id;
    const page = await client.load<{ payload: { data: ChatData } }>(index.loader as Handler, `/?section=chat&c=${chat}`);
    const card = page.payload.data.messages.find((message) => message.body.kind === "seller-lead")!;
    const added = await client.send(cardAction as Handler, "POST", "/chat/card", { form: { intent: "add-to-crm", messageId: card.id } });
    expect(toastOf(added)).toMatchObject({ title: "Added to CRM" });
    const rows = await db.select({ assignedTo: properties.assignedTo }).from(properties).where(eq(properties.userId, owner.userId));
    expect(rows).toEqual([{ assignedTo: acquisitions.userId }]);
  });

  it("is the demo's founder for the demo's leads, and the founder for a row written without one", async () => {
    const { userId } = await registerClient("assign-demo");
    const ids = await seedDemoCrm(db, userId);
    for (const id of ids) expect(await assigneeOf(id)).toBe(userId);
    const [bare] = await db.insert(properties).values({ userId, address: "1 Bare St", zipCode: "85004" }).returning({ id: properties.id });
    expect(await assigneeOf(bare.id)).toBe(userId);
  });
});

describe("reassigning a lead", () => {
  it("is open to the owner and Acquisitions, to a current member; a caller and Dispo are refused in words", async () => {
    const { owner, acquisitions, dispo, caller } = await teamOf("assign-roles");
    const lead = await addLead(owner);
    const byOwner = await reassign(owner.client, { propertyId: lead, assignedTo: caller.userId });
    expect(byOwner.status).toBe(302);
    expect(byOwner.headers.get("Location")).toBe("/today");
    expect(toastOf(byOwner)?.title).toBe(REASSIGNED);
    expect(await assigneeOf(lead)).toBe(caller.userId);

    const fromCard = await reassign(acquisitions.client, { propertyId: lead, assignedTo: acquisitions.userId, from: "lead" });
    expect(fromCard.status).toBe(302);
    expect(fromCard.headers.get("Location")).toBe(`/?section=crm&lead=${lead}`);
    expect(await assigneeOf(lead)).toBe(acquisitions.userId);

    for (const who of [caller, dispo]) {
      const refused = await reassign(who.client, { propertyId: lead, assignedTo: who.userId });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toMatch(/cannot use assigning leads to members/);
      expect(await assigneeOf(lead)).toBe(acquisitions.userId);
    }
  });

  it("refuses a person outside the workspace, a removed member and another workspace's lead, writing nothing", async () => {
    const { owner, caller } = await teamOf("assign-foreign");
    const lead = await addLead(owner);
    const stranger = await registerClient("assign-stranger");
    const foreign = await reassign(owner.client, { propertyId: lead, assignedTo: stranger.userId });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ message: ASSIGNEE_NOT_MEMBER, errors: { assignedTo: [ASSIGNEE_NOT_MEMBER] } });
    const blank = await reassign(owner.client, { propertyId: lead, assignedTo: "" });
    expect(blank.status).toBe(400);

    const removed = await owner.client.send(team.action as Handler, "POST", "/team", { form: { intent: "remove", userId: caller.userId } });
    expect(removed.status).toBe(302);
    expect((await reassign(owner.client, { propertyId: lead, assignedTo: caller.userId })).status).toBe(400);
    expect(await assigneeOf(lead)).toBe(owner.userId);

    const theirs = await addLead(stranger);
    const across = await reassign(owner.client, { propertyId: theirs, assignedTo: owner.userId });
    expect(across.status).toBe(404);
    expect(await assigneeOf(theirs)).toBe(stranger.userId);
  });
});

describe("the CRM's assignee", () => {
  type Crm = {
    payload: { data: { leads: { id: string; address: string; assignedTo: string | null }[]; matching: number; members: unknown[] } };
  };
  const crmOf = (who: SignedIn, query = "") => who.client.load<Crm>(index.loader as Handler, `/?section=crm${query}`);

  it("lists each lead's assignee and filters by it; a single-person account lists no members", async () => {
    const { owner, acquisitions } = await teamOf("assign-crm");
    const ownerLead = await addLead(owner);
    const theirLead = await addLead(acquisitions);
    const all = (await crmOf(owner)).payload.data;
    expect(all.members).toHaveLength(4);
    expect(Object.fromEntries(all.leads.map((lead) => [lead.id, lead.assignedTo]))).toEqual({
      [ownerLead]: owner.userId,
      [theirLead]: acquisitions.userId,
    });
    const filtered = (await crmOf(owner, `&assignee=${acquisitions.userId}`)).payload.data;
    expect(filtered.leads.map((lead) => lead.id)).toEqual([theirLead]);
    expect(filtered.matching).toBe(1);
    const solo = await registerClient("assign-crm-solo");
    expect((await crmOf(solo)).payload.data.members).toHaveLength(1);
  });

  it("exports exactly the rows the list shows: the page's Export link carries its assignee filter, and Everyone's none", async () => {
    const { owner, acquisitions } = await teamOf("assign-export");
    const ownerLeads = [await addLead(owner), await addLead(owner)];
    const theirLead = await addLead(acquisitions);
    for (const [assignee, expected] of [
      [acquisitions.userId, [theirLead]],
      [owner.userId, ownerLeads],
      ["", [...ownerLeads, theirLead]],
    ] as const) {
      const query = assignee ? `&assignee=${assignee}` : "";
      const listed = (await crmOf(owner, query)).payload.data.leads;
      expect(listed.map((lead) => lead.id).sort(), query).toEqual([...expected].sort());
      const link = exportLinkOf(await pageOf(owner, `/?section=crm${query}`));
      expect(new URL(link, "https://breeze.test").searchParams.get("assignee") ?? "", query).toBe(assignee);
      const csv = await owner.client.call(exportCsv.loader as Handler, "GET", link);
      expect(csv.status).toBe(200);
      expect(addressesOf(String(csv.body.text)).sort(), query).toEqual(listed.map((lead) => lead.address).sort());
    }
  });
});

describe("removing a member", () => {
  it("hands their leads to the owner who removed them, and a leaving owner's to another owner", async () => {
    const { owner, acquisitions, caller } = await teamOf("assign-remove");
    const kept = await addLead(owner);
    const theirs = [await addLead(acquisitions), await addLead(acquisitions)];
    const given = await addLead(owner);
    expect((await reassign(owner.client, { propertyId: given, assignedTo: caller.userId })).status).toBe(302);

    // A second owner removes Acquisitions: the leads are theirs, nobody else's change.
    const second = await registerClient("assign-second-owner");
    await joinAs(owner.userId, second, "owner");
    const removed = await second.client.send(team.action as Handler, "POST", "/team", {
      form: { intent: "remove", userId: acquisitions.userId },
    });
    expect(removed.status).toBe(302);
    for (const id of theirs) expect(await assigneeOf(id)).toBe(second.userId);
    expect(await assigneeOf(kept)).toBe(owner.userId);
    expect(await assigneeOf(given)).toBe(caller.userId);

    // The second owner leaves: their leads go to the other owner.
    const left = await second.client.send(team.action as Handler, "POST", "/team", { form: { intent: "remove", userId: second.userId } });
    expect(left.status).toBe(302);
    for (const id of theirs) expect(await assigneeOf(id)).toBe(owner.userId);

    // The last owner cannot leave: nothing is handed over.
    const refused = await owner.client.send(team.action as Handler, "POST", "/team", { form: { intent: "remove", userId: owner.userId } });
    expect(toastOf(refused)?.title).toBe("Not changed");
    const rows = await db
      .select({ assignedTo: properties.assignedTo })
      .from(properties)
      .where(and(eq(properties.userId, owner.userId), eq(properties.assignedTo, owner.userId)));
    expect(rows).toHaveLength(3);
  });
});
