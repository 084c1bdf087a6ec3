/** The zod schemas of sequence steps (the Sequences editor's and the API's boundary). */
import { z } from "zod";

import { ACTIVITY_TYPES, type SequenceStep } from "./steps.ts";

/** The longest a sequence may run, in days, and the most steps it may have. */
export const MAX_SEQUENCE_DAY = 365;
export const MAX_SEQUENCE_STEPS = 20;
export const MAX_TEMPLATE_LENGTH = 2000;

export const SequenceStepSchema: z.ZodType<SequenceStep> = z.object({
  dayNumber: z
    .number({ error: "Day must be a number" })
    .int("Day must be a whole number")
    .min(0, "Day cannot be negative")
    .max(MAX_SEQUENCE_DAY, `Day must be at most ${MAX_SEQUENCE_DAY}`),
  activityType: z.enum(ACTIVITY_TYPES, { error: "Activity must be one of: call, text, email, letter" }),
  template: z.string().max(MAX_TEMPLATE_LENGTH, `A template must be at most ${MAX_TEMPLATE_LENGTH} characters`),
});

/** A sequence's steps: at least one, in day order (equal days keep their order). */
export const SequenceStepsSchema = z
  .array(SequenceStepSchema)
  .min(1, "A sequence needs at least one step")
  .max(MAX_SEQUENCE_STEPS, `A sequence has at most ${MAX_SEQUENCE_STEPS} steps`)
  .refine(
    (steps) => steps.every((step, index) => index === 0 || steps[index - 1].dayNumber <= step.dayNumber),
    "Steps must be in day order",
  );
