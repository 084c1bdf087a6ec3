/**
 * What a Today outcome does to the lead beyond the task: a call where the user talked to the seller makes the lead
 * Contacted (never back from further along) and asks what was agreed, which pauses, ends or keeps the sequence; a
 * note is kept on the lead. Pure: the services turn these into guarded statements of the outcome's batch.
 */
import { z } from "zod";

import type { PropertyStatus } from "#db/enums.ts";
import { statusGroupOf, statusWithGroup } from "#app/domain/leads/status-groups.ts";
import { DAY_MS } from "#app/domain/sequences/plan.ts";
import { plainText } from "#app/domain/shared/text.ts";
import { addLocalDays, dayNumberDate, localDayNumber } from "#app/domain/shared/time-zone.ts";

/** What was agreed on a call: the follow-up choices of "Talked" ("keep": carry on with the sequence as planned). */
export const FOLLOW_UPS = ["keep", "make_offer", "call_back", "not_interested", "under_contract"] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];

export const FOLLOW_UP_LABELS: Record<FollowUp, string> = {
  keep: "Keep following up",
  make_offer: "Make an offer",
  call_back: "Call back on a date",
  not_interested: "Not interested",
  under_contract: "Under contract",
};

/** What a follow-up does to the sequence: pause it (the user works the lead by hand), end it, or keep it running. */
export const FOLLOW_UP_SEQUENCE: Record<FollowUp, "keep" | "pause" | "stop"> = {
  keep: "keep",
  // The offer is made from the lead's card; the sequence waits rather than mailing its own letters meanwhile.
  make_offer: "pause",
  // The call task itself moves to the agreed day; the rest of the sequence keeps its course.
  call_back: "keep",
  not_interested: "stop",
  under_contract: "stop",
};

/** The lead's status after "Talked" with `followUp`: Contacted from New (and what New holds), else as it was. */
export function statusAfterTalk(status: PropertyStatus, followUp: FollowUp): PropertyStatus {
  if (followUp === "under_contract") return "under_contract";
  return statusGroupOf(status) === "new" ? "contacted" : status;
}

export const NOTE_MAX = 2000;
export const CALL_BACK_DATE_REQUIRED = "Choose the day to call back";
export const CALL_BACK_IN_PAST = "The call-back day must be today or later";

/** The note a card posts: trimmed, without control characters, empty → none. */
export const NoteSchema = plainText(z.string().trim().max(NOTE_MAX, `The note must be at most ${NOTE_MAX} characters`), "The note")
  .optional()
  .transform((value) => value || undefined);

/** The fields "Talked" adds to an outcome: what was agreed, and the call-back day ("YYYY-MM-DD", the user's calendar). */
export const FollowUpFields = {
  note: NoteSchema,
  followUp: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(FOLLOW_UPS, { error: `What was agreed must be one of: ${FOLLOW_UPS.join(", ")}` }).optional(),
  ),
  callBackOn: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, "The call-back day must be a date")
    .optional()
    .transform((value) => value || undefined),
};

/** How far ahead a call back may be set. */
export const CALL_BACK_MAX_DAYS = 365;
export const CALL_BACK_TOO_FAR = `The call-back day must be within ${CALL_BACK_MAX_DAYS} days`;

/**
 * When the call back is due: `day` ("YYYY-MM-DD" on the user's calendar) at the wall-clock time of `now`; a refusal
 * in words for a day gone or too far.
 */
export function callBackAt(day: string | undefined, now: Date, zone: string): { ok: true; at: Date } | { ok: false; message: string } {
  if (!day) return { ok: false, message: CALL_BACK_DATE_REQUIRED };
  const [year, month, date] = day.split("-").map(Number);
  const target = Date.UTC(year, month - 1, date) / DAY_MS;
  // Date.UTC rolls 2026-02-31 into March: only a day that reads back as given is one.
  if (!Number.isInteger(target) || dayNumberDate(target) !== day) return { ok: false, message: "The call-back day must be a date" };
  const today = localDayNumber(now, zone);
  if (target < today) return { ok: false, message: CALL_BACK_IN_PAST };
  if (target - today > CALL_BACK_MAX_DAYS) return { ok: false, message: CALL_BACK_TOO_FAR };
  return { ok: true, at: addLocalDays(now, target - today, zone) };
}

/** What a "Talked" toast says happened: the lead's status and what became of the sequence. */
export function talkedText(followUp: FollowUp, leadStatus: string, callBackOn?: string): string {
  const status = `The lead is ${statusWithGroup(leadStatus)}`;
  switch (followUp) {
    case "make_offer":
      return `${status}; its sequence is paused: make the offer from the lead's card.`;
    case "call_back":
      return `${status}; the call is moved to ${callBackOn ?? "the day chosen"}.`;
    case "not_interested":
      return `${status}; its sequence is stopped.`;
    case "under_contract":
      return `${status}, its deal in Closing; its sequence is stopped.`;
    default:
      return `${status}.`;
  }
}
