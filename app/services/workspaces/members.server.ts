/**
 * A workspace's people: invitations (emailed, single use, hashed like a password-reset link), joining, roles,
 * removal and switching the workspace a session works in. The role policy lets only owners reach the first ones.
 */
import { and, eq, gt, isNull, ne, sql, type SQL } from "drizzle-orm";

import type { WorkspaceRole } from "#db/enums.ts";
import { sessions, workspaceInvitations, workspaceMembers, workspaces } from "#db/schema.ts";
import {
  INVITATION_EXPIRED,
  INVITATION_TTL_MS,
  INVITATION_USED,
  INVITATION_WINDOW_MS,
  INVITATION_WRONG_EMAIL,
  INVITATIONS_PER_DAY,
  INVITATIONS_THROTTLED,
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  NOT_A_MEMBER,
} from "#app/domain/workspaces/members.ts";
import { generateToken, hashToken, type ValidSession } from "#app/services/accounts/session.server.ts";
import { activityEntryWhen } from "#app/services/activity/activity-log.server.ts";
import type { ServiceContext } from "#app/services/context.server.ts";
import { handOverLeads } from "#app/services/leads/assignee.server.ts";
import { insertWhen } from "#app/services/platform/insert-when.server.ts";
import { membersWithNames } from "#app/services/workspaces/roster.server.ts";

type Outcome = { ok: true } | { ok: false; status: number; message: string };
const refused = (status: number, message: string): Outcome => ({ ok: false, status, message });

/** The workspace's members (with their names) and its open invitations, in one batch. */
export async function listMembers(context: ServiceContext<"db" | "now">, workspaceId: string) {
  const { db } = context;
  const [members, invitations] = await db.batch([
    membersWithNames(context, workspaceId),
    db
      .select({
        id: workspaceInvitations.id,
        email: workspaceInvitations.email,
        role: workspaceInvitations.role,
        expiresAt: workspaceInvitations.expiresAt,
      })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          isNull(workspaceInvitations.usedAt),
          gt(workspaceInvitations.expiresAt, context.now()),
        ),
      )
      .orderBy(workspaceInvitations.createdAt),
  ]);
  return { members, invitations };
}

/**
 * Emails an invitation to join the session's workspace as `role`; the link works once, for 7 days. At most
 * INVITATIONS_PER_DAY are sent per workspace in any 24 hours: the row is written only while the count allows it, in
 * the statement itself, so parallel invitations cannot pass the limit together; a refused one writes and sends nothing.
 */
export async function inviteMember(
  context: ServiceContext<"db" | "now" | "config" | "providers">,
  session: ValidSession,
  input: { email: string; role: WorkspaceRole },
): Promise<Outcome> {
  const now = context.now();
  const token = generateToken();
  const since = new Date(now.getTime() - INVITATION_WINDOW_MS);
  const sentToday = sql`(select count(*) from ${workspaceInvitations} where ${workspaceInvitations.workspaceId} = ${session.workspaceId} and ${workspaceInvitations.createdAt} > ${since.getTime()})`;
  const underLimit = sql`${sentToday} < ${INVITATIONS_PER_DAY}`;
  const entry = {
    workspaceId: session.workspaceId,
    actorId: session.user.id,
    kind: "member_invited" as const,
    detail: { email: input.email, role: input.role },
  };
  // The member's entry first, under the invitation's own condition: it lands exactly when the invitation does.
  const [, written] = await context.db.batch([
    activityEntryWhen(context, entry, underLimit),
    insertWhen(
      context,
      workspaceInvitations,
      {
        workspaceId: session.workspaceId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedBy: session.user.id,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        createdAt: now,
      },
      underLimit,
    ).returning({ id: workspaceInvitations.id }),
  ]);
  if (written.length === 0) return refused(429, INVITATIONS_THROTTLED);
  const workspace = session.memberships.find((membership) => membership.workspaceId === session.workspaceId)?.name ?? "a workspace";
  const link = new URL(`/team/join?token=${token}`, context.config.APP_ORIGIN).toString();
  await context.providers.email.send({
    to: input.email,
    subject: `You are invited to ${workspace} on Breeze`,
    text: `You are invited to join ${workspace} on Breeze.\n\nOpen this link, then sign up or sign in with this email address to join. It expires in 7 days and works once:\n${link}\n\nIf you did not expect it, ignore this email.`,
  });
  return { ok: true };
}

/**
 * Joins the invitation's workspace: the link must be unused, unexpired and sent to the signed-in person's address.
 * The invitation is claimed by the statement that marks it used, so two clicks of one link join once; the session then
 * works in the joined workspace.
 */
export async function acceptInvitation(context: ServiceContext<"db" | "now">, session: ValidSession, token: string): Promise<Outcome> {
  const { db } = context;
  const now = context.now();
  const tokenHash = hashToken(token);
  const row = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.tokenHash, tokenHash)).get();
  if (!row || row.usedAt) return refused(400, INVITATION_USED);
  if (row.expiresAt.getTime() <= now.getTime()) return refused(400, INVITATION_EXPIRED);
  if (row.email !== session.user.email) return refused(403, INVITATION_WRONG_EMAIL);
  const [claimed] = await db
    .update(workspaceInvitations)
    .set({ usedAt: now })
    .where(and(eq(workspaceInvitations.id, row.id), isNull(workspaceInvitations.usedAt)))
    .returning({ id: workspaceInvitations.id });
  if (!claimed) return refused(400, INVITATION_USED);
  await db.batch([
    db
      .insert(workspaceMembers)
      .values({ workspaceId: row.workspaceId, userId: session.user.id, role: row.role, createdAt: now })
      .onConflictDoNothing(),
    db.update(sessions).set({ workspaceId: row.workspaceId }).where(eq(sessions.sid, session.sid)),
  ]);
  return { ok: true };
}

/** Owners in the workspace other than `userId`: the guard that keeps one owner at least. */
const otherOwners = (workspaceId: string, userId: string) =>
  sql`(select count(*) from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.role} = 'owner' and ${workspaceMembers.userId} <> ${userId}) > 0`;

/** The member's row in the workspace, where `guard` holds: the condition of a role change or a removal. */
const memberWhere = (input: { workspaceId: string; userId: string }, guard: SQL) =>
  and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, input.userId), guard)!;
const memberExists = (where: SQL) => sql`exists (select 1 from ${workspaceMembers} where ${where})`;

/**
 * A member's new role; the last owner cannot be demoted (one guarded statement, so two demotions cannot race past it).
 * The activity entry goes first in the batch under the change's own condition, so it is written exactly when the change is.
 */
export async function changeRole(
  context: ServiceContext<"db" | "now">,
  input: { workspaceId: string; userId: string; role: WorkspaceRole; actorId: string },
): Promise<Outcome> {
  const { db } = context;
  const keepsOwner = input.role === "owner" ? sql`1` : otherOwners(input.workspaceId, input.userId);
  const where = memberWhere(input, keepsOwner);
  const entry = { workspaceId: input.workspaceId, actorId: input.actorId, memberId: input.userId, detail: { role: input.role } };
  const [, [changed]] = await db.batch([
    activityEntryWhen(context, { ...entry, kind: "member_role_changed" }, memberExists(where)),
    db.update(workspaceMembers).set({ role: input.role }).where(where).returning({ userId: workspaceMembers.userId }),
  ]);
  if (changed) return { ok: true };
  return (await isMember(context, input)) ? refused(409, LAST_OWNER) : refused(404, MEMBER_NOT_FOUND);
}

/** The longest-standing owner other than `userId`: who takes over the leads of an owner who leaves. */
const anotherOwner = (workspaceId: string, userId: string) =>
  sql`(select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.role} = 'owner' and ${workspaceMembers.userId} <> ${userId} order by ${workspaceMembers.createdAt} limit 1)`;

/**
 * Removes a member (or lets one leave, `actorId` being themselves): their sessions in this workspace end and their leads go
 * to the owner who removed them (another owner when they left) in the same batch. The last owner cannot be removed or
 * leave.
 */
export async function removeMember(
  context: ServiceContext<"db" | "now">,
  input: { workspaceId: string; userId: string; actorId: string },
): Promise<Outcome> {
  const { db } = context;
  const to = input.actorId === input.userId ? anotherOwner(input.workspaceId, input.userId) : input.actorId;
  const where = memberWhere(input, sql`(${workspaceMembers.role} <> 'owner' or ${otherOwners(input.workspaceId, input.userId)})`);
  const entry = { workspaceId: input.workspaceId, actorId: input.actorId, memberId: input.userId, kind: "member_removed" as const };
  const [, removed] = await db.batch([
    activityEntryWhen(context, entry, memberExists(where)),
    db.delete(workspaceMembers).where(where).returning({ userId: workspaceMembers.userId }),
    db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, input.userId),
          eq(sessions.workspaceId, input.workspaceId),
          sql`not exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${input.workspaceId} and ${workspaceMembers.userId} = ${input.userId})`,
        ),
      ),
    handOverLeads(context, { workspaceId: input.workspaceId, userId: input.userId, to }),
  ]);
  if (removed.length > 0) return { ok: true };
  return (await isMember(context, input)) ? refused(409, LAST_OWNER) : refused(404, MEMBER_NOT_FOUND);
}

async function isMember(context: ServiceContext<"db">, input: { workspaceId: string; userId: string }) {
  const row = await context.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, input.workspaceId), eq(workspaceMembers.userId, input.userId)))
    .get();
  return Boolean(row);
}

/** The session works in `workspaceId` from now on, if its person belongs to it. */
export async function switchWorkspace(context: ServiceContext<"db">, session: ValidSession, workspaceId: string): Promise<Outcome> {
  const { db } = context;
  const [switched] = await db
    .update(sessions)
    .set({ workspaceId })
    .where(
      and(
        eq(sessions.sid, session.sid),
        sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.userId} = ${session.user.id})`,
      ),
    )
    .returning({ sid: sessions.sid });
  return switched ? { ok: true } : refused(404, NOT_A_MEMBER);
}

/** The workspace's name, for the join page. */
export async function invitationWorkspace(context: ServiceContext<"db">, token: string) {
  const row = await context.db
    .select({ name: workspaces.name, email: workspaceInvitations.email })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(
      and(eq(workspaceInvitations.tokenHash, hashToken(token)), isNull(workspaceInvitations.usedAt), ne(workspaceInvitations.email, "")),
    )
    .get();
  return row ?? null;
}
