/**
 * A Today task as a call-list card: the lead (a link to its card in the CRM), its owner, the owner's best phone with
 * its do-not-call state (a `tel:`/`sms:` link only when it may be called), the deal numbers (ARV, max offer, chosen
 * offer), the last touch and newest note, the step's contacts and message, and the actions form.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { Badge } from "#app/components/ui/badge.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { useSeesMoney } from "#app/components/workspaces/use-sees-money.ts";
import { crmHref } from "#app/domain/leads/crm-view.ts";
import { formatPhone, toE164 } from "#app/domain/leads/phone.ts";
import { ACTIVITY_TYPE_LABELS } from "#app/domain/sequences/steps.ts";
import { formatDate, formatMoney } from "#app/domain/shared/format.ts";
import type { BestPhone } from "#app/domain/today/call-card.ts";
import type { TaskCardData, TaskContact } from "#app/domain/today/tasks.ts";

import { TaskActions } from "./task-actions.tsx";

const dial = (phone: string) => toE164(phone) ?? phone.replace(/[^\d+]/g, "");
const phoneText = (phone: string) => formatPhone(toE164(phone)) || phone;

function PhoneFlag({ flag }: { flag: "dnc" | "wrong_number" | null }) {
  if (flag === "dnc")
    return (
      <span
        className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-800"
        title="On the do-not-call list: never called or texted"
      >
        DNC
      </span>
    );
  if (flag === "wrong_number")
    return (
      <span
        className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900"
        title="Reported a wrong number: never called or texted"
      >
        Wrong number
      </span>
    );
  return null;
}

const flagOf = (contact: TaskContact) =>
  contact.dncStatus === "blocked" ? "dnc" : contact.dncStatus === "wrong_number" ? "wrong_number" : null;

function ContactLine({ contact }: { contact: TaskContact }) {
  const value = contact.recipientType === "phone" ? phoneText(contact.recipientValue) : contact.recipientValue;
  const flag = flagOf(contact);
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className={flag ? "text-slate-500 line-through" : undefined}>{value}</span>
      <PhoneFlag flag={flag} />
    </li>
  );
}

/** The owner's best phone: Call and Text links when it may be called, else the number struck through with why. */
function BestPhoneLine({ phone, message }: { phone: BestPhone | null; message: string }) {
  if (!phone) return <p className="text-sm text-slate-600">Best phone: none on record</p>;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-slate-600">Best phone:</span>
      <span
        className={phone.callable ? "font-semibold text-slate-900" : "text-slate-500 line-through"}
      >{`${phoneText(phone.number)} (${phone.type})`}</span>
      <PhoneFlag flag={phone.flag} />
      {phone.callable ? (
        <>
          <a href={`tel:${dial(phone.number)}`} className={buttonClass("primary", "", "sm")}>
            {`Call ${phoneText(phone.number)}`}
          </a>
          <a href={`sms:${dial(phone.number)}?&body=${encodeURIComponent(message)}`} className={buttonClass("secondary", "", "sm")}>
            {`Text ${phoneText(phone.number)}`}
          </a>
        </>
      ) : null}
    </div>
  );
}

/** An email step: a mailto: link per address with the step's message. */
function EmailLinks({ task }: { task: TaskCardData }) {
  const emails = task.contacts.filter((contact) => contact.recipientType === "email");
  if (task.activityType !== "email" || emails.length === 0) return null;
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

function dueLabel(task: TaskCardData): string {
  if (task.overdueDays === 0) return "Due today";
  return `${task.overdueDays} day${task.overdueDays === 1 ? "" : "s"} overdue`;
}

/** ARV · Max offer · Offer, one line (N/A where there is none yet). */
function NumbersLine({ task }: { task: TaskCardData }) {
  const { arv, maxOffer, offer } = task.numbers;
  return (
    <p className="text-sm text-slate-700" data-testid="task-numbers">
      {`ARV ${formatMoney(arv)} · Max offer ${formatMoney(maxOffer)} · Offer ${formatMoney(offer)}`}
    </p>
  );
}

function LastTouch({ task }: { task: TaskCardData }) {
  const when = task.lastTouch ? formatDate(task.lastTouch) : "never";
  return (
    <p className="text-sm text-slate-600">
      {`Last touch: ${when}`}
      {task.lastNote ? <span className="block whitespace-pre-line text-slate-700">{`Note: ${task.lastNote}`}</span> : null}
    </p>
  );
}

/** `footer`: what the page adds under the actions (the owner's reassign form). */
export function TaskCard({ task, shortcuts, footer }: { task: TaskCardData; shortcuts: boolean; footer?: ReactNode }) {
  const money = useSeesMoney();
  const type = ACTIVITY_TYPE_LABELS[task.activityType];
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-label={`${type}: ${task.address}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {/* One string each, not several text nodes (React marks each boundary in the HTML). */}
          <h2 className="text-base font-semibold text-slate-900">
            {`${type} · `}
            <Link to={crmHref({ status: "all", q: "", lead: task.propertyId })} className="text-brand-700 underline">
              {task.address}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">
            {`Owner: ${task.ownerName ?? "unknown"} · Day ${task.dayNumber} · scheduled ${formatDate(task.scheduledDate)}`}
          </p>
        </div>
        <Badge tone={task.overdueDays > 0 ? "orange" : "sky"}>{dueLabel(task)}</Badge>
      </div>
      <div className="mt-2 grid gap-1">
        <BestPhoneLine phone={task.bestPhone} message={task.message} />
        {money ? <NumbersLine task={task} /> : null}
        <LastTouch task={task} />
      </div>
      {task.contacts.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Contacts">
          {task.contacts.map((contact) => (
            <ContactLine key={`${contact.recipientType}:${contact.recipientValue}`} contact={contact} />
          ))}
        </ul>
      ) : null}
      {task.message ? <p className="mt-2 rounded-md bg-slate-50 p-2 text-sm whitespace-pre-line text-slate-700">{task.message}</p> : null}
      <EmailLinks task={task} />
      <TaskActions task={task} shortcuts={shortcuts} />
      {footer}
    </li>
  );
}
