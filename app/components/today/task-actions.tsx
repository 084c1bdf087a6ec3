/**
 * A Today task's actions, each a plain Remix <Form> posting to /today (so they work without JavaScript): the call's
 * outcome form, Done (a letter step: Send letter, mailed through the mail provider), Snooze 1 day and Skip. A phone on the
 * do-not-call list or reported a wrong number never gets a call or text action.
 */
import { Form } from "@remix-run/react";

import { buttonClass } from "#app/components/ui/button.tsx";
import { inputClass } from "#app/components/ui/input.tsx";
import { formatPhone, toE164 } from "#app/domain/leads/phone.ts";
import { CALL_OUTCOMES, TASK_OUTCOME_LABELS, type TaskOutcome, type TodayTask } from "#app/domain/sequences/tasks.ts";

import { SequenceControl, TODAY_PATH } from "./sequence-control.tsx";

/** A one-button form that works the task with `outcome`. */
function OutcomeButton({
  task,
  outcome,
  variant = "secondary",
  label = TASK_OUTCOME_LABELS[outcome],
}: {
  task: TodayTask;
  outcome: TaskOutcome;
  variant?: "primary" | "secondary" | "ghost";
  label?: string;
}) {
  return (
    <Form method="post" action={TODAY_PATH}>
      <input type="hidden" name="intent" value="work" />
      <input type="hidden" name="taskId" value={task.id} />
      <button type="submit" name="outcome" value={outcome} className={buttonClass(variant, "", "sm")}>
        {label}
      </button>
    </Form>
  );
}

/** Done on a letter or email step sends it (the mail or email provider), so the button says so. */
const SEND_LABELS: Partial<Record<TodayTask["activityType"], string>> = { letter: "Send letter", email: "Send email" };

const dial = (phone: string) => toE164(phone) ?? phone.replace(/[^\d+]/g, "");

/** Call: a tel: link per callable phone and the outcome form (which phone, how it went). */
function CallActions({ task }: { task: TodayTask }) {
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
function TextActions({ task }: { task: TodayTask }) {
  const phones = task.contacts.filter((contact) => contact.recipientType === "phone" && contact.dncStatus === "clear");
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
function EmailActions({ task }: { task: TodayTask }) {
  return (
    <div className="flex flex-wrap gap-2">
      {task.contacts
        .filter((contact) => contact.recipientType === "email")
        .map((email) => (
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

export function TaskActions({ task }: { task: TodayTask }) {
  return (
    <div className="mt-3 grid gap-3">
      {task.activityType === "call" ? <CallActions task={task} /> : null}
      {task.activityType === "text" ? <TextActions task={task} /> : null}
      {task.activityType === "email" ? <EmailActions task={task} /> : null}
      <div className="flex flex-wrap gap-2">
        <OutcomeButton
          task={task}
          outcome="done"
          variant={task.activityType === "letter" ? "primary" : "secondary"}
          label={SEND_LABELS[task.activityType] ?? TASK_OUTCOME_LABELS.done}
        />
        <OutcomeButton task={task} outcome="snoozed" variant="ghost" />
        <OutcomeButton task={task} outcome="skipped" variant="ghost" />
        <SequenceControl propertyId={task.propertyId} action="pause" />
        <SequenceControl propertyId={task.propertyId} action="stop" />
      </div>
    </div>
  );
}
