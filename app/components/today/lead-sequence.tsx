/**
 * The lead card's follow-up: a running sequence with its next step and day, Pause and Stop (the Start button hidden
 * while it runs); a paused one with Resume and Stop; else Start. And the notes written on the lead while working it.
 * Plain Remix <Form>s posting to /today (they work without JavaScript).
 */
import { ACTIVITY_TYPE_LABELS, type ActivityType } from "#app/domain/sequences/steps.ts";
import { formatDate } from "#app/domain/shared/format.ts";
import { TASK_OUTCOME_LABELS, type TaskOutcome } from "#app/domain/today/tasks.ts";

import { SequenceControl } from "./sequence-control.tsx";
import { StartSequenceForm } from "./start-sequence.tsx";

type Sequence = { status: string; next: { activityType: string; at: string } | null } | null;
type Note = { id: string; body: string; outcome: string | null; createdAt: string };

const typeLabel = (type: string) => ACTIVITY_TYPE_LABELS[type as ActivityType] ?? type;
const outcomeLabel = (outcome: string | null) => (outcome ? (TASK_OUTCOME_LABELS[outcome as TaskOutcome] ?? null) : null);

function SequenceLine({ propertyId, sequence }: { propertyId: string; sequence: NonNullable<Sequence> }) {
  const running = sequence.status === "active";
  const next = sequence.next ? `next: ${typeLabel(sequence.next.activityType)} on ${formatDate(sequence.next.at)}` : "no step left";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <p className="font-medium text-slate-900">{`Follow-up sequence ${running ? "running" : "paused"} · ${next}`}</p>
      <SequenceControl propertyId={propertyId} action={running ? "pause" : "resume"} />
      <SequenceControl propertyId={propertyId} action="stop" />
    </div>
  );
}

export function LeadSequence({ propertyId, sequence, notes }: { propertyId: string; sequence: Sequence; notes: readonly Note[] }) {
  const live = sequence && (sequence.status === "active" || sequence.status === "paused");
  return (
    <section aria-label="Follow-up" className="grid gap-2 rounded-lg border border-slate-200 p-4 md:col-span-2">
      {live ? <SequenceLine propertyId={propertyId} sequence={sequence} /> : <StartSequenceForm propertyId={propertyId} />}
      {notes.length > 0 ? (
        <ul aria-label="Notes" className="divide-y divide-slate-100 text-sm">
          {notes.map((note) => (
            <li key={note.id} className="py-1.5">
              <span className="text-xs text-slate-500">
                {[formatDate(note.createdAt), outcomeLabel(note.outcome)].filter(Boolean).join(" · ")}
              </span>
              <p className="whitespace-pre-line text-slate-800">{note.body}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
