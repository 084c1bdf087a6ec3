/**
 * A Today task's actions, plain Remix <Form>s posting to /today (so they work without JavaScript): the call's outcome
 * form, and one form whose buttons are Done (a letter step: Send letter, mailed through the mail provider), Snooze 1
 * day, Skip, Pause and Stop. One form a card rather than one a button keeps a busy Today light (docs/today.md). A
 * phone on the do-not-call list or reported a wrong number never gets a call or text action.
 */
import { Form } from "@remix-run/react";

import { buttonClass, buttonVariantClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { formatPhone, toE164 } from "#app/domain/leads/phone.ts";
import { SEQUENCE_ACTION_LABELS, type SequenceAction } from "#app/domain/sequences/steps.ts";
import { CALL_OUTCOMES, TASK_OUTCOME_LABELS, type TaskCardData } from "#app/domain/today/tasks.ts";

import { TODAY_PATH } from "./sequence-control.tsx";

/** Done on a letter or email step sends it (the mail or email provider), so the button says so. */
const SEND_LABELS: Partial<Record<TaskCardData["activityType"], string>> = { letter: "Send letter", email: "Send email" };

const dial = (phone: string) => toE164(phone) ?? phone.replace(/[^\d+]/g, "");

/** Call: a tel: link per callable phone and the outcome form (which phone, how it went). */
function CallActions({ task }: { task: TaskCardData }) {
  const phones = task.contacts.filter((contact) => contact.recipientType === "phone" && contact.dncStatus === "clear");
  if (phones.length === 0) return null;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        {phones.map((phone) => (
          <a key={phone.recipientValue} href={`tel:${dial(phone.recipientValue)}`} className={buttonClass("primary", "", "sm")}>
            Call {formatPhone(toE164(phone.recipientValue)) || phone.recipientValue}
          </a>
        ))}
      </div>
      <Form method="post" action={TODAY_PATH} className="flex flex-wrap items-end gap-2" aria-label={`Call outcome for ${task.address}`}>
        <input type="hidden" name="intent" value="work" />
        <input type="hidden" name="taskId" value={task.id} />
        {phones.length > 1 ? (
          <label className="text-xs text-slate-600">
            Phone
            <select name="phone" className={inputClass("mt-1")}>
              {phones.map((phone) => (
                <option key={phone.recipientValue} value={phone.recipientValue}>
                  {formatPhone(toE164(phone.recipientValue)) || phone.recipientValue}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="phone" value={phones[0].recipientValue} />
        )}
        <label className="text-xs text-slate-600">
          Outcome
          <select name="outcome" className={inputClass("mt-1")} defaultValue="no_answer">
            {CALL_OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {TASK_OUTCOME_LABELS[outcome]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass("secondary", "", "sm")}>
          Save outcome
        </button>
      </Form>
    </div>
  );
}

/** Text: an sms: link with the step's message per phone that may be texted. */
function TextActions({ task }: { task: TaskCardData }) {
  const phones = task.contacts.filter((contact) => contact.recipientType === "phone" && contact.dncStatus === "clear");
  if (phones.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {phones.map((phone) => (
        <a
          key={phone.recipientValue}
          href={`sms:${dial(phone.recipientValue)}?&body=${encodeURIComponent(task.message)}`}
          className={buttonClass("primary", "", "sm")}
        >
          Text {formatPhone(toE164(phone.recipientValue)) || phone.recipientValue}
        </a>
      ))}
    </div>
  );
}

/** Email: a mailto: link with the step's message. */
function EmailActions({ task }: { task: TaskCardData }) {
  const emails = task.contacts.filter((contact) => contact.recipientType === "email");
  if (emails.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {emails.map((email) => (
        <a
          key={email.recipientValue}
          href={`mailto:${email.recipientValue}?body=${encodeURIComponent(task.message)}`}
          className={buttonClass("primary", "", "sm")}
        >
          Email {email.recipientValue}
        </a>
      ))}
    </div>
  );
}

/** The sequence actions a task card offers (Resume is in "Paused sequences"). */
const CARD_SEQUENCE_ACTIONS: readonly SequenceAction[] = ["pause", "stop"];

/**
 * buttonClass(…, "sm")'s shared classes, set once on a row of buttons with Tailwind's `*:` (child) variant instead of
 * on each of them: a card's five buttons repeated 25 times were a third of a busy Today's HTML (ADR 096). Written out
 * in full so Tailwind finds them; keep in step with buttonClass.
 */
const SMALL_BUTTON_ROW =
  "flex flex-wrap gap-2 *:inline-flex *:items-center *:justify-center *:gap-2 *:rounded-md *:px-2.5 *:py-1.5 *:text-xs *:font-semibold *:transition-colors *:focus-visible:outline-2 *:focus-visible:outline-offset-2 *:focus-visible:outline-brand-600 *:disabled:cursor-not-allowed";

/**
 * Done, Snooze 1 day, Skip (each posts its `outcome`: the task is worked) and Pause, Stop (each posts its `intent`:
 * the sequence changes), in one form with the task and its lead.
 */
function CardActions({ task }: { task: TaskCardData }) {
  const ghost = buttonVariantClass("ghost");
  return (
    <Form method="post" action={TODAY_PATH}>
      <input type="hidden" name="taskId" value={task.id} />
      <input type="hidden" name="propertyId" value={task.propertyId} />
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
        {CARD_SEQUENCE_ACTIONS.map((action) => (
          <button key={action} type="submit" name="intent" value={action} className={ghost}>
            {SEQUENCE_ACTION_LABELS[action]}
          </button>
        ))}
      </div>
    </Form>
  );
}

export function TaskActions({ task }: { task: TaskCardData }) {
  return (
    <div className="mt-3 grid gap-3">
      {task.activityType === "call" ? <CallActions task={task} /> : null}
      {task.activityType === "text" ? <TextActions task={task} /> : null}
      {task.activityType === "email" ? <EmailActions task={task} /> : null}
      <CardActions task={task} />
    </div>
  );
}
