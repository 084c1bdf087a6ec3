/**
 * Who works a lead: its assignee, a current member of the workspace. A lead's Today tasks (its sequence's call and
 * text steps among them) are its assignee's; owners see everyone's Today and, with Acquisitions, reassign leads.
 */
import { z } from "zod";

/** The workspace a lead belongs to and the member a new lead is assigned to: the person who creates it. */
export type LeadOwner = { workspaceId: string; memberId: string };
export const leadOwnerOf = (session: { workspaceId: string; user: { id: string } }): LeadOwner => ({
  workspaceId: session.workspaceId,
  memberId: session.user.id,
});

/** A member as an assignee select lists them. */
export type AssigneeOption = { userId: string; name: string };

export const ASSIGNEE_NOT_MEMBER = "Choose a member of this workspace.";
export const ASSIGNEE_LEAD_NOT_FOUND = "Lead not found";
export const REASSIGNED = "Lead reassigned";

const memberId = z.string().trim().min(1, ASSIGNEE_NOT_MEMBER).max(64, ASSIGNEE_NOT_MEMBER);

/** The reassign form: the lead (its property id) and the member it goes to. */
export const ReassignSchema = z.object({
  propertyId: z.string().trim().min(1).max(64),
  assignedTo: memberId,
});

/** Today's member filter (`?member=`): everyone's tasks, or one member's. */
export const EVERYONE = "everyone";
export type TodayMember = { kind: "self" } | { kind: "everyone" } | { kind: "member"; userId: string };

/** What `?member=` asks for; anything unreadable is the signed-in member's own Today. */
export function todayMemberOf(params: URLSearchParams): TodayMember {
  const value = params.get("member");
  if (value === EVERYONE) return { kind: "everyone" };
  const parsed = memberId.safeParse(value);
  return parsed.success ? { kind: "member", userId: parsed.data } : { kind: "self" };
}

/** The filter a member may use: only who may see everyone's Today chooses another member or everyone. */
export function allowedTodayMember(asked: TodayMember, seesEveryone: boolean): TodayMember {
  return seesEveryone ? asked : { kind: "self" };
}

export const sameTodayMember = (a: TodayMember, b: TodayMember) =>
  a.kind === b.kind && (a.kind !== "member" || (b.kind === "member" && a.userId === b.userId));
