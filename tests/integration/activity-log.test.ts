/**
 * The workspace's activity log: each action writes exactly one entry in its own batch (a refused or losing action
 * none), the owner's /team/activity page reads them in words with filters, and the sweep keeps 13 months.
 */
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { activityLog, deals, users } from "#db/schema.ts";
import { action as feeRoute } from "#app/routes/api.deals.$id.fee-received.ts";
import { action as confirmRoute } from "#app/routes/api.properties.confirm-offer.ts";
import { action as mailRoute } from "#app/routes/api.properties.mail-offer.ts";
import { loader as leadsCsv } from "#app/routes/crm.export[.csv].ts";
import * as activity from "#app/routes/team_.activity.tsx";
import * as team from "#app/routes/team.tsx";
import { sweepExpired } from "#app/services/platform/maintenance.server.ts";

import { registerClient, toastOf, type ApiClient } from "./api-client.ts";
import { owner as blastOwner, post as blastPost, buyersOf, dealOf } from "./blast-fixture.ts";
import { confirmBody, confirmed, mailBody } from "./offers-setup.ts";
import { aLead, db, NOW, signedUp } from "./sequence-fixtures.ts";
import { joinByInvitation } from "./team-fixture.ts";

const DAY = 24 * 60 * 60 * 1000;

const entriesOf = (workspaceId: string) =>
  db.select().from(activityLog).where(eq(activityLog.userId, workspaceId)).orderBy(desc(activityLog.createdAt));

/** `member` joins `owner`'s workspace as `role`, by the emailed link. */
async function joinAs(owner: ApiClient, member: { client: ApiClient; email: string }, role: string) {
  expect(toastOf(await joinByInvitation(owner, member, role))?.title).toBe("Welcome to the team");
}

type Page = { rows: { words: string }[]; members: { userId: string; name: string }[]; hasMore: boolean };
const pageOf = (client: ApiClient, query = "") => client.load<Page>(activity.loader, `/team/activity${query}`);

/**
 * An owner (the sequences' fixed clock) with a caller, Casey Caller, and a lead assigned to the caller whose
 * sequence's first call is due.
 */
async function workspaceWithCaller() {
  const owner = await signedUp();
  const caller = await registerClient("activity-caller");
  caller.client.context.now = () => NOW;
  await db.update(users).set({ fullName: "Casey Caller" }).where(eq(users.id, caller.userId));
  await joinAs(owner.client, caller, "caller");
  const lead = await aLead(owner.userId, { address: "123 Main St" });
  expect((await owner.start(lead.id)).status).toBe(201);
  // The lead is the caller's to work: its calls are in their Today.
  const assigned = await owner.client.send((await import("#app/routes/today.tsx")).action, "POST", "/today", {
    form: { intent: "reassign", propertyId: lead.id, assignedTo: caller.userId },
  });
  expect(assigned.status).toBe(302);
  const tasks = (await caller.client.call((await import("#app/routes/api.tasks.today.ts")).loader, "GET", "/api/tasks/today")).body;
  const task = (tasks as unknown as { id: string; propertyId: string }[]).find((t) => t.propertyId === lead.id)!;
  return { owner, caller, lead, task };
}

describe("the activity log", () => {
  it("records a caller's call once, in words the owner reads; a losing parallel request records nothing", async () => {
    const { owner, caller, task } = await workspaceWithCaller();
    const work = (await import("#app/routes/api.tasks.$id.ts")).action;
    const answers = await Promise.all(
      [0, 1].map(() => caller.client.call(work, "POST", `/api/tasks/${task.id}`, { outcome: "no_answer" }, { params: { id: task.id } })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const calls = (await entriesOf(owner.userId)).filter((entry) => entry.kind === "call_logged");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ actorId: caller.userId, propertyId: task.propertyId });

    const page = await pageOf(owner.client);
    expect(page.rows.map((row) => row.words)).toContain("Casey Caller logged a call: No answer — 123 Main St, Phoenix, AZ");
    // A note on Today: one entry, only for a task of the workspace.
    const today = await import("#app/routes/today.tsx");
    const noted = await caller.client.send(today.action, "POST", "/today", {
      urlencoded: { intent: "note", taskId: task.id, note: "Call after 5" },
    });
    expect(noted.status).toBe(302);
    const foreign = await registerClient("activity-foreign");
    const refused = await foreign.client.send(today.action, "POST", "/today", {
      urlencoded: { intent: "note", taskId: task.id, note: "x" },
    });
    expect(refused.status).toBe(404);
    expect((await entriesOf(owner.userId)).filter((entry) => entry.kind === "note_logged")).toHaveLength(1);
    expect(await entriesOf(foreign.userId)).toHaveLength(0);
  });

  it("refuses the page to a caller (403) and answers 404 for a member filter naming someone of another workspace", async () => {
    const { owner, caller } = await workspaceWithCaller();
    const refused = await caller.client.send(activity.loader, "GET", "/team/activity");
    expect(refused.status).toBe(403);
    const stranger = await registerClient("activity-stranger");
    const foreign = await owner.client.send(activity.loader, "GET", `/team/activity?member=${stranger.userId}`);
    expect(foreign.status).toBe(404);
    const bad = await owner.client.send(activity.loader, "GET", "/team/activity?from=2026-13-45&kind=nonsense");
    expect(bad.status).toBe(400);
  });

  it("filters by member, kind of action and date range, newest first", async () => {
    const { owner, caller, task } = await workspaceWithCaller();
    const work = (await import("#app/routes/api.tasks.$id.ts")).action;
    // A minute apart each: the invitation at NOW, the call, then the export.
    caller.client.context.now = () => new Date(NOW.getTime() + 60_000);
    await caller.client.call(work, "POST", `/api/tasks/${task.id}`, { outcome: "left_voicemail" }, { params: { id: task.id } });
    owner.setNow(new Date(NOW.getTime() + 120_000));
    const csv = await owner.client.send(leadsCsv, "GET", "/crm/export.csv");
    expect(csv.status).toBe(200);
    const all = await pageOf(owner.client);
    // Newest first: the export (owner), the call (caller), the invitation (owner).
    expect(all.rows.map((row) => row.words)).toEqual([
      "Pat Quinn exported the leads (CSV)",
      "Casey Caller logged a call: Left voicemail — 123 Main St, Phoenix, AZ",
      expect.stringMatching(/^Pat Quinn invited activity-caller-.*@example\.com as Caller$/),
    ]);
    const byCaller = await pageOf(owner.client, `?member=${caller.userId}`);
    expect(byCaller.rows).toHaveLength(1);
    const exports = await pageOf(owner.client, "?kind=exported");
    expect(exports.rows.map((row) => row.words)).toEqual(["Pat Quinn exported the leads (CSV)"]);
    const day = NOW.toISOString().slice(0, 10);
    expect((await pageOf(owner.client, `?from=${day}&to=${day}`)).rows).toHaveLength(3);
    const before = new Date(NOW.getTime() - 2 * DAY).toISOString().slice(0, 10);
    expect((await pageOf(owner.client, `?to=${before}`)).rows).toHaveLength(0);
  });

  it("records a mailed letter and a changed offer once each; the twin mailing's 409 leaves no entry", async () => {
    const { client, userId, propertyId, pdfUrl } = await confirmed();
    const answers = await Promise.all([
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
      client.call(mailRoute, "POST", "/api/properties/mail-offer", mailBody(propertyId, pdfUrl)),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const entries = await entriesOf(userId);
    expect(entries.filter((entry) => entry.kind === "letter_mailed")).toHaveLength(1);
    expect(entries.filter((entry) => entry.kind === "offer_confirmed")).toHaveLength(1);

    const changed = await client.call(
      confirmRoute,
      "POST",
      "/api/properties/confirm-offer",
      confirmBody(propertyId, { offerType: "custom", customOffer: 150000 }),
    );
    expect(changed.status).toBe(200);
    const words = (await pageOf(client)).rows.map((row) => row.words);
    expect(words.sort()).toEqual([
      "Pat Quinn changed the offer from $170,000 to $150,000 — 4821 N 35th Ave, Phoenix, AZ",
      "Pat Quinn mailed a letter of intent for $170,000 — 4821 N 35th Ave, Phoenix, AZ",
      "Pat Quinn set the offer to $170,000 — 4821 N 35th Ave, Phoenix, AZ",
    ]);
  });

  it("records invitations, role changes and removals; a refused change records nothing", async () => {
    const founder = await registerClient("activity-members");
    const member = await registerClient("activity-member");
    await joinAs(founder.client, member, "dispo");
    const demoteSelf = await founder.client.send(team.action, "POST", "/team", {
      form: { intent: "role", userId: founder.userId, role: "caller" },
    });
    expect(toastOf(demoteSelf)?.title).toBe("Not changed");
    await founder.client.send(team.action, "POST", "/team", { form: { intent: "role", userId: member.userId, role: "acquisitions" } });
    await founder.client.send(team.action, "POST", "/team", { form: { intent: "remove", userId: member.userId } });
    const removedAgain = await founder.client.send(team.action, "POST", "/team", { form: { intent: "remove", userId: member.userId } });
    expect(toastOf(removedAgain)?.title).toBe("Not changed");
    const kinds = (await entriesOf(founder.userId)).map((entry) => entry.kind).sort();
    expect(kinds).toEqual(["member_invited", "member_removed", "member_role_changed"]);
    const words = (await pageOf(founder.client)).rows.map((row) => row.words);
    expect(words).toContain("Pat Quinn removed Pat Quinn from the workspace");
    expect(words).toContain("Pat Quinn made Pat Quinn Acquisitions");
  });

  it("records a blast and a fee received once each; a fee refused before the assignment records nothing", async () => {
    const { client, userId } = await blastOwner("activity-blast");
    const deal = await dealOf(userId);
    const chosen = await buyersOf(userId, `ab${crypto.randomUUID().slice(0, 6)}`, 2);
    const blasted = await blastPost(client, deal.id, { buyerIds: chosen.map((buyer) => buyer.id) });
    expect(blasted.status).toBe(200);
    const fee = () => client.call(feeRoute, "POST", `/api/deals/${deal.id}/fee-received`, { amount: 20000 }, { params: { id: deal.id } });
    expect((await fee()).status).toBe(409);
    await db
      .update(deals)
      .set({ dispoStatus: "assigned" })
      .where(and(eq(deals.id, deal.id), eq(deals.userId, userId)));
    expect((await fee()).status).toBe(200);
    const words = (await pageOf(client)).rows.map((row) => row.words);
    expect(words.sort()).toEqual([
      "Pat Quinn recorded the assignment fee received: $20,000 — 123 Main St, Phoenix, AZ",
      "Pat Quinn sent a blast to 2 buyers — 123 Main St, Phoenix, AZ",
    ]);
  });

  it("keeps entries 13 months: the sweep deletes older ones", async () => {
    const founder = await registerClient("activity-prune");
    const at = (daysAgo: number) => ({
      userId: founder.userId,
      actorId: founder.userId,
      kind: "exported" as const,
      detail: { export: "leads" },
      createdAt: new Date(NOW.getTime() - daysAgo * DAY),
    });
    await db.insert(activityLog).values([at(30), at(365), at(400)]);
    const swept = await sweepExpired({ db, now: () => NOW });
    expect(swept.activityEntries).toBeGreaterThanOrEqual(1);
    const kept = (await entriesOf(founder.userId)).map((entry) => Math.round((NOW.getTime() - entry.createdAt.getTime()) / DAY));
    expect(kept).toEqual([30, 365]);
  });
});
