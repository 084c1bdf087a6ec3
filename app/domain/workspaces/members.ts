import { z } from "zod";

import { WORKSPACE_ROLES } from "#db/enums.ts";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * How many invitations a workspace may send in any 24 hours, a resent one included: enough to staff a team in a day,
 * too few for the invitation email to be used to spam addresses from Breeze's sender.
 */
export const INVITATIONS_PER_DAY = 20;
export const INVITATION_WINDOW_MS = 24 * 60 * 60 * 1000;
export const INVITATIONS_THROTTLED = `This workspace has sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, the most it can; try again tomorrow.`;

export const INVITATION_USED = "This invitation was already used or does not exist.";
export const INVITATION_EXPIRED = "This invitation has expired. Ask the workspace's owner for a new one.";
export const INVITATION_WRONG_EMAIL = "This invitation was sent to another email address. Sign in with that address to join.";
export const LAST_OWNER = "A workspace keeps at least one owner: make another member owner first.";
export const MEMBER_NOT_FOUND = "That person is not a member of this workspace.";
export const NOT_A_MEMBER = "You are not a member of that workspace.";

export const InviteSchema = z.object({
  email: z.string().trim().toLowerCase().email("Invalid email address").max(254),
  role: z.enum(WORKSPACE_ROLES, { message: "Choose a role" }),
});
export const ChangeRoleSchema = z.object({ userId: z.string().min(1).max(64), role: z.enum(WORKSPACE_ROLES) });
export const RemoveSchema = z.object({ userId: z.string().min(1).max(64) });
export const SwitchSchema = z.object({ workspaceId: z.string().min(1).max(64) });
export const TokenSchema = z.string().regex(/^[a-z2-7]{32}$/);
