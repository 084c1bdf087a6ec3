/** "Coming up": the next steps of the running sequences; a step that fell back from a call or text says why. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { ACTIVITY_TYPE_LABELS } from "#app/domain/sequences/steps.ts";
import { formatDate } from "#app/domain/shared/format.ts";
import { UPCOMING_DAYS, UPCOMING_LIMIT } from "#app/domain/today/tasks.ts";
import type { PausedSequence, UpcomingStep } from "#app/services/today/today.server.ts";

import { SequenceControl } from "./sequence-control.tsx";

/** A titled list below the tasks; the title names the list for screen readers too. */
function TodayList({ id, title, children, after }: { id: string; title: string; children: ReactNode; after?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm" aria-label={title}>
        {children}
      </ul>
      {after}
    </section>
  );
}

/** Where the coming-up steps are shown, keeping "Show all tasks" when it is on. */
const comingUpHref = (allTasks: boolean) => (allTasks ? "/today?all=1&upcoming=all" : "/today?upcoming=all");

/**
 * The next steps of the running sequences within UPCOMING_DAYS, soonest first, when the page was asked for them;
 * otherwise a link to them (Today itself is the day's queue, ADR 096). Works without JavaScript.
 */
export function ComingUp({ steps, allTasks = false }: { steps: UpcomingStep[] | null; allTasks?: boolean }) {
  if (steps === null) {
    return (
      <p className="mt-8 text-sm">
        <Link to={comingUpHref(allTasks)} className="font-medium text-brand-700 underline">
          {`See what is coming up in the next ${UPCOMING_DAYS} days`}
        </Link>
      </p>
    );
  }
  if (steps.length === 0) {
    return <p className="mt-8 text-sm text-slate-600">{`Nothing is coming up in the next ${UPCOMING_DAYS} days.`}</p>;
  }
  const after =
    steps.length >= UPCOMING_LIMIT ? <p className="mt-2 text-sm text-slate-600">{`The next ${UPCOMING_LIMIT} steps shown.`}</p> : null;
  return (
    <TodayList id="coming-up-heading" title="Coming up" after={after}>
      {steps.map((step) => (
        <li key={step.id} className="flex flex-wrap items-baseline gap-x-3 px-4 py-2">
          <span className="w-24 text-slate-500">{formatDate(step.scheduledDate)}</span>
          <span className="font-medium text-slate-900">{`Day ${step.dayNumber} · ${ACTIVITY_TYPE_LABELS[step.activityType]}`}</span>
          <span className="text-slate-700">{step.address}</span>
          {step.activityType !== step.plannedType ? (
            <span className="text-xs text-amber-800">
              {ACTIVITY_TYPE_LABELS[step.plannedType]} step sent as a {step.activityType}
              {step.reason ? `: ${step.reason}` : ""}
            </span>
          ) : null}
        </li>
      ))}
    </TodayList>
  );
}

/** Sequences that wait for the user (paused by them, by a status, or by a reply), each with Resume. */
export function PausedSequences({ sequences }: { sequences: PausedSequence[] }) {
  if (sequences.length === 0) return null;
  return (
    <TodayList id="paused-heading" title="Paused sequences">
      {sequences.map((sequence) => (
        <li key={sequence.propertyId} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <span>
            <span className="font-medium text-slate-900">{sequence.address}</span>{" "}
            <span className="text-slate-600">· {sequence.reason}</span>
          </span>
          <SequenceControl propertyId={sequence.propertyId} action="resume" />
        </li>
      ))}
    </TodayList>
  );
}
