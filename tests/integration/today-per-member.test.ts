// Today per member: a member's Today holds the tasks of the leads assigned to them (a sequence's call and text steps
// follow the lead to its assignee); the owner switches to everyone's or one member's with `?member=`, which anyone
// else cannot; a single-person account's Today shows no team controls at all. Its way back is to a page the member's
// role may open.
import { describe, expect, it } from "vitest";

import { EVERYONE } from "#app/domain/leads/assignee.ts";
import { action as propertySequence } from "#app/routes/api.properties.$id.sequence.ts";
import { loader as todayApi } from "#app/routes/api.tasks.today.ts";
import * as today from "#app/routes/today.tsx";

import { registerClient, type Handler, type SignedIn } from "./api-client.ts";
import { addLead, documentOf, pageOf, teamOf } from "./team-fixture.ts";

type Page = Awaited<ReturnType<typeof today.loader>>;

/** A lead of `who`'s workspace with a phone and a running sequence (its first step due today); answers its id. */
async function leadWithSequence(who: SignedIn) {
  const id = await addLead(who, { ownerName: "Dana Seller", ownerPhone: "(602) 555-0199" });
  const started = await who.client.call(propertySequence as Handler, "POST", "/", { action: "start" }, { params: { id } });
  expect(started.status).toBe(201);
  return id;
}

const ROLES = ["owner", "acquisitions", "dispo", "caller"] as const;

const todayOf = (who: SignedIn, query = "") => who.client.load<Page>(today.loader as Handler, `/today${query}`);
const leadsOf = (page: Page) => [...new Set(page.tasks.map((task) => task.propertyId))].sort();

describe("Today per member", () => {
  it("shows each member the tasks of their leads; the owner everyone's or one member's; the tasks follow a reassigned lead", async () => {
    const { owner, caller, acquisitions } = await teamOf("today-member");
    const ownerLead = await leadWithSequence(owner);
    const callerLead = await leadWithSequence(owner);
    const moved = await owner.client.send(today.action as Handler, "POST", "/today", {
      form: { intent: "reassign", propertyId: callerLead, assignedTo: caller.userId },
    });
    expect(moved.status).toBe(302);

    const mine = await todayOf(owner);
    expect(leadsOf(mine)).toEqual([ownerLead]);
    expect(mine.team.filter?.selected).toBe("");
    expect(mine.team.filter?.members.map((member) => member.userId)).toContain(caller.userId);
    expect(mine.team.assign?.assignees).toEqual({ [ownerLead]: owner.userId });

    const everyone = await todayOf(owner, `?member=${EVERYONE}`);
    expect(leadsOf(everyone)).toEqual([ownerLead, callerLead].sort());
    expect(everyone.team.filter?.selected).toBe(EVERYONE);
    const callers = await todayOf(owner, `?member=${caller.userId}`);
    expect(leadsOf(callers)).toEqual([callerLead]);

    // The caller works their own Today; asking for everyone's (or the owner's) still shows their own, with no controls.
    for (const query of ["", `?member=${EVERYONE}`, `?member=${owner.userId}`]) {
      const theirs = await todayOf(caller, query);
      expect(leadsOf(theirs), query).toEqual([callerLead]);
      expect(theirs.team).toEqual({ filter: null, assign: null });
    }
    const api = await caller.client.call(todayApi as Handler, "GET", "/api/tasks/today");
    expect((api.body as unknown as { propertyId: string }[]).map((task) => task.propertyId)).toEqual([callerLead]);

    // Acquisitions may reassign but sees only their own Today.
    const acq = await todayOf(acquisitions, `?member=${EVERYONE}`);
    expect(acq.tasks).toEqual([]);
    expect(acq.team.filter).toBeNull();
    expect(acq.team.assign?.members.length).toBe(4);

    // Reassigned back to the owner, the lead's steps leave the caller's Today for the owner's.
    const back = await acquisitions.client.send(today.action as Handler, "POST", "/today", {
      form: { intent: "reassign", propertyId: callerLead, assignedTo: owner.userId },
    });
    expect(back.status).toBe(302);
    expect((await todayOf(caller)).tasks).toEqual([]);
    expect(leadsOf(await todayOf(owner))).toEqual([ownerLead, callerLead].sort());
  });

  it("links back only to a page the member's role may open: the Dashboard, or the CRM for a caller", async () => {
    const team = await teamOf("today-back");
    const expected = { owner: "Dashboard", acquisitions: "Dashboard", dispo: "Dashboard", caller: "CRM" };
    const links = new Map<string, { to: string; label: string }>();
    for (const role of ROLES) {
      const who = team[role];
      const html = await pageOf(who, "/today");
      const [, href, label] = /<a [^>]*href="([^"]*)"[^>]*><span aria-hidden="true">←<\/span> (Back to [^<]*)<\/a>/.exec(html) ?? [];
      const target = (href ?? "").replaceAll("&amp;", "&");
      // Where the link leads answers the member's role, not a refusal; then it is the page expected for that role.
      const answer = await documentOf(who, target);
      expect(answer.status, `${role}: ${target}`).toBe(200);
      expect(label, role).toBe(`Back to ${expected[role]}`);
      links.set(role, { to: target, label });
    }
    // The page's data names the same link.
    for (const role of ROLES) expect((await todayOf(team[role])).back, role).toEqual(links.get(role));
  });

  it("shows a single-person account its tasks as before, with no team controls", async () => {
    const solo = await registerClient("today-solo");
    const lead = await leadWithSequence(solo);
    const page = await todayOf(solo, `?member=${EVERYONE}`);
    expect(leadsOf(page)).toEqual([lead]);
    expect(page.team).toEqual({ filter: null, assign: null });
  });
});
