/**
 * A task below the page's full cards, as one line: its type and lead (a link to the lead's card in the CRM), its owner
 * and day, how overdue it is, and a plain link that opens its full card on Today (works without JavaScript).
 */
import { Link } from "@remix-run/react";

import { Badge } from "#app/components/ui/badge.tsx";
import { crmHref } from "#app/domain/leads/crm-view.ts";
import { ACTIVITY_TYPE_LABELS } from "#app/domain/sequences/steps.ts";
import type { TaskRowData } from "#app/domain/today/tasks.ts";

import { dueLabel } from "./task-card.tsx";

/** Today with this task open as a card, scrolled to it; "Show all tasks" stays on when it is. */
export const openTaskHref = (taskId: string, allTasks: boolean) => `/today?${allTasks ? "all=1&" : ""}task=${taskId}#task-${taskId}`;

export function TaskRow({ task, allTasks }: { task: TaskRowData; allTasks: boolean }) {
  const type = ACTIVITY_TYPE_LABELS[task.activityType];
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white px-4 py-2 text-sm"
      aria-label={`${type}: ${task.address}`}
    >
      <span className="font-semibold text-slate-900">
        {`${type} · `}
        <Link to={crmHref({ status: "all", q: "", lead: task.propertyId })} className="text-brand-700 underline">
          {task.address}
        </Link>
      </span>
      <span className="text-slate-600">{`Owner: ${task.ownerName ?? "unknown"} · Day ${task.dayNumber}`}</span>
      <Badge tone={task.overdueDays > 0 ? "orange" : "sky"}>{dueLabel(task.overdueDays)}</Badge>
      <Link to={openTaskHref(task.id, allTasks)} className="ml-auto font-medium text-brand-700 underline">
        Open task<span className="sr-only">{` for ${task.address}`}</span>
      </Link>
    </li>
  );
}
