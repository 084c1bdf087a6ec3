// A workspace with members for the assignee tests: its owner and a member of each other role, signed in and working
// in it (added as the invitation's join adds them).
import { eq } from "drizzle-orm";

import type { WorkspaceRole } from "#db/enums.ts";
import { properties, sessions, workspaceMembers } from "#db/schema.ts";

import { registerClient, type SignedIn } from "./api-client.ts";
import { db } from "./db.ts";

export type Team = { owner: SignedIn } & Record<Exclude<WorkspaceRole, "owner">, SignedIn>;

/** `person` joins `workspaceId` as `role` and their session works in it. */
export async function join(workspaceId: string, person: SignedIn, role: WorkspaceRole) {
  await db.insert(workspaceMembers).values({ workspaceId, userId: person.userId, role, createdAt: new Date() });
  await db.update(sessions).set({ workspaceId }).where(eq(sessions.userId, person.userId));
}

export async function teamOf(prefix: string): Promise<Team> {
  const owner = await registerClient(`${prefix}-owner`);
  const team = { owner } as Team;
  for (const role of ["acquisitions", "dispo", "caller"] as const) {
    team[role] = await registerClient(`${prefix}-${role}`);
    await join(owner.userId, team[role], role);
  }
  return team;
}

export async function assigneeOf(propertyId: string) {
  const [row] = await db.select({ assignedTo: properties.assignedTo }).from(properties).where(eq(properties.id, propertyId));
  return row?.assignedTo;
}
