/**
 * Who spends in a workspace: the member acting in this request. Paid services are handed the workspace to charge;
 * the person is the one whose session works in that workspace, read from the request's own session lookup (the one
 * the route's guard already made), so every paid service meters the right member without being handed them.
 */
import type { ServiceContext } from "#app/services/context.server.ts";

/** The workspace charged and the member whose own cap and ledger rows the spend counts toward. */
export type Spender = { workspaceId: string; memberId: string };

/**
 * The signed-in member acting for `workspaceId` in this request, else the workspace's founder (its id is theirs): work
 * no one signed in for — a scheduled run, a sweep — is the workspace's own.
 */
export async function actingMember(context: Partial<ServiceContext<"sessionLookups">>, workspaceId: string): Promise<string> {
  for (const lookup of context.sessionLookups?.values() ?? []) {
    lookup.send();
    const session = await lookup.session.catch(() => null);
    if (session?.workspaceId === workspaceId) return session.user.id;
  }
  return workspaceId;
}
