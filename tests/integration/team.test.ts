import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { emailOutbox } from "#db/schema.ts";
import { INVITATION_EXPIRED, INVITATION_USED, INVITATION_WRONG_EMAIL, LAST_OWNER, NOT_A_MEMBER } from "#app/domain/workspaces/members.ts";
import * as properties from "#app/routes/api.properties.ts";
import * as join from "#app/routes/team_.join.tsx";
import * as team from "#app/routes/team.tsx";
import * as switcher from "#app/routes/workspace.switch.tsx";
import { getSession } from "#app/services/accounts/auth.server.ts";
import { registerClient, toastOf, type ApiClient } from "#tests/integration/api-client.ts";
import { db } from "#tests/integration/db.ts";

const DAY = 24 * 60 * 60 * 1000;

async function sessionOf(client: ApiClient) {
  return getSession(client.request("GET", "/"), client.requestContext());
}

/** The owner invites `email` as `role`; answers the token of the link the email carries. */
async function invite(owner: ApiClient, email: string, role = "caller") {
  const answer = await owner.send(team.action, "POST", "/team", { form: { intent: "invite", email, role } });
  expect(answer.status).toBe(302);
  expect(toastOf(answer)?.title).toBe("Invitation sent");
  const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const token = /\/team\/join\?token=([a-z2-7]{32})/.exec(sent.textBody)?.[1];
  if (!token) throw new Error("no invitation link in the email");
  return token;
}

async function accept(client: ApiClient, token: string) {
  const answer = await client.send(join.action, "POST", "/team/join", { form: { token } });
  expect(answer.status).toBe(302);
  return toastOf(answer);
}

describe("workspaces and their members", () => {
  it("gives a new sign-up a workspace of their own, as its owner", async () => {
    const { client, userId } = await registerClient("team-new");
    const session = await sessionOf(client);
    expect(session).toMatchObject({ workspaceId: userId, role: "owner" });
    expect(session?.memberships).toEqual([{ workspaceId: userId, name: "Quinn Home Buyers LLC", role: "owner" }]);
  });

  it("lets an invited caller join by the emailed link and work on the workspace's own leads", async () => {
    const owner = await registerClient("team-owner");
    const lead = await owner.client.call(properties.action, "POST", "/api/properties", {
      address: "4127 N 38th St",
      city: "Phoenix",
      state: "AZ",
      zipCode: "85018",
    });
    expect(lead.status).toBe(201);
    const invitee = await registerClient("team-caller");
    const token = await invite(owner.client, invitee.email);
    const page = await invitee.client.send(join.loader, "GET", `/team/join?token=${token}`);
    expect(JSON.stringify(await page.json())).toContain("Quinn Home Buyers LLC");

    expect((await accept(invitee.client, token))?.title).toBe("Welcome to the team");
    expect(await sessionOf(invitee.client)).toMatchObject({ workspaceId: owner.userId, role: "caller" });
    const leads = await invitee.client.call(properties.loader, "GET", "/api/properties");
    expect(JSON.stringify(leads.body)).toContain("4127 N 38th St");
    const members = await owner.client.send(team.loader, "GET", "/team");
    expect(JSON.stringify(await members.json())).toContain(invitee.email);
  });

  it("refuses a reused, an expired and a wrong-email invitation, joining no one", async () => {
    const owner = await registerClient("team-refusals");
    const invitee = await registerClient("team-invitee");
    const token = await invite(owner.client, invitee.email);
    const stranger = await registerClient("team-stranger");
    expect((await accept(stranger.client, token))?.description).toBe(INVITATION_WRONG_EMAIL);
    expect(await sessionOf(stranger.client)).toMatchObject({ workspaceId: stranger.userId });

    // An invitation sent 8 days ago: the owner's clock set back when it was sent.
    const today = owner.client.context;
    owner.client.context = { ...today, now: () => new Date(Date.now() - 8 * DAY) };
    const expiredToken = await invite(owner.client, invitee.email);
    owner.client.context = today;
    expect((await accept(invitee.client, expiredToken))?.description).toBe(INVITATION_EXPIRED);

    expect((await accept(invitee.client, token))?.title).toBe("Welcome to the team");
    expect((await accept(invitee.client, token))?.description).toBe(INVITATION_USED);
  });

  it("ends a removed member's sessions in that workspace at once", async () => {
    const owner = await registerClient("team-remove");
    const member = await registerClient("team-removed");
    await accept(member.client, await invite(owner.client, member.email, "acquisitions"));
    expect((await member.client.call(properties.loader, "GET", "/api/properties")).status).toBe(200);

    const removed = await owner.client.send(team.action, "POST", "/team", { form: { intent: "remove", userId: member.userId } });
    expect(toastOf(removed)?.title).toBe("Member removed");
    expect(await sessionOf(member.client)).toBeNull();
    expect((await member.client.call(properties.loader, "GET", "/api/properties")).status).toBe(401);
  });

  it("keeps the last owner: they can neither be demoted nor leave, until another member is owner", async () => {
    const owner = await registerClient("team-last");
    const demote = await owner.client.send(team.action, "POST", "/team", {
      form: { intent: "role", userId: owner.userId, role: "caller" },
    });
    expect(toastOf(demote)?.description).toBe(LAST_OWNER);
    const leave = await owner.client.send(team.action, "POST", "/team", { form: { intent: "remove", userId: owner.userId } });
    expect(toastOf(leave)?.description).toBe(LAST_OWNER);
    expect(await sessionOf(owner.client)).toMatchObject({ role: "owner" });

    const partner = await registerClient("team-partner");
    await accept(partner.client, await invite(owner.client, partner.email, "owner"));
    const stepDown = await owner.client.send(team.action, "POST", "/team", {
      form: { intent: "role", userId: owner.userId, role: "dispo" },
    });
    expect(toastOf(stepDown)?.title).toBe("Role changed");
    expect(await sessionOf(owner.client)).toMatchObject({ role: "dispo" });
  });

  it("switches the session between the person's workspaces, never into another's", async () => {
    const owner = await registerClient("team-switch");
    const member = await registerClient("team-switcher");
    await accept(member.client, await invite(owner.client, member.email, "dispo"));
    const back = await member.client.send(switcher.action, "POST", "/workspace/switch", { form: { workspaceId: member.userId } });
    expect(toastOf(back)?.title).toBe("Workspace switched");
    expect(await sessionOf(member.client)).toMatchObject({ workspaceId: member.userId, role: "owner" });

    const stranger = await registerClient("team-outsider");
    const refused = await member.client.send(switcher.action, "POST", "/workspace/switch", { form: { workspaceId: stranger.userId } });
    expect(toastOf(refused)?.description).toBe(NOT_A_MEMBER);
    expect(await sessionOf(member.client)).toMatchObject({ workspaceId: member.userId });
  });

  it("closes /team to every role but owner, with a 403 in words", async () => {
    const owner = await registerClient("team-closed");
    const member = await registerClient("team-caller-closed");
    await accept(member.client, await invite(owner.client, member.email, "caller"));
    const answer = await member.client.send(team.loader, "GET", "/team");
    expect(answer.status).toBe(403);
    expect(await answer.text()).toMatch(/^As Caller in this workspace you cannot use managing the workspace's members/);
  });
});
