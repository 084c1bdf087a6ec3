import { useRouteLoaderData } from "@remix-run/react";

import type { WorkspaceRole } from "#db/enums.ts";
import { seesMoney } from "#app/domain/workspaces/redaction.ts";

type RootRole = { user: { role?: WorkspaceRole } | null };

/**
 * Whether the signed-in member's role shows deal numbers (the root loader's role): screens leave out the money
 * columns and the offer's controls for a role that has none, whose data the server has already emptied of them.
 */
export function useSeesMoney(): boolean {
  const role = (useRouteLoaderData("root") as RootRole | undefined)?.user?.role;
  return role === undefined || seesMoney(role);
}
