/** The Today queue: each due or overdue follow-up, most urgent first, with its contacts and actions. */
import { Link } from "@remix-run/react";

import { TODAY_LIMIT, type TaskCardData } from "#app/domain/today/tasks.ts";

import { OUTCOME_KEYS } from "./task-actions.tsx";
import { TaskCard } from "./task-card.tsx";

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

/** The top task's outcome keys, said once above the list. */
const SHORTCUTS_TEXT = `Keyboard: on the top task, Alt+${OUTCOME_KEYS.no_answer} No answer, Alt+${OUTCOME_KEYS.left_voicemail} Left voicemail, Alt+${OUTCOME_KEYS.talked} Talked, Alt+${OUTCOME_KEYS.wrong_number} Wrong number, Alt+${OUTCOME_KEYS.asked_not_to_call} Asked not to call (Alt+Shift in Firefox, Control+Option on a Mac). Each outcome re-ranks the queue.`;

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
      <p className="mb-3 text-xs text-slate-600">{SHORTCUTS_TEXT}</p>
      <ol className="grid gap-3" aria-label="Today's tasks">
        {tasks.map((task, index) => (
          <TaskCard key={task.id} task={task} shortcuts={index === 0} />
        ))}
      </ol>
      <MoreTasks shown={tasks.length} total={total} />
    </>
  );
}
