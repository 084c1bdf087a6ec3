import { Form } from "@remix-run/react";

import { WORKSPACE_ROLE_LABELS, WORKSPACE_ROLES, type WorkspaceRole } from "#db/enums.ts";
import { buttonClass } from "#app/components/ui/button.tsx";

export type TeamMember = { userId: string; email: string; name: string; role: WorkspaceRole };
export type TeamInvitation = { id: string; email: string; role: WorkspaceRole };

function RoleSelect({ name, value, label }: { name: string; value?: WorkspaceRole; label: string }) {
  return (
    <select
      name={name}
      defaultValue={value ?? "caller"}
      aria-label={label}
      className="rounded-md border border-slate-300 px-2 py-1 text-sm"
    >
      {WORKSPACE_ROLES.map((role) => (
        <option key={role} value={role}>
          {WORKSPACE_ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** The invite form: an email and a role, posted without JavaScript too. */
export function InviteForm({ errors }: { errors?: Record<string, string[] | undefined> }) {
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" aria-label="Invite a member">
      <input type="hidden" name="intent" value="invite" />
      <label className="flex flex-col text-sm">
        Email
        <input
          name="email"
          type="email"
          required
          className="rounded-md border border-slate-300 px-2 py-1"
          aria-invalid={Boolean(errors?.email)}
        />
        {errors?.email ? <span className="text-red-600">{errors.email[0]}</span> : null}
      </label>
      <RoleSelect name="role" label="Role" />
      <button type="submit" className={buttonClass("primary")}>
        Invite
      </button>
    </Form>
  );
}

/** One member's row: their role (changeable) and Remove. */
export function MemberRow({ member, isSelf }: { member: TeamMember; isSelf: boolean }) {
  return (
    <li className="flex flex-wrap items-center gap-3 py-2" data-testid="team-member">
      <span className="min-w-48 text-sm">
        {member.name} <span className="text-slate-500">({member.email})</span>
        {isSelf ? <span className="text-slate-500"> — you</span> : null}
      </span>
      <Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="userId" value={member.userId} />
        <RoleSelect name="role" value={member.role} label={`Role of ${member.email}`} />
        <button type="submit" className={buttonClass("secondary")}>
          Change role
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="userId" value={member.userId} />
        <button type="submit" className={buttonClass("ghost")}>
          {isSelf ? "Leave" : "Remove"}
        </button>
      </Form>
    </li>
  );
}

export function PendingInvitations({ invitations }: { invitations: TeamInvitation[] }) {
  if (invitations.length === 0) return null;
  return (
    <section>
      <h2 className="text-lg font-semibold text-slate-900">Invited</h2>
      <ul className="text-sm text-slate-700">
        {invitations.map((invitation) => (
          <li key={invitation.id}>
            {invitation.email} — {WORKSPACE_ROLE_LABELS[invitation.role]}
          </li>
        ))}
      </ul>
    </section>
  );
}
