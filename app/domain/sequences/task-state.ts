/**
 * Whether a sequence's task may be worked now, and why not in words: the API and the Today form answer the same 409s
 * for the same states. Also what a letter or email step does with a lead that has no chosen offer. Pure.
 */
import { pausesSequence } from "./plan.ts";

export const TASK_BEING_WORKED = "This task is being worked already: wait a moment and reload.";
export const SEQUENCE_STOPPED_TASK = "This lead's sequence was stopped: its tasks can no longer be worked. Start it again to follow up.";
export const SEQUENCE_PAUSED_TASK = "This lead's sequence is paused: resume it to work its tasks.";
export const SEQUENCE_PAUSED_BY_STATUS_TASK =
  "This lead is under contract, closed or dead: its sequence is paused and its tasks cannot be worked.";
export const SEQUENCE_REPLIED_TASK = "The seller replied in Messages: the sequence is paused until you resume it.";
export const SEQUENCE_FINISHED_TASK = "This lead's sequence has finished: its tasks can no longer be worked.";
export const PHONE_ON_DNC = "That phone is on the do-not-call list: it may not be contacted. Nothing was recorded.";
export const CHOOSE_OFFER_FIRST =
  "Choose an offer first: this lead has no chosen offer, and its sequence waits for one before it mails or emails an amount.";
export const LETTER_ALREADY_MAILED_NOTE = "Already mailed: this offer's letter was mailed before, so it was not mailed again.";

/**
 * How long a claim holds its step: a step still `working` after this belongs to a request that died (a worker
 * killed, a vendor that never answered), and the next work request or the hourly sweep takes it over. Well within
 * the 24 hours Lob and Resend keep an idempotency key, so the take-over's send is answered the first attempt's piece.
 */
export const STEP_LEASE_MS = 10 * 60_000;

/** A claim taken at `claimedAt` (null: one taken before claims were dated) has outlived its lease at `now`. */
export const claimExpired = (claimedAt: Date | null, now: Date) =>
  claimedAt === null || now.getTime() - claimedAt.getTime() > STEP_LEASE_MS;

export type TaskState = {
  /** The step's own status: pending, working (claimed by a request), done or skipped. */
  stepStatus: string;
  /** A `working` step's claim outlived its lease: the step may be taken over as if pending. */
  claimExpired?: boolean;
  sequenceStatus: string;
  propertyStatus: string;
  /** The seller replied in Messages since the sequence last moved. */
  replied: boolean;
};

/** Why the task cannot be worked now, or null when it can (the claim's own condition, in words). */
export function taskRefusal(state: TaskState, alreadyDone: string): string | null {
  if (state.stepStatus === "done" || state.stepStatus === "skipped") return alreadyDone;
  if (state.stepStatus === "working" && !state.claimExpired) return TASK_BEING_WORKED;
  if (state.sequenceStatus === "stopped") return SEQUENCE_STOPPED_TASK;
  if (state.sequenceStatus === "completed" || state.sequenceStatus === "inactive") return SEQUENCE_FINISHED_TASK;
  if (pausesSequence(state.propertyStatus)) return SEQUENCE_PAUSED_BY_STATUS_TASK;
  if (state.sequenceStatus === "paused") return SEQUENCE_PAUSED_TASK;
  if (state.replied) return SEQUENCE_REPLIED_TASK;
  return null;
}

/**
 * What a letter or email that names an amount does on a lead without a chosen offer: goes without a price ("we
 * would like to make you an offer"), or waits as a task until an offer is chosen. The user chooses on the sequence.
 */
export const WITHOUT_OFFER_CHOICES = ["no_price", "wait"] as const;
export type WithoutOffer = (typeof WITHOUT_OFFER_CHOICES)[number];
export const WITHOUT_OFFER_LABELS: Record<WithoutOffer, string> = {
  no_price: "Send a letter without a price",
  wait: "Wait: the task asks to choose an offer first",
};

/** What a running sequence remembers from its start (the CRM lead row's meta). */
export type SequenceMeta = {
  withoutOffer: WithoutOffer;
  /** The chosen offer the user confirmed above its checks when starting (once; its letters do not ask again). */
  confirmedOffer: number | null;
  /** The steps (by index) that mail their letter again even when the offer's letter was mailed already. */
  mailAgainSteps: number[];
};

export function sequenceMetaOf(value: unknown): SequenceMeta {
  const meta = (value && typeof value === "object" ? value : {}) as Partial<Record<keyof SequenceMeta, unknown>>;
  return {
    withoutOffer: meta.withoutOffer === "wait" ? "wait" : "no_price",
    confirmedOffer: typeof meta.confirmedOffer === "number" ? meta.confirmedOffer : null,
    mailAgainSteps: Array.isArray(meta.mailAgainSteps) ? meta.mailAgainSteps.filter((index) => Number.isInteger(index)) : [],
  };
}

/** A template that names the offer's amount (`{offerAmount}`): the only kind a missing offer changes. */
export const namesAmount = (template: string) => template.includes("{offerAmount}");
