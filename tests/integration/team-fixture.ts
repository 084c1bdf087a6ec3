// A workspace with members, as the team tests share it: its owner and a member of each other role, signed in and
// working in it (added as the invitation's join adds them, or by the emailed invitation itself); its leads, added
// through the API; and its pages as Remix renders them for the browser.
import { createRequestHandler } from "@remix-run/cloudflare";
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";

import type { WorkspaceRole } from "#db/enums.ts";
import { emailOutbox, properties, sessions, workspaceMembers } from "#db/schema.ts";
import * as root from "#app/root.tsx";
import * as index from "#app/routes/_index.tsx";
import * as propertiesApi from "#app/routes/api.properties.ts";
import * as join from "#app/routes/team_.join.tsx";
import * as team from "#app/routes/team.tsx";
import * as today from "#app/routes/today.tsx";

import { registerClient, type ApiClient, type Handler, type SignedIn } from "./api-client.ts";
import { db } from "./db.ts";
import { routeBuild } from "./remix-build.ts";

export type Team = { owner: SignedIn } & Record<Exclude<WorkspaceRole, "owner">, SignedIn>;

/** `person` joins `workspaceId` as `role` and their session works in it. */
export async function joinAs(workspaceId: string, person: SignedIn, role: WorkspaceRole) {
  await db.insert(workspaceMembers).values({ workspaceId, userId: person.userId, role, createdAt: new Date() });
  await db.update(sessions).set({ workspaceId }).where(eq(sessions.userId, person.userId));
}

export async function teamOf(prefix: string): Promise<Team> {
  const owner = await registerClient(`${prefix}-owner`);
  const members = { owner } as Team;
  for (const role of ["acquisitions", "dispo", "caller"] as const) {
    members[role] = await registerClient(`${prefix}-${role}`);
    await joinAs(owner.userId, members[role], role);
  }
  return members;
}

/**
 * `person` joins `owner`'s workspace as `role` the way people do: the owner invites them on /team, and they post the
 * token of the emailed link. Answers the join's response (a redirect with its toast).
 */
export async function joinByInvitation(owner: ApiClient, person: { client: ApiClient; email: string }, role: string) {
  const invited = await owner.send(team.action, "POST", "/team", { form: { intent: "invite", email: person.email, role } });
  expect(invited.status).toBe(302);
  const [sent] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, person.email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /\/team\/join\?token=([a-z2-7]{32})/.exec(sent.textBody)?.[1];
  expect(token).toBeTruthy();
  const joined = await person.client.send(join.action, "POST", "/team/join", { form: { token: token! } });
  expect(joined.status).toBe(302);
  return joined;
}

export async function assigneeOf(propertyId: string) {
  const [row] = await db.select({ assignedTo: properties.assignedTo }).from(properties).where(eq(properties.id, propertyId));
  return row?.assignedTo;
}

let house = 200;
/** A lead added by `who` through POST /api/properties, at an address of its own (with `fields` beside); answers its id. */
export async function addLead(who: SignedIn, fields: Record<string, string> = {}) {
  house += 1;
  const answer = await who.client.call(propertiesApi.action as Handler, "POST", "/api/properties", {
    address: `${house} W Team Rd`,
    city: "Phoenix",
    state: "AZ",
    zipCode: "85004",
    ...fields,
  });
  expect(answer.status).toBe(201);
  return String(answer.body.id);
}

const remix = createRequestHandler(
  routeBuild({
    root: { path: "", module: root },
    "routes/_index": { index: true, module: index },
    "routes/today": { path: "today", module: today },
  }),
);

/** A page (the shell's sections or Today) as `who`'s browser gets it: Remix's document render, with its status. */
export const documentOf = (who: SignedIn, path: string) => remix(who.client.request("GET", path), who.client.requestContext());

/** The page's HTML, which must answer 200; React's text separators (`<!-- -->`) left out. */
export async function pageOf(who: SignedIn, path: string) {
  const response = await documentOf(who, path);
  expect(response.status, path).toBe(200);
  return (await response.text()).replaceAll("<!-- -->", "");
}
