import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { properties, sessions, workspaceMembers } from "#db/schema.ts";
import { formatMoney } from "#app/domain/shared/format.ts";
import * as root from "#app/root.tsx";
import * as home from "#app/routes/_index.tsx";
import * as contacts from "#app/routes/api.contacts.ts";
import * as messages from "#app/routes/api.conversations.$id.messages.ts";
import * as conversations from "#app/routes/api.conversations.ts";
import * as property from "#app/routes/api.properties.$id.ts";
import * as confirmOffer from "#app/routes/api.properties.confirm-offer.ts";
import * as mailOffer from "#app/routes/api.properties.mail-offer.ts";
import * as leads from "#app/routes/api.properties.ts";
import * as tasks from "#app/routes/api.tasks.today.ts";
import * as newMessage from "#app/routes/messages.send.tsx";
import * as today from "#app/routes/today.tsx";
import { registerClient, type ApiClient, type Handler } from "#tests/integration/api-client.ts";
import { partyWithRecords, snapshotOf, type Party } from "#tests/integration/authz/world.ts";
import { db } from "#tests/integration/db.ts";

/**
 * A caller works the workspace's leads but never receives a deal number: every page and /api answer a caller may
 * read carries none of the seeded lead's money (neither written as dollars nor as the number), while the owner's
 * same answer does.
 */
const MONEY = {
  arv: 314_159,
  arvLow: 296_411,
  arvHigh: 331_907,
  repairEstimate: 27_183,
  assignmentFee: 11_317,
  ruleMaxOffer: 173_205,
  maxOffer: 161_803,
};
const WRITTEN = Object.values(MONEY).flatMap((value) => [formatMoney(value), String(value)]);

type Read = { name: string; handler: Handler; path: (owner: Party) => string; params?: (owner: Party) => Record<string, string> };
const READS: Read[] = [
  { name: "the root loader", handler: root.loader, path: () => "/" },
  { name: "the CRM with the lead open", handler: home.loader, path: (o) => `/?section=crm&lead=${o.ids.sequenceProperty}` },
  { name: "the messages section", handler: home.loader, path: (o) => `/?section=messages&c=${o.ids.conversation}` },
  { name: "Today", handler: today.loader, path: () => "/today?all=1&upcoming=all" },
  { name: "GET /api/tasks/today", handler: tasks.loader, path: () => "/api/tasks/today" },
  { name: "GET /api/properties", handler: leads.loader, path: () => "/api/properties?limit=500" },
  {
    name: "GET /api/properties/{id}",
    handler: property.loader,
    path: (o) => `/api/properties/${o.ids.sequenceProperty}`,
    params: (o) => ({ id: o.ids.sequenceProperty }),
  },
  { name: "GET /api/conversations", handler: conversations.loader, path: () => "/api/conversations" },
  {
    name: "GET /api/conversations/{id}/messages",
    handler: messages.loader,
    path: (o) => `/api/conversations/${o.ids.conversation}/messages`,
    params: (o) => ({ id: o.ids.conversation }),
  },
  { name: "GET /api/contacts", handler: contacts.loader, path: () => "/api/contacts" },
  { name: "the New Message page", handler: newMessage.loader, path: () => "/messages/send" },
];

async function read(client: ApiClient, what: Read, owner: Party) {
  const answer = await client.send(what.handler, "GET", what.path(owner), { params: what.params?.(owner) ?? {} });
  expect(answer.status, `${what.name}: answered`).toBe(200);
  return answer.text();
}

describe("a caller sees no money", () => {
  let owner: Party;
  let caller: ApiClient;
  beforeAll(async () => {
    owner = await partyWithRecords("money-owner");
    await db.update(properties).set(MONEY).where(eq(properties.id, owner.ids.sequenceProperty));
    const member = await registerClient("money-caller");
    await db.insert(workspaceMembers).values({ workspaceId: owner.userId, userId: member.userId, role: "caller" });
    await db.update(sessions).set({ workspaceId: owner.userId }).where(eq(sessions.userId, member.userId));
    caller = member.client;
  });

  for (const what of READS) {
    it(`${what.name}: the caller's answer has none of the lead's numbers`, async () => {
      const text = await read(caller, what, owner);
      for (const written of WRITTEN) expect(text, `${what.name} carries ${written}`).not.toContain(written);
      // Nor any other dollar amount, a rendered letter's or a buyer's offer in words included.
      expect(text).not.toMatch(/\$\s?\d/);
    });
  }

  it("the owner's same answers carry them", async () => {
    for (const name of ["the CRM with the lead open", "Today", "GET /api/tasks/today", "GET /api/properties/{id}"]) {
      const what = READS.find((r) => r.name === name);
      if (!what) throw new Error(name);
      const text = await read(owner.client, what, owner);
      expect(text, name).toContain(String(MONEY.arv));
      expect(text, name).toContain(String(MONEY.maxOffer));
    }
    const crm = await read(owner.client, READS[1], owner);
    for (const value of Object.values(MONEY)) expect(crm).toContain(String(value));
  });

  it("the caller's lead keeps what a call needs: the address, the owner and the notes", async () => {
    const text = await read(caller, READS[1], owner);
    const [lead] = await db.select().from(properties).where(eq(properties.id, owner.ids.sequenceProperty));
    expect(text).toContain(lead.address);
    if (lead.ownerName) expect(text).toContain(lead.ownerName);
  });

  it("refuses the caller's forced mailing and offer change with a 403 in words, writing nothing", async () => {
    const before = await snapshotOf(owner.userId);
    const body = { propertyId: owner.ids.sequenceProperty, offerAmount: 150_000 };
    for (const [handler, path] of [
      [mailOffer.action, "/api/properties/mail-offer"],
      [confirmOffer.action, "/api/properties/confirm-offer"],
    ] as const) {
      const answer = await caller.send(handler, "POST", path, { json: body });
      expect(answer.status, path).toBe(403);
      expect(await answer.json()).toEqual({
        success: false,
        message: "As Caller in this workspace you cannot use offers, mailing and sequences; ask the workspace's owner.",
      });
    }
    const patched = await caller.send(property.action, "PATCH", `/api/properties/${owner.ids.sequenceProperty}`, {
      json: { maxOffer: 150_000 },
      params: { id: owner.ids.sequenceProperty },
    });
    expect(patched.status).toBe(403);
    expect(((await patched.json()) as { message: string }).message).toMatch(/^As Caller in this workspace you cannot use /);
    expect(await snapshotOf(owner.userId)).toEqual(before);
  });

  it("closes the pages that are all deal numbers to a caller, and starts them on Today", async () => {
    for (const section of ["pipeline", "dashboard", "documents", "chat"]) {
      const answer = await caller.send(home.loader, "GET", `/?section=${section}`);
      expect(answer.status, section).toBe(403);
      expect(await answer.text()).toMatch(/^As Caller in this workspace you cannot use deal numbers/);
    }
    const start = await caller.send(home.loader, "GET", "/");
    expect(start.status).toBe(302);
    expect(start.headers.get("Location")).toBe("/today");
  });
});
