/**
 * What a sequence step does for one lead: when it is due, and whom it reaches. Do-not-call is enforced
 * here, not displayed: a call or text step never targets a phone flagged DNC — its row is written `blocked` and
 * `skipped` — and when no callable phone remains the step falls back to a letter or an email, else it is skipped
 * with the reason.
 */
import { RECIPIENT_TYPES } from "#db/enums.ts";
import { ownerPhones, type PhoneLine } from "#app/domain/leads/phone.ts";
import { addLocalDays, DEFAULT_TIME_ZONE, localDayNumber, startOfNextLocalDay } from "#app/domain/shared/time-zone.ts";

import type { ActivityType, SequenceStep } from "./steps.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

export { RECIPIENT_TYPES };
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** A contact row's status: pending until the step is worked; skipped when it must not (or cannot) be reached. */
export const CONTACT_STATUSES = ["pending", "done", "skipped"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** A phone row: clear to use, blocked (do-not-call), or a wrong number (reported on a call; never used again). */
export type DncStatus = "clear" | "blocked" | "wrong_number";

/** How a lead can be reached: its owner's phones (with DNC flags), emails and mailing address. */
export type Reachability = {
  ownerName: string | null;
  phones: PhoneLine[];
  emails: string[];
  mailingAddress: string | null;
};

/** The property fields reachability is read from (a CRM property row). */
export type ReachableProperty = Parameters<typeof ownerPhones>[0] & {
  ownerName: string | null;
  ownerEmail: string | null;
  ownerEmails: string[] | null;
  ownerMailingAddress: string | null;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string;
};

export function reachabilityOf(property: ReachableProperty): Reachability {
  const emails = [...new Set([property.ownerEmail, ...(property.ownerEmails ?? [])].map((email) => email?.trim().toLowerCase() ?? ""))];
  const place = [property.address, property.city, [property.state, property.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return {
    ownerName: property.ownerName,
    phones: ownerPhones(property),
    emails: emails.filter((email) => email.includes("@")),
    mailingAddress: property.ownerMailingAddress?.trim() || place.trim() || null,
  };
}

export type PlannedContact = {
  recipientName: string | null;
  recipientType: RecipientType;
  recipientValue: string;
  status: ContactStatus;
  dncStatus: DncStatus | null;
};

export type PlannedStep = {
  /** What the step does: the sequence's type, or its fallback when no callable phone remains. */
  activityType: ActivityType;
  contacts: PlannedContact[];
  /** Why the step cannot be worked at all (it is written as skipped), or why it fell back. */
  reason: string | null;
  skipped: boolean;
};

/** Where a phone step goes when no phone may be used: a call to a letter first (it reads as one), a text to an email. */
export const FALLBACKS: Record<"call" | "text", readonly ("letter" | "email")[]> = {
  call: ["letter", "email"],
  text: ["email", "letter"],
};

export const NO_CALLABLE_PHONE = "No callable phone (every phone is on the do-not-call list, a wrong number, or none is known)";
export const NO_TEXTABLE_PHONE =
  "No phone that can take a text (every mobile is on the do-not-call list, a wrong number, or none is known)";
export const NO_EMAIL = "No email address known";
export const NO_ADDRESS = "No mailing address known";

/** A landline cannot take a text; any other phone can. */
const canText = (phone: PhoneLine) => phone.type !== "landline";

function phoneRows(reach: Reachability, usable: (phone: PhoneLine) => boolean): PlannedContact[] {
  return reach.phones.filter(usable).map((phone) => ({
    recipientName: reach.ownerName,
    recipientType: "phone",
    recipientValue: phone.number,
    status: phone.dnc || phone.wrongNumber ? "skipped" : "pending",
    dncStatus: phone.dnc ? "blocked" : phone.wrongNumber ? "wrong_number" : "clear",
  }));
}

function writtenRows(type: "email" | "letter", reach: Reachability): PlannedContact[] {
  const values = type === "email" ? reach.emails : reach.mailingAddress ? [reach.mailingAddress] : [];
  return values.map((value) => ({
    recipientName: reach.ownerName,
    recipientType: type === "email" ? "email" : "address",
    recipientValue: value,
    status: "pending",
    dncStatus: null,
  }));
}

/** The step as it will be worked for this lead: its targets, with DNC phones blocked, or its fallback. */
export function planStep(type: ActivityType, reach: Reachability): PlannedStep {
  if (type === "email" || type === "letter") {
    const contacts = writtenRows(type, reach);
    if (contacts.length > 0) return { activityType: type, contacts, reason: null, skipped: false };
    if (type === "email") {
      const letters = writtenRows("letter", reach);
      if (letters.length > 0) return { activityType: "letter", contacts: letters, reason: NO_EMAIL, skipped: false };
    }
    return { activityType: type, contacts: [], reason: type === "email" ? NO_EMAIL : NO_ADDRESS, skipped: true };
  }
  const phones = phoneRows(reach, type === "text" ? canText : () => true);
  const reason = type === "call" ? NO_CALLABLE_PHONE : NO_TEXTABLE_PHONE;
  if (phones.some((row) => row.status === "pending")) return { activityType: type, contacts: phones, reason: null, skipped: false };
  // The blocked phones stay on record (blocked, skipped) beside the fallback's target.
  for (const fallback of FALLBACKS[type]) {
    const written = writtenRows(fallback, reach);
    if (written.length > 0) return { activityType: fallback, contacts: [...phones, ...written], reason, skipped: false };
  }
  return { activityType: type, contacts: phones, reason, skipped: true };
}

/**
 * When a step is due: the start plus its day number in the user's calendar days (the start's wall-clock time kept, so
 * a daylight-saving change never moves a step to another day).
 */
export function scheduledFor(startedAt: Date, dayNumber: number, zone = DEFAULT_TIME_ZONE): Date {
  return addLocalDays(startedAt, dayNumber, zone);
}

/** Every step of a sequence planned for one lead from `startedAt`, in the user's zone. */
export function planSequence(steps: readonly SequenceStep[], reach: Reachability, startedAt: Date, zone = DEFAULT_TIME_ZONE) {
  return steps.map((step, index) => ({
    index,
    step,
    scheduledFor: scheduledFor(startedAt, step.dayNumber, zone),
    ...planStep(step.activityType, reach),
  }));
}

/** The start of the user's day after `now` (UTC without a zone): a task is due today when it is scheduled before it. */
export function endOfDay(now: Date, zone = DEFAULT_TIME_ZONE): Date {
  return startOfNextLocalDay(now, zone);
}

/** Whole days of the user's calendar a task is late (0 when due today or later). */
export function overdueDays(scheduled: Date, now: Date, zone = DEFAULT_TIME_ZONE): number {
  return Math.max(0, localDayNumber(now, zone) - localDayNumber(scheduled, zone));
}

/** Snooze: tomorrow at the same time, or a day after it was due when that is later (the user's calendar day). */
export function snoozedUntil(scheduled: Date, now: Date, zone = DEFAULT_TIME_ZONE): Date {
  return addLocalDays(new Date(Math.max(scheduled.getTime(), now.getTime())), 1, zone);
}

// --- pause rules ------------------------------------------------------------------------------------------------

/** A lead in one of these statuses is no longer followed up: its sequence pauses. "dead" is for leads imported with it. */
export const PAUSING_STATUSES: readonly string[] = ["under_contract", "closed", "dead"];

export function pausesSequence(status: string): boolean {
  return PAUSING_STATUSES.includes(status);
}

/** Whether a lead's tasks show in Today: its sequence runs and its status does not pause it. */
export function isWorkable(sequenceStatus: string, propertyStatus: string): boolean {
  return sequenceStatus === "active" && !pausesSequence(propertyStatus);
}
