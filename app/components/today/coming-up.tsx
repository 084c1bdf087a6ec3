/** "Coming up": the next steps of the running sequences; a step that fell back from a call or text says why. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { ACTIVITY_TYPE_LABELS } from "#app/domain/sequences/steps.ts";
import { formatDate } from "#app/domain/shared/format.ts";
import type { PausedSequence, UpcomingStep } from "#app/services/sequences/today.server.ts";

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

/**
 * The soonest steps only: a link shows more (keeping "Show all tasks" when it is on), without JavaScript too, and says
 * how many more — "over N" when even the longer list cannot hold them all.
 */
function MoreComingUp({ shown, more, beyond, allTasks }: { shown: number; more: number; beyond: boolean; allTasks: boolean }) {
  return (
    <p className="mt-2 text-sm text-slate-600">
      The next {shown} steps shown.{" "}
      <Link to={allTasks ? "/today?all=1&upcoming=all" : "/today?upcoming=all"} className="text-brand-700 underline">
        Show more coming up ({beyond ? "over " : ""}
        {more} more)
      </Link>
    </p>
  );
}

export function ComingUp({
  steps,
  more = 0,
  beyond = false,
  allTasks = false,
}: {
  steps: UpcomingStep[];
  /** How many steps "Show more coming up" adds (0: no link). */
  more?: number;
  /** There are more steps than the longer list holds. */
  beyond?: boolean;
  allTasks?: boolean;
}) {
  if (steps.length === 0) return null;
  const link = more > 0 ? <MoreComingUp shown={steps.length} more={more} beyond={beyond} allTasks={allTasks} /> : null;
  return (
    <TodayList id="coming-up-heading" title="Coming up" after={link}>
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
