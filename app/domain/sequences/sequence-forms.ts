/** The Today page's form posts (without JavaScript too): work a task, or start a sequence on a lead. */
import { z } from "zod";

import { NoteSchema } from "#app/domain/today/call-follow-up.ts";
import { TaskOutcomeSchema } from "#app/domain/today/tasks.ts";

import { SEQUENCE_ACTIONS } from "./steps.ts";

const id = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(64, `${label} not found`);

/** "Confirm anyway" (a second post after the chosen offer's warnings): present and "1"/"true" → confirmed. */
const confirmField = z.preprocess((value) => value === "1" || value === "true", z.boolean()).optional();

/**
 * A task card's one actions form carries the task and its lead; its buttons send either `outcome` (Done, Snooze 1
 * day, Skip: working the task) or `intent` (Pause, Stop: the sequence). A post with an outcome and no intent works
 * the task, so one form serves both (docs/today.md, ADR 096).
 */
const workByDefault = (value: unknown) =>
  value && typeof value === "object" && !("intent" in value) && "outcome" in value ? { ...value, intent: "work" } : value;

/** A post that is none of the card's buttons (a stale or hand-made form), in the page's words rather than zod's. */
export const TODAY_UNKNOWN_ACTION =
  "Choose Done, Snooze 1 day, Skip or Save note for a task, or Start, Pause, Resume or Stop for a sequence";
export const NOTE_REQUIRED = "Write the note first";

export const TodayFormSchema = z.preprocess(
  workByDefault,
  z.discriminatedUnion(
    "intent",
    [
      TaskOutcomeSchema.extend({ intent: z.literal("work"), taskId: id("Task") }),
      z.object({ intent: z.literal("start"), propertyId: id("Lead"), confirm: confirmField }),
      z.object({ intent: z.literal("note"), taskId: id("Task"), note: NoteSchema.refine((value) => value !== undefined, NOTE_REQUIRED) }),
      z.object({ intent: z.enum(SEQUENCE_ACTIONS), propertyId: id("Lead") }),
    ],
    { error: TODAY_UNKNOWN_ACTION },
  ),
);
export type TodayForm = z.infer<typeof TodayFormSchema>;
