import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { PageError } from "#app/components/shell/route-error.tsx";
import { MemberCaps } from "#app/components/usage/member-caps.tsx";
import { MemberLimitsSection, type MemberLimitErrors } from "#app/components/usage/member-limits.tsx";
import { InviteForm, MemberRow, PendingInvitations } from "#app/components/workspaces/team-view.tsx";
import { MemberLimitsSchema } from "#app/domain/usage/member-limits.ts";
import { MemberCapSchema } from "#app/domain/usage/usage-forms.ts";
import { ChangeRoleSchema, InviteSchema, RemoveSchema } from "#app/domain/workspaces/members.ts";
import { requireUser } from "#app/services/accounts/auth.server.ts";
import { allowMethods, fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { memberLimits, setMemberLimits } from "#app/services/usage/member-limits.server.ts";
import { memberCaps, setMemberCap } from "#app/services/usage/member-spend.server.ts";
import { changeRole, inviteMember, listMembers, removeMember } from "#app/services/workspaces/members.server.ts";

export const meta: MetaFunction = () => [{ title: "Team — Breeze" }];

const PAGE = "/team";

/** The workspace's members and open invitations: owners only (the role policy refuses everyone else). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context);
  const [{ members, invitations }, caps, limits] = await Promise.all([
    listMembers(context, session.workspaceId),
    memberCaps(context, session.workspaceId),
    memberLimits(context, session.workspaceId),
  ]);
  return { members, invitations, caps, limits, self: session.user.id };
}

/** Invite, change a role, remove (or leave): each a form that works without JavaScript and answers with a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  allowMethods(request, ["POST"]);
  const session = await requireUser(request, context);
  const form = Object.fromEntries(await readFormData(request));
  const workspaceId = session.workspaceId;
  if (form.intent === "invite") {
    const parsed = InviteSchema.safeParse(form);
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error.issues) }, { status: 400 });
    const sent = await inviteMember(context, session, parsed.data);
    if (!sent.ok) return data({ errors: { form: [sent.message] } }, { status: sent.status });
    return redirectWithToast(PAGE, {
      title: "Invitation sent",
      description: `We emailed ${parsed.data.email} a link to join.`,
      variant: "success",
    });
  }
  if (form.intent === "cap") {
    const cap = MemberCapSchema.safeParse(form);
    if (!cap.success) return data({ errors: fieldErrors(cap.error.issues), capFor: String(form.userId ?? "") }, { status: 400 });
    const set = await setMemberCap(context, { workspaceId, memberId: cap.data.userId, capCents: cap.data.monthlyCap ?? null });
    if (!set.ok) return data({ errors: { form: [set.message] } }, { status: set.status });
    return redirectWithToast(PAGE, {
      title: "Spending cap saved",
      description: cap.data.monthlyCap === undefined ? "No member cap: the workspace's cap holds." : "The member's cap applies at once.",
      variant: "success",
    });
  }
  if (form.intent === "limits") return saveLimits(context, { workspaceId, form });
  const parsed = RemoveSchema.safeParse(form);
  const role = ChangeRoleSchema.safeParse(form);
  if (!parsed.success || (form.intent === "role" ? !role.success : form.intent !== "remove"))
    return data({ errors: { form: ["Choose a member and what to do."] } }, { status: 400 });
  const userId = parsed.data.userId;
  const outcome =
    role.success && form.intent === "role"
      ? await changeRole(context, { workspaceId, userId, role: role.data.role, actorId: session.user.id })
      : await removeMember(context, { workspaceId, userId, actorId: session.user.id });
  if (!outcome.ok) return redirectWithToast(PAGE, { title: "Not changed", description: outcome.message, variant: "error" });
  const leaving = form.intent === "remove" && userId === session.user.id;
  return redirectWithToast(leaving ? "/" : PAGE, {
    title: form.intent === "role" ? "Role changed" : leaving ? "You left the workspace" : "Member removed",
    description: form.intent === "role" ? "The new role applies at once." : "Their access ended at once.",
    variant: "success",
  });
}

/** One member's usage limits: field errors (with what was typed) and nothing written, a 404 for a non-member. */
async function saveLimits(
  context: ActionFunctionArgs["context"],
  input: { workspaceId: string; form: Record<string, FormDataEntryValue> },
) {
  const { workspaceId, form } = input;
  const limits = MemberLimitsSchema.safeParse(form);
  if (!limits.success) {
    const values: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) values[key] = typeof value === "string" ? value : "";
    return data({ errors: fieldErrors(limits.error.issues), limitsFor: String(form.userId ?? ""), values }, { status: 400 });
  }
  const set = await setMemberLimits(context, { workspaceId, memberId: limits.data.userId, limits: limits.data.limits });
  if (!set.ok) return data({ errors: { form: [set.message] } }, { status: set.status });
  return redirectWithToast(PAGE, { title: "Usage limits saved", description: "The member's limits apply at once.", variant: "success" });
}

/** /team: who works in this workspace, as what; invitations by email. */
export default function TeamPage() {
  const { members, invitations, caps, limits, self } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Team</h1>
        <p className="text-sm text-slate-600">
          Invite people to work in this workspace. Owners manage members and spending; Acquisitions works leads, offers and mailing; Dispo
          works buyers and deals under contract; a Caller works Today, calls, notes and messages.
        </p>
        <p className="mt-2 text-sm">
          <Link to="/team/activity" className="text-sky-700 underline">
            Activity log
          </Link>{" "}
          — who did what in this workspace.
        </p>
      </div>
      {answer && "form" in answer.errors ? <p className="text-sm text-red-600">{answer.errors.form?.[0]}</p> : null}
      <InviteForm errors={answer?.errors} />
      <section>
        <h2 className="text-lg font-semibold text-slate-900">Members</h2>
        <ul className="divide-y divide-slate-200">
          {members.map((member) => (
            <MemberRow key={member.userId} member={member} isSelf={member.userId === self} />
          ))}
        </ul>
      </section>
      <PendingInvitations invitations={invitations} />
      <MemberCaps
        members={members.map((member) => ({
          userId: member.userId,
          name: member.name,
          capCents: caps[member.userId] ?? null,
        }))}
        failed={answer && "capFor" in answer ? { capFor: String(answer.capFor), errors: answer.errors } : undefined}
      />
      <MemberLimitsSection
        members={members.map((member) => ({
          userId: member.userId,
          name: member.name,
          limits: limits[member.userId] ?? {},
        }))}
        // A refused limits form answers with what was typed; TypeScript folds that answer into the other error shapes.
        failed={answer && "limitsFor" in answer ? (answer as unknown as MemberLimitErrors) : undefined}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <PageError backTo="/" backLabel="Home" />;
}
