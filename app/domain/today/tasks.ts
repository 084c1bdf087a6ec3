/**
 * The Today queue: every follow-up due today or overdue, ranked — overdue first, then the hottest leads
 * (status, equity, days since last contact, seller type) — and the outcomes that complete a task.
 */
import { z } from "zod";

import type { DncStatus, RecipientType } from "#app/domain/sequences/plan.ts";
import type { ActivityType } from "#app/domain/sequences/steps.ts";
import { hasUnsafeText, unsafeTextMessage } from "#app/domain/shared/text.ts";

import type { BestPhone, CardNumbers } from "./call-card.ts";
import { FollowUpFields, type FollowUp } from "./call-follow-up.ts";

export type TaskContact = { recipientType: RecipientType; recipientValue: string; dncStatus: DncStatus | null };

/** One task as GET /api/tasks/today answers it (the shape), plus what the screen shows. */
export type TodayTask = {
  id: string;
  leadId: string;
  propertyId: string;
  address: string;
  ownerName: string | null;
  activityType: ActivityType;
  dayNumber: number;
  scheduledFor: string;
  /** The user's calendar day it is scheduled on, "YYYY-MM-DD" in their time zone (ADR 096). */
  scheduledDate: string;
  overdueDays: number;
  /** The contacts the step may reach; a DNC phone is listed as blocked, never as a target. */
  contacts: TaskContact[];
  /** The step's message with its placeholders filled in. */
  message: string;
  status: string;
  /** The owner's best phone (DNC shown), whatever the step's type. */
  bestPhone: BestPhone | null;
  /** ARV, max offer and chosen offer, as deal-numbers.ts gives them. */
  numbers: CardNumbers;
  /** The user's calendar day the lead was last contacted ("YYYY-MM-DD"), and the newest note on it. */
  lastTouch: string | null;
  lastNote: string | null;
};

/** What a task card shows and posts (the page's loader data): the API's task without what the card never reads. */
export type TaskCardData = Omit<TodayTask, "leadId" | "scheduledFor" | "status">;

/** A task as its card needs it: less loader data to serialize into a busy Today's page (ADR 096). */
export function taskCardData({ leadId: _leadId, scheduledFor: _scheduledFor, status: _status, ...card }: TodayTask): TaskCardData {
  return card;
}

/** How hot a lead is by its status: the further along, the sooner it is worked. */
export const STATUS_HEAT: Record<string, number> = {
  qualified: 6,
  offer_sent: 5,
  offer_produced: 4,
  contacted: 3,
  analyzed: 2,
  new: 1,
};

/** How motivated a seller type usually is (the lead type), most first. */
export const SELLER_TYPE_HEAT: Record<string, number> = {
  preforeclosure: 6,
  inherited: 5,
  tired_landlord: 4,
  vacant: 3,
  absentee_owner: 2,
  high_equity: 1,
};

/** Days since the last contact count up to this (a lead untouched for months is no hotter than one of a month). */
export const MAX_DAYS_SINCE_CONTACT = 30;

/**
 * The most due tasks Today reads, ranks and counts: the most overdue, a day's work and more, not a backlog of months
 * (ADR 096). A count that reaches it reads "100+".
 */
export const TODAY_LIMIT = 100;

/** How far ahead Today's "Coming up" looks, and how many steps it lists. */
export const UPCOMING_DAYS = 14;
export const UPCOMING_LIMIT = 50;

export type RankedFacts = {
  /** The step's id: the last tie-break, so the order is the same however the tasks came (the page ranks in SQL too). */
  id: string;
  overdueDays: number;
  status: string;
  equityPercentage: number | null;
  daysSinceContact: number | null;
  leadType: string | null;
  scheduledFor: string;
};

/**
 * Today's order: the most overdue first; among equals the hottest lead — status, then equity, then the longest
 * without contact (never contacted counts as the longest), then seller type — and the earliest scheduled, then the
 * step's id, last. today-ranking.server.ts orders by the same keys in SQL: change both together.
 */
export function compareTasks(a: RankedFacts, b: RankedFacts): number {
  const sinceContact = (facts: RankedFacts) => Math.min(facts.daysSinceContact ?? MAX_DAYS_SINCE_CONTACT, MAX_DAYS_SINCE_CONTACT);
  return (
    b.overdueDays - a.overdueDays ||
    (STATUS_HEAT[b.status] ?? 0) - (STATUS_HEAT[a.status] ?? 0) ||
    (b.equityPercentage ?? 0) - (a.equityPercentage ?? 0) ||
    sinceContact(b) - sinceContact(a) ||
    (SELLER_TYPE_HEAT[b.leadType ?? ""] ?? 0) - (SELLER_TYPE_HEAT[a.leadType ?? ""] ?? 0) ||
    // ISO instants order as strings; a plain comparison, not localeCompare's collation (a sort calls it often).
    (a.scheduledFor < b.scheduledFor ? -1 : a.scheduledFor > b.scheduledFor ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

export function rankTasks<T extends RankedFacts>(tasks: readonly T[]): T[] {
  return [...tasks].sort(compareTasks);
}

// --- outcomes -------------------------------------------------------------------------------------------------

/** A call's outcomes (the outcome form), and the task actions every step has. */
export const CALL_OUTCOMES = ["no_answer", "left_voicemail", "talked", "wrong_number", "asked_not_to_call"] as const;
export const TASK_ACTIONS = ["done", "skipped", "snoozed"] as const;
export const TASK_OUTCOMES = [...CALL_OUTCOMES, ...TASK_ACTIONS] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

export const TASK_OUTCOME_LABELS: Record<TaskOutcome, string> = {
  no_answer: "No answer",
  left_voicemail: "Left voicemail",
  talked: "Talked",
  wrong_number: "Wrong number",
  asked_not_to_call: "Asked not to call",
  done: "Done",
  skipped: "Skip",
  snoozed: "Snooze 1 day",
};

/** The outcomes that name a phone: which number was called (the first callable one when not given). */
export const PHONE_OUTCOMES: readonly TaskOutcome[] = ["no_answer", "left_voicemail", "talked", "wrong_number", "asked_not_to_call"];

export const TaskOutcomeSchema = z.object({
  outcome: z.enum(TASK_OUTCOMES, { error: `Outcome must be one of: ${TASK_OUTCOMES.join(", ")}` }),
  phone: z
    .string()
    .trim()
    .max(40, "Phone must be at most 40 characters")
    .refine((value) => !hasUnsafeText(value), unsafeTextMessage("Phone"))
    .optional()
    .transform((value) => value || undefined),
  ...FollowUpFields,
});
export type TaskOutcomeInput = {
  outcome: TaskOutcome;
  phone?: string;
  /** A note kept on the lead with the outcome. */
  note?: string;
  /** What was agreed on a call where the user talked to the seller (read with "talked" only). */
  followUp?: FollowUp;
  /** The call-back day, "YYYY-MM-DD" on the user's calendar (with followUp "call_back"). */
  callBackOn?: string;
};

/** What an outcome does to the task: snooze moves it, skip closes it unworked, the rest complete it. */
export function outcomeEffect(outcome: TaskOutcome): "snooze" | "skip" | "complete" {
  if (outcome === "snoozed") return "snooze";
  if (outcome === "skipped") return "skip";
  return "complete";
}

export const TASK_NOT_FOUND = "Task not found";
export const TASK_ALREADY_DONE = "This task is already done";
export const PHONE_NOT_ON_TASK = "That phone is not one of this task's numbers";
