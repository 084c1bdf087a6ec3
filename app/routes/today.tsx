import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";

import { DealDeadlines } from "#app/components/dispo/deal-deadlines.tsx";
import { NewOffers } from "#app/components/dispo/new-offers.tsx";
import { ReassignForm, TodayMemberFilter } from "#app/components/leads/assignee-forms.tsx";
import { OfferConfirmation } from "#app/components/offers/offer-confirmation.tsx";
import { PageError } from "#app/components/shell/route-error.tsx";
import type { RouteHandle } from "#app/components/shell/route-handle.ts";
import { ComingUp, PausedSequences } from "#app/components/today/coming-up.tsx";
import { TODAY_PATH } from "#app/components/today/sequence-control.tsx";
import { TodayList } from "#app/components/today/today-list.tsx";
import { FormPage } from "#app/components/ui/form-page.tsx";
import { dealDeadlines } from "#app/domain/dispo/deadlines.ts";
import { offerTasks } from "#app/domain/dispo/offer-tasks.ts";
import {
  allowedTodayMember,
  EVERYONE,
  REASSIGNED,
  ReassignSchema,
  sameTodayMember,
  todayMemberOf,
  type AssigneeOption,
  type TodayMember,
} from "#app/domain/leads/assignee.ts";
import { crmHref } from "#app/domain/leads/crm-view.ts";
import { TodayFormSchema } from "#app/domain/sequences/sequence-forms.ts";
import { SEQUENCE_ACTION_LABELS } from "#app/domain/sequences/steps.ts";
import { todayBackLink } from "#app/domain/today/back-link.ts";
import { talkedText } from "#app/domain/today/call-follow-up.ts";
import { TASK_NOT_FOUND, TASK_OUTCOME_LABELS, taskCardData, TODAY_LIMIT, UPCOMING_LIMIT } from "#app/domain/today/tasks.ts";
import { redactFor } from "#app/domain/workspaces/redaction.ts";
import { mayWork, refusalFor } from "#app/domain/workspaces/roles.ts";
import type { RootData } from "#app/root.tsx";
import { readAsUser, requireUser } from "#app/services/accounts/auth.server.ts";
import { declareSessionReads, withSessionReads, type UserRef, type ValidSession } from "#app/services/accounts/session.server.ts";
import { guessedZone, userZone } from "#app/services/accounts/time-zone.server.ts";
import { fieldErrors, readFormData } from "#app/services/http/api.server.ts";
import { redirectWithToast } from "#app/services/http/toast.server.ts";
import { reassignLead } from "#app/services/leads/assignee.server.ts";
import { CHECK_THIS_OFFER } from "#app/services/offers/offer-checks.server.ts";
import { saveTaskNote } from "#app/services/sequences/lead-outcome.server.ts";
import { changeSequence, startSequence } from "#app/services/sequences/sequences.server.ts";
import { workTask } from "#app/services/sequences/tasks.server.ts";
import { pausedSequences, rankedTasks, readToday, upcomingSteps, type TodayReads } from "#app/services/today/today.server.ts";

export const meta: MetaFunction = () => [{ title: "Today — Breeze" }];

/**
 * Today is links and plain forms that post and come back (post/redirect/get): opened as a document it is sent
 * without scripts, so a phone can work the queue at once, with no bundle to load and no hydration (ADR 096). Reached
 * from a page already running, it renders client-side as any page does.
 */
export const handle: RouteHandle = { hydrate: () => false };

/**
 * How many of the ranked tasks the page shows before "Show all": the top of the queue, which is worked from the top
 * and comes back after every action (ADR 096).
 */
const TODAY_PAGE_TASKS = 10;
/** How much of the queue the request asks for: `?all=1` every task, `?upcoming=all` the coming-up steps too (ADR 096). */
function pageOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const all = params.get("all") === "1";
  const withUpcoming = params.get("upcoming") === "all";
  return {
    all,
    withUpcoming,
    upcomingLimit: withUpcoming ? UPCOMING_LIMIT : 0,
    // The page's tasks are ranked in SQL and read in full, with the count of all (ADR 096).
    shown: all ? TODAY_LIMIT : TODAY_PAGE_TASKS,
  };
}

/** The tasks of whose leads the reads keep: the member's own (`self`), one member's, or everyone's (null). */
const assigneeOf = (member: TodayMember, self: UserRef): UserRef | null =>
  member.kind === "everyone" ? null : member.kind === "member" ? member.userId : self;

/**
 * Read beside the session lookup (one round trip; the Worker entry starts it) for the browser's day and the member
 * `?member=` asks for (the signed-in member's own by default), with the workspace's members; a user whose stored zone
 * is another one, or who may not see that member's Today, costs a second read (the budget is 2). An exact day reads
 * the coming-up steps only when asked for, UPCOMING_LIMIT of them, not the wide read's UPCOMING_LIMIT + TODAY_LIMIT.
 * The clock is read once, here, for the loader too.
 */
const readGuessedDay = declareSessionReads(async ({ request, context }, { userId, person, batch, members: membersRead }) => {
  const now = context.now();
  const guess = guessedZone(request);
  const { upcomingLimit, shown } = pageOf(request);
  const asked = todayMemberOf(new URL(request.url).searchParams);
  const page = { upcomingLimit, tasksShown: shown, assignee: assigneeOf(asked, person) };
  // Both join the lookup's batch before it is sent (the members as a column of the session's own statement): one round trip.
  const reading = readToday({ db: context.db, now: () => now }, userId, { batch, zone: guess, ...page });
  const [members, reads] = await Promise.all([membersRead(), reading]);
  return { now, guess, asked, members, reads };
});

/**
 * The team's part of Today, for a workspace of more than one member: whose tasks the owner shows (a GET form) and,
 * for who may reassign, each task's lead's assignee.
 */
function teamOf(session: ValidSession, members: AssigneeOption[], member: TodayMember, reads: TodayReads) {
  if (members.length < 2) return { filter: null, assign: null };
  const selected = member.kind === "everyone" ? EVERYONE : member.kind === "member" ? member.userId : "";
  const assignees = Object.fromEntries(reads.rows.map((row) => [row.propertyId, row.assignedTo]));
  return {
    filter: mayWork(session.role, "everyone") ? { members, selected, self: session.user.id } : null,
    assign: mayWork(session.role, "assign") ? { members, assignees } : null,
  };
}

/** Today: the follow-ups due today or overdue, ranked, read in the session lookup's batch. */
export const loader = withSessionReads(readGuessedDay, async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  const { all, withUpcoming, upcomingLimit, shown } = pageOf(request);
  const {
    session,
    value: { now, guess, asked, members, reads: guessed },
  } = await readAsUser(args, readGuessedDay);
  const zone = userZone(request, session.user);
  // Whose tasks: everyone's or another member's only for who may see them; anyone else gets their own.
  const member = allowedTodayMember(asked, mayWork(session.role, "everyone"));
  const assignee = assigneeOf(member, session.user.id);
  const reads =
    zone === guess && sameTodayMember(member, asked)
      ? guessed
      : await readToday({ db: context.db, now: () => now }, session.workspaceId, { zone, upcomingLimit, tasksShown: shown, assignee });
  // A day's most urgent first: a busy account's whole list is a page of its own (?all=1), not every visit's weight.
  const { tasks, total } = rankedTasks(reads, now, session.user.company?.companyName ?? null, zone, shown);
  return redactFor(session.role, {
    tasks: tasks.map(taskCardData),
    total,
    allTasks: all,
    // Null: not asked for; the page links to them (ADR 096).
    upcoming: withUpcoming ? upcomingSteps(reads, now, zone) : null,
    paused: pausedSequences(reads),
    deadlines: dealDeadlines(reads.deadlines, now),
    newOffers: offerTasks(reads.newOffers),
    team: teamOf(session, members, member, reads),
    /** The way back to a page the member's role may open (none for a role that may open neither). */
    back: todayBackLink(session.role),
  });
});

/**
 * Reassigns a lead (owners and Acquisitions) to a member of the workspace, then back to Today or the lead's card; a
 * person who is not a member of this workspace is a field error and nothing is written.
 */
async function reassign(context: ActionFunctionArgs["context"], session: ValidSession, fields: Record<string, unknown>) {
  if (!mayWork(session.role, "assign")) return data({ message: refusalFor(session.role, "assign"), errors: {} }, { status: 403 });
  const parsed = ReassignSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return data({ message: Object.values(errors).flat().join(", "), errors }, { status: 400 });
  }
  const done = await reassignLead(context, { workspaceId: session.workspaceId, ...parsed.data });
  if (!done.ok) return data({ message: done.message, errors: done.field ? { [done.field]: [done.message] } : {} }, { status: done.status });
  const back = fields.from === "lead" ? crmHref({ status: "all", q: "", lead: parsed.data.propertyId }) : "/today";
  return redirectWithToast(back, { title: REASSIGNED, description: "Its tasks are in its assignee's Today.", variant: "success" });
}

/**
 * The task forms (a call's outcome, Done, Snooze 1 day, Skip) and "Start follow-up sequence" from a lead; success
 * goes back to Today with a toast (post/redirect/get), a failure answers its message with a 4xx and writes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await requireUser(request, context);
  const fields = Object.fromEntries(await readFormData(request));
  if (fields.intent === "reassign") return reassign(context, session, fields);
  const parsed = TodayFormSchema.safeParse(fields);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues);
    return data({ message: Object.values(errors).flat().join(", "), errors }, { status: 400 });
  }
  const form = parsed.data;
  const now = context.now();
  if (form.intent === "start") {
    const zone = userZone(request, session.user);
    const started = await startSequence(
      { db: context.db, now: () => now },
      { userId: session.workspaceId, propertyId: form.propertyId, zone, confirm: form.confirm },
    );
    if (!started.ok && "warnings" in started) {
      const confirmation = { propertyId: form.propertyId, title: CHECK_THIS_OFFER, warnings: started.warnings };
      return data({ message: started.message, errors: {}, confirmation }, { status: started.status });
    }
    if (!started.ok) return data({ message: started.message, errors: {} }, { status: started.status });
    return redirectWithToast("/today", { title: "Sequence started", description: "Its first step is in Today.", variant: "success" });
  }
  if (form.intent === "note") {
    const saved = await saveTaskNote(
      { db: context.db, now: () => now },
      { userId: session.workspaceId, activityId: form.taskId, body: form.note, actorId: session.user.id },
    );
    if (!saved) return data({ message: TASK_NOT_FOUND, errors: {} }, { status: 404 });
    return redirectWithToast("/today", { title: "Note saved", description: "It is on the lead's card.", variant: "success" });
  }
  if (form.intent !== "work") {
    const changed = await changeSequence({ db: context.db, now: () => now }, session.workspaceId, form.propertyId, form.intent);
    if (!changed.ok) return data({ message: changed.message, errors: {} }, { status: changed.status });
    return redirectWithToast("/today", {
      title: SEQUENCE_ACTION_LABELS[form.intent],
      description: `The sequence is ${changed.sequenceStatus}.`,
      variant: "success",
    });
  }
  const zone = userZone(request, session.user);
  const worked = await workTask(context, {
    userId: session.workspaceId,
    activityId: form.taskId,
    input: form,
    zone,
    actorId: session.user.id,
  });
  if (!worked.ok) return data({ message: worked.message, errors: {} }, { status: worked.status });
  const next = worked.next ? ` Next: ${worked.next.activityType}.` : "";
  if (form.outcome === "talked")
    return redirectWithToast("/today", {
      title: TASK_OUTCOME_LABELS.talked,
      description: talkedText(form.followUp ?? "keep", worked.leadStatus, form.callBackOn),
      variant: "success",
    });
  if (worked.note)
    return redirectWithToast("/today", {
      title: TASK_OUTCOME_LABELS[form.outcome],
      description: `${worked.note}${next}`,
      variant: "success",
    });
  if (worked.trackingId)
    return redirectWithToast("/today", { title: "Sent", description: `Sent (${worked.trackingId}).${next}`, variant: "success" });
  return redirectWithToast("/today", { title: TASK_OUTCOME_LABELS[form.outcome], description: `Task updated.${next}`, variant: "success" });
}

/** A start refused until the chosen offer's warnings are confirmed: the lead and the warnings. */
type StartConfirmation = { propertyId: string; title: string; warnings: { code: string; message: string }[] };

export default function TodayPage() {
  const { tasks, total, allTasks, upcoming, paused, deadlines, newOffers, team, back } = useLoaderData<typeof loader>();
  const assign = team.assign;
  const failed = useActionData<typeof action>();
  // Typed by hand: the action's union of answers reads `confirmation` as unknown.
  const confirmation = failed && "confirmation" in failed ? (failed.confirmation as StartConfirmation) : null;
  return (
    <FormPage title="Today" backTo={back?.to} backLabel={back?.label}>
      {confirmation ? (
        <div className="mb-4">
          <OfferConfirmation
            action={TODAY_PATH}
            confirmation={{
              intent: "start",
              title: confirmation.title,
              message: "The lead's chosen offer goes in this sequence's letters. Check it before starting:",
              warnings: confirmation.warnings,
              resubmit: { propertyId: confirmation.propertyId },
            }}
          />
        </div>
      ) : failed?.message ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failed.message}
        </p>
      ) : null}
      {team.filter ? <TodayMemberFilter {...team.filter} /> : null}
      <NewOffers offers={newOffers} />
      <DealDeadlines deadlines={deadlines} />
      <TodayList
        tasks={tasks}
        total={total}
        footerOf={
          assign
            ? (task) => (
                <ReassignForm
                  propertyId={task.propertyId}
                  assignedTo={assign.assignees[task.propertyId] ?? null}
                  members={assign.members}
                  from="today"
                />
              )
            : undefined
        }
      />
      <ComingUp steps={upcoming} allTasks={allTasks} />
      <PausedSequences sequences={paused} />
    </FormPage>
  );
}

/** The page's frame with the member's way back (the root's data names the role; signed out, none). */
export function ErrorBoundary() {
  const role = useRouteLoaderData<RootData>("root")?.user?.role;
  const back = role ? todayBackLink(role) : null;
  return <PageError backTo={back?.to} backLabel={back?.label} />;
}
