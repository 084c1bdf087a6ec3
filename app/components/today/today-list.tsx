/** The Today queue: each due or overdue follow-up, most urgent first, with its contacts and actions. */
import { Link } from "@remix-run/react";

import { Badge } from "#app/components/ui/badge.tsx";
import { formatPhone, toE164 } from "#app/domain/leads/phone.ts";
import { ACTIVITY_TYPE_LABELS } from "#app/domain/sequences/steps.ts";
import { formatDate } from "#app/domain/shared/format.ts";
import { TODAY_LIMIT, type TaskCardData, type TaskContact } from "#app/domain/today/tasks.ts";

import { TaskActions } from "./task-actions.tsx";

function ContactLine({ contact }: { contact: TaskContact }) {
  const value =
    contact.recipientType === "phone" ? formatPhone(toE164(contact.recipientValue)) || contact.recipientValue : contact.recipientValue;
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className={contact.dncStatus === "blocked" || contact.dncStatus === "wrong_number" ? "text-slate-500 line-through" : ""}>
        {value}
      </span>
      {contact.dncStatus === "blocked" ? (
        <span
          className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-800"
          title="On the do-not-call list: never called or texted"
        >
          DNC
        </span>
      ) : null}
      {contact.dncStatus === "wrong_number" ? (
        <span
          className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900"
          title="Reported a wrong number: never called or texted"
        >
          Wrong number
        </span>
      ) : null}
    </li>
  );
}

function dueLabel(task: TaskCardData): string {
  if (task.overdueDays === 0) return "Due today";
  return `${task.overdueDays} day${task.overdueDays === 1 ? "" : "s"} overdue`;
}

function TaskCard({ task }: { task: TaskCardData }) {
  return (
    <li
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-label={`${ACTIVITY_TYPE_LABELS[task.activityType]}: ${task.address}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          {/* One string each, not several text nodes (React marks each boundary in the HTML). */}
          <h2 className="text-base font-semibold text-slate-900">{`${ACTIVITY_TYPE_LABELS[task.activityType]} · ${task.address}`}</h2>
          <p className="text-sm text-slate-600">
            {`${task.ownerName ?? "Owner unknown"} · Day ${task.dayNumber} · scheduled ${formatDate(task.scheduledDate)}`}
          </p>
        </div>
        <Badge tone={task.overdueDays > 0 ? "orange" : "sky"}>{dueLabel(task)}</Badge>
      </div>
      {task.contacts.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Contacts">
          {task.contacts.map((contact) => (
            <ContactLine key={`${contact.recipientType}:${contact.recipientValue}`} contact={contact} />
          ))}
        </ul>
      ) : null}
      {task.message ? <p className="mt-2 rounded-md bg-slate-50 p-2 text-sm whitespace-pre-line text-slate-700">{task.message}</p> : null}
      <TaskActions task={task} />
    </li>
  );
}

/** "N", or "N+" when N is the most Today counts (TODAY_LIMIT): there may be more. */
const countOf = (total: number) => (total >= TODAY_LIMIT ? `${TODAY_LIMIT}+` : String(total));

/**
 * The first `shown` of `total` (the page shows a day's most urgent first): a link shows them all, without JavaScript
 * too. A list that holds the most Today reads says so: more follow as the oldest are worked.
 */
function MoreTasks({ shown, total }: { shown: number; total: number }) {
  if (total <= shown) {
    if (shown < TODAY_LIMIT) return null;
    return (
      <p className="mt-3 text-sm text-slate-600">{`The ${TODAY_LIMIT} most overdue tasks shown; any more follow as you work them.`}</p>
    );
  }
  return (
    <p className="mt-3 text-sm text-slate-600">
      {`${shown} of ${countOf(total)} tasks shown, most urgent first. `}
      <Link to="/today?all=1" className="text-brand-700 underline">
        {`Show all ${countOf(total)} tasks`}
      </Link>
    </p>
  );
}

export function TodayList({ tasks, total = tasks.length }: { tasks: TaskCardData[]; total?: number }) {
  if (tasks.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
        Nothing due today. Start a follow-up sequence from a lead in the{" "}
        <Link to="/?section=crm" className="text-brand-700 underline">
          CRM
        </Link>
        .
      </p>
    );
  }
  return (
    <>
      <ol className="grid gap-3" aria-label="Today's tasks">
        {tasks.map((task) => (
          <TaskCard key={task.id} task={task} />
        ))}
      </ol>
      <MoreTasks shown={tasks.length} total={total} />
    </>
  );
}
