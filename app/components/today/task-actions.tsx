/**
 * A Today task's actions, one plain Remix <Form> a card posting to /today (so it works without JavaScript; one form
 * a card keeps a busy Today light, docs/today.md): the note, a call's phone and outcome buttons with what was agreed,
 * and Done (a letter step: Send letter, mailed through the mail provider), Snooze 1 day, Skip, Save note, Pause and
 * Stop. The top task's outcomes have keyboard shortcuts (HTML access keys: no script needed). A phone on the
 * do-not-call list or reported a wrong number never gets a call or text action.
 */
import { Form } from "@remix-run/react";

import { buttonVariantClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { formatPhone, toE164 } from "#app/domain/leads/phone.ts";
import { SEQUENCE_ACTION_LABELS, type SequenceAction } from "#app/domain/sequences/steps.ts";
import { FOLLOW_UP_LABELS, FOLLOW_UPS, NOTE_MAX } from "#app/domain/today/call-follow-up.ts";
import { CALL_OUTCOMES, TASK_OUTCOME_LABELS, type TaskCardData } from "#app/domain/today/tasks.ts";

import { TODAY_PATH } from "./sequence-control.tsx";

/** Done on a letter or email step sends it (the mail or email provider), so the button says so. */
const SEND_LABELS: Partial<Record<TaskCardData["activityType"], string>> = { letter: "Send letter", email: "Send email" };

/** The outcome keys of the top task: Alt+1 … Alt+5 (Alt+Shift in Firefox, Control+Option on a Mac). */
export const OUTCOME_KEYS: Record<(typeof CALL_OUTCOMES)[number], string> = {
  no_answer: "1",
  left_voicemail: "2",
  talked: "3",
  wrong_number: "4",
  asked_not_to_call: "5",
};

/** The sequence actions a task card offers (Resume is in "Paused sequences"). */
const CARD_SEQUENCE_ACTIONS: readonly SequenceAction[] = ["pause", "stop"];

/**
 * buttonClass(…, "sm")'s shared classes, set once on a row of buttons with Tailwind's `*:` (child) variant instead of
 * on each of them: a card's buttons repeated on a busy Today were a third of its HTML (ADR 096). Written out in full
 * so Tailwind finds them; keep in step with buttonClass.
 */
const SMALL_BUTTON_ROW = "small-buttons flex flex-wrap gap-2";

const phoneText = (phone: string) => formatPhone(toE164(phone)) || phone;

/** A call: which phone (when more than one may be called), what was agreed if the user talked, and the outcomes. */
function CallFields({ task, shortcuts }: { task: TaskCardData; shortcuts: boolean }) {
  const phones = task.contacts.filter((contact) => contact.recipientType === "phone" && contact.dncStatus === "clear");
  if (phones.length === 0) return null;
  const ids = { followUp: `follow-up-${task.id}`, callBack: `call-back-${task.id}` };
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">Call outcome</legend>
      <div className="flex flex-wrap items-end gap-2">
        {phones.length > 1 ? (
          <label className="text-xs text-slate-600">
            Phone
            <select name="phone" className={inputClass("mt-1")}>
              {phones.map((phone) => (
                <option key={phone.recipientValue} value={phone.recipientValue}>
                  {phoneText(phone.recipientValue)}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="phone" value={phones[0].recipientValue} />
        )}
        <label htmlFor={ids.followUp} className="text-xs text-slate-600">
          If you talked, what was agreed
          <select id={ids.followUp} name="followUp" className={inputClass("mt-1")} defaultValue="keep">
            {FOLLOW_UPS.map((followUp) => (
              <option key={followUp} value={followUp}>
                {FOLLOW_UP_LABELS[followUp]}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.callBack} className="text-xs text-slate-600">
          Call back on
          <input id={ids.callBack} type="date" name="callBackOn" className={inputClass("mt-1")} />
        </label>
      </div>
      <div className={SMALL_BUTTON_ROW}>
        {CALL_OUTCOMES.map((outcome) => (
          <button
            key={outcome}
            type="submit"
            name="outcome"
            value={outcome}
            className={buttonVariantClass(outcome === "talked" ? "primary" : "secondary")}
            {...(shortcuts ? { accessKey: OUTCOME_KEYS[outcome], "aria-keyshortcuts": `Alt+${OUTCOME_KEYS[outcome]}` } : {})}
          >
            {TASK_OUTCOME_LABELS[outcome]}
            {shortcuts ? <kbd className="font-mono text-[0.65rem] opacity-70">{OUTCOME_KEYS[outcome]}</kbd> : null}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The note kept on the lead with whichever button is pressed (or alone, with Save note). */
function NoteField({ task }: { task: TaskCardData }) {
  const id = `note-${task.id}`;
  return (
    <label htmlFor={id} className="grid gap-1 text-xs text-slate-600">
      Note on the lead
      <textarea id={id} name="note" rows={2} maxLength={NOTE_MAX} className={inputClass("text-sm")} />
    </label>
  );
}

/**
 * One form with the task and its lead: the note, a call's fields and outcomes, then Done, Snooze 1 day, Skip (each
 * posts its `outcome`: the task is worked), Save note (`intent=note`) and Pause, Stop (each posts its `intent`).
 */
export function TaskActions({ task, shortcuts = false }: { task: TaskCardData; shortcuts?: boolean }) {
  const ghost = buttonVariantClass("ghost");
  return (
    <Form method="post" action={TODAY_PATH} className="mt-3 grid gap-3" aria-label={`Work the task for ${task.address}`}>
      <input type="hidden" name="taskId" value={task.id} />
      <input type="hidden" name="propertyId" value={task.propertyId} />
      <NoteField task={task} />
      {task.activityType === "call" ? <CallFields task={task} shortcuts={shortcuts} /> : null}
      <div className={SMALL_BUTTON_ROW}>
        <button
          type="submit"
          name="outcome"
          value="done"
          className={buttonVariantClass(task.activityType === "letter" ? "primary" : "secondary")}
        >
          {SEND_LABELS[task.activityType] ?? TASK_OUTCOME_LABELS.done}
        </button>
        <button type="submit" name="outcome" value="snoozed" className={ghost}>
          {TASK_OUTCOME_LABELS.snoozed}
        </button>
        <button type="submit" name="outcome" value="skipped" className={ghost}>
          {TASK_OUTCOME_LABELS.skipped}
        </button>
        <button type="submit" name="intent" value="note" className={ghost}>
          Save note
        </button>
      </div>
      {/* The whole sequence's controls sit on a row of their own, apart from the task's: a slip stops no sequence. */}
      <div className={`${SMALL_BUTTON_ROW} items-center`}>
        <span className="text-xs text-slate-600">Sequence:</span>
        {CARD_SEQUENCE_ACTIONS.map((action) => (
          <button key={action} type="submit" name="intent" value={action} className={ghost}>
            {SEQUENCE_ACTION_LABELS[action]}
          </button>
        ))}
      </div>
    </Form>
  );
}
