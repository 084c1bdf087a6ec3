/**
 * Today's way back: the Dashboard for a role that may open it, else the CRM (a caller works its leads), else none.
 * Picked by the role policy, so the link never leads to a 403.
 */
import type { WorkspaceRole } from "#db/enums.ts";
import { firstOpenLink, type AppLink } from "#app/domain/workspaces/roles.ts";

const TODAY_BACK_LINKS: readonly AppLink[] = [
  { to: "/?section=dashboard", label: "Back to Dashboard" },
  { to: "/?section=crm", label: "Back to CRM" },
];

export const todayBackLink = (role: WorkspaceRole): AppLink | null => firstOpenLink(role, TODAY_BACK_LINKS);
