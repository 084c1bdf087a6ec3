/**
 * Follow-up sequences: an ordered list of steps, each a day number counted from the start, an activity
 * type and a template. Every user starts with the default "New seller lead" (editable on /sequences, ADR 075). No drizzle or zod import: the shell's
 * chunks (the dashboard's Today link, the CRM card's Start form) use it. The schemas are in ./step-schema.ts.
 */
import { ACTIVITY_TYPES } from "#db/enums.ts";

export { ACTIVITY_TYPES };
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = { call: "Call", text: "Text", email: "Email", letter: "Letter" };

/** `mailAgain` (a letter step): mail this letter even when the offer's letter was mailed already (a reminder). */
export type SequenceStep = { dayNumber: number; activityType: ActivityType; template: string; mailAgain?: boolean };

export const DEFAULT_SEQUENCE_NAME = "New seller lead";

/** The default sequence every user starts with: Day 0 call, 1 text, 3 letter, 7 call, 14 email, 30 letter. */
export const DEFAULT_SEQUENCE_STEPS: readonly SequenceStep[] = [
  {
    dayNumber: 0,
    activityType: "call",
    template: "Hi {ownerFirstName}, this is {companyName}. I'm calling about {address}: would you consider an offer?",
  },
  {
    dayNumber: 1,
    activityType: "text",
    template: "Hi {ownerFirstName}, {companyName} here. We'd like to make a cash offer on {address}. Is it a good time to talk?",
  },
  {
    dayNumber: 3,
    activityType: "letter",
    template: "Dear {ownerFirstName},\n\nWe would like to buy {address} for {offerAmount}, as is, with no fees.\n\n{companyName}",
  },
  {
    dayNumber: 7,
    activityType: "call",
    template: "Follow up on the letter about {address}; our offer is {offerAmount}.",
  },
  {
    dayNumber: 14,
    activityType: "email",
    template: "Hi {ownerFirstName},\n\nOur offer of {offerAmount} for {address} still stands. Reply any time.\n\n{companyName}",
  },
  {
    dayNumber: 30,
    activityType: "letter",
    template:
      "Dear {ownerFirstName},\n\nIf you are still thinking about selling {address}, our offer of {offerAmount} stands.\n\n{companyName}",
    mailAgain: true,
  },
];

/** What a call or text step that fell back (no callable phone) sends instead: its own words would read as a script. */
export const FALLBACK_TEMPLATES: Record<"letter" | "email", string> = {
  letter:
    "Dear {ownerFirstName},\n\nWe tried to reach you about {address}. We would like to buy it for {offerAmount}, as is.\n\n{companyName}",
  email:
    "Hi {ownerFirstName},\n\nWe tried to reach you about {address}: we would like to make you an offer of {offerAmount}.\n\n{companyName}",
};

/** The template a step is worked with: its own, or its fallback's when a call or text went as a letter or an email. */
export function templateFor(step: { plannedType: string | null; activityType: string; template: string | null }): string {
  const fellBack = step.plannedType !== null && step.plannedType !== step.activityType;
  if (fellBack && (step.activityType === "letter" || step.activityType === "email")) return FALLBACK_TEMPLATES[step.activityType];
  return step.template ?? "";
}

/** What the user can do to a running (or paused) sequence. */
export const SEQUENCE_ACTIONS = ["pause", "resume", "stop"] as const;
export type SequenceAction = (typeof SEQUENCE_ACTIONS)[number];
export const SEQUENCE_ACTION_LABELS: Record<SequenceAction, string> = {
  pause: "Pause sequence",
  resume: "Resume sequence",
  stop: "Stop sequence",
};

/** A lead's sequence status (leads.sequence_status). */
export const SEQUENCE_STATUSES = ["inactive", "active", "paused", "stopped", "completed"] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
