import { workspaceMembers, workspaces } from "#db/schema.ts";
import type { ServiceContext } from "#app/services/context.server.ts";

/**
 * The statements that give a new person a workspace of their own, with them as its owner: written in the batch that
 * creates the user, after its insert, so no account ever exists without one. The workspace's id is the person's id,
 * which is what their business rows' `user_id` holds (docs/decisions/113-workspaces.md).
 */
export function foundWorkspace(context: ServiceContext<"db">, founder: { userId: string; name: string }) {
  const { db } = context;
  return [
    db.insert(workspaces).values({ id: founder.userId, name: founder.name.trim().slice(0, 120) || "My workspace" }),
    db.insert(workspaceMembers).values({ workspaceId: founder.userId, userId: founder.userId, role: "owner" }),
  ] as const;
}
